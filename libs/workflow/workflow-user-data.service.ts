import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { KeyedUserDataItem, KeyedUserDataQuery } from '@app/common';
import { runStatement } from '@app/database';

/** Executions of no organization belong to the whole key, so every organization's export lists them. */
const IN_ORGANIZATIONS = `(e.organization_id IS NULL OR $2::text[] IS NULL OR e.organization_id = ANY($2::text[]))`;

/**
 * GDPR for review workflows: the decisions a user recorded (reviewer decisions, agent resolutions,
 * operator overrides), listed for users/data/get; users/data/delete anonymises them and the events
 * naming the user as actor. The decisions stay, so an execution's audit trail keeps its shape.
 */
@Injectable()
export class WorkflowUserData {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Oldest first after the (createdAt, key) cursor. */
  async decisions({
    apiKeyId,
    organizationId,
    userId,
    after,
    limit,
  }: KeyedUserDataQuery): Promise<KeyedUserDataItem[]> {
    const rows: Array<{
      created_at: string;
      key: string;
      execution_id: string;
      definition_id: string;
      step_id: string;
      decision: string;
      reason: string | null;
    }> = await this.dataSource.query(
      `SELECT r.created_at, r.execution_id || ' ' || r.step_id || ' ' || r.response_key AS key,
              r.execution_id, e.definition_id, r.step_id, r.decision, r.reason
         FROM workflow_step_response r JOIN workflow_execution e ON e.execution_id = r.execution_id
        WHERE r.api_key_id = $1 AND r.responder_id = $3 AND ${IN_ORGANIZATIONS}
          AND (r.created_at, r.execution_id || ' ' || r.step_id || ' ' || r.response_key) > ($4::bigint, $5::text)
        ORDER BY 1, 2 LIMIT $6`,
      [apiKeyId, [organizationId], userId, after[0], after[1], limit],
    );
    return rows.map((row) => ({
      createdAt: row.created_at,
      key: row.key,
      view: {
        executionId: row.execution_id,
        definitionId: row.definition_id,
        stepId: row.step_id,
        decision: row.decision,
        reason: row.reason,
        createdAt: Number(row.created_at),
      },
    }));
  }

  /**
   * Anonymises up to `limit` of the user's decisions and of the events naming the user, on the
   * caller's transaction (null organizations: all); completed when both are done.
   */
  async erase(
    manager: EntityManager,
    apiKeyId: string,
    organizations: string[] | null,
    userId: string,
    limit: number,
  ): Promise<{ erased: number; completed: boolean }> {
    const responses = await runStatement(
      manager,
      `UPDATE workflow_step_response r
          SET responder_id = '', reason = NULL,
              response_key = CASE WHEN r.response_key = $3 THEN 'erased:' || md5(random()::text) ELSE r.response_key END
        WHERE r.ctid = ANY(ARRAY(SELECT r.ctid FROM workflow_step_response r
                JOIN workflow_execution e ON e.execution_id = r.execution_id
               WHERE r.api_key_id = $1 AND r.responder_id = $3 AND ${IN_ORGANIZATIONS} LIMIT $4))`,
      [apiKeyId, organizations, userId, limit],
    );
    const events = await runStatement(
      manager,
      `UPDATE workflow_event v SET actor_id = NULL, data = v.data - 'actorId'
        WHERE v.ctid = ANY(ARRAY(SELECT v.ctid FROM workflow_event v
                JOIN workflow_execution e ON e.execution_id = v.execution_id
               WHERE v.api_key_id = $1 AND v.actor_id = $3 AND ${IN_ORGANIZATIONS} LIMIT $4))`,
      [apiKeyId, organizations, userId, limit],
    );
    const outputs = await runStatement(
      manager,
      `UPDATE workflow_step s SET output = s.output - 'rejectedBy' - 'resolvedBy'
        WHERE s.ctid = ANY(ARRAY(SELECT s.ctid FROM workflow_step s
                JOIN workflow_execution e ON e.execution_id = s.execution_id
               WHERE s.api_key_id = $1 AND (s.output->>'rejectedBy' = $3 OR s.output->>'resolvedBy' = $3)
                 AND ${IN_ORGANIZATIONS} LIMIT $4))`,
      [apiKeyId, organizations, userId, limit],
    );
    return {
      erased: responses.affected + events.affected + outputs.affected,
      completed: responses.affected < limit && events.affected < limit && outputs.affected < limit,
    };
  }
}
