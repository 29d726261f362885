import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { KeyedUserDataItem, KeyedUserDataQuery } from '@app/common';
import { runStatement } from '@app/database';

/**
 * GDPR for review agents: the runs a user started (`ranBy`), listed for users/data/get and
 * anonymised by users/data/delete; the runs stay. The findings of those runs are comments by the
 * user, so the comment module's export and erasure cover them.
 */
@Injectable()
export class AgentUserData {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Oldest first after the (startedAt, id) cursor, as the item's (createdAt, key). */
  async runs({ apiKeyId, organizationId, userId, after, limit }: KeyedUserDataQuery): Promise<KeyedUserDataItem[]> {
    const rows = await this.dataSource.query<
      Array<{
        id: string;
        started_at: string;
        agent_id: string;
        agent_name: string;
        document_id: string;
        ran_by: unknown;
        status: string;
      }>
    >(
      `SELECT id, started_at, agent_id, agent_name, document_id, ran_by, status FROM agent_execution
        WHERE api_key_id = $1 AND organization_id = $2 AND ran_by_user_id = $3 AND (started_at, id) > ($4::bigint, $5::text)
        ORDER BY started_at, id LIMIT $6`,
      [apiKeyId, organizationId, userId, after[0], after[1], limit],
    );
    return rows.map((row) => ({
      createdAt: row.started_at,
      key: row.id,
      view: {
        executionId: row.id,
        agentId: row.agent_id,
        agentName: row.agent_name,
        documentId: row.document_id,
        status: row.status,
        ranBy: row.ran_by,
        startedAt: Number(row.started_at),
      },
    }));
  }

  /** Forgets who started up to `limit` of the user's runs (null organizations: all); completed when none is left. */
  async erase(
    manager: EntityManager,
    apiKeyId: string,
    organizations: string[] | null,
    userId: string,
    limit: number,
  ): Promise<{ erased: number; completed: boolean }> {
    const result = await runStatement(
      manager,
      `UPDATE agent_execution SET ran_by = NULL, ran_by_user_id = NULL
        WHERE ctid = ANY(ARRAY(SELECT ctid FROM agent_execution
               WHERE api_key_id = $1 AND ran_by_user_id = $3 AND ($2::text[] IS NULL OR organization_id = ANY($2::text[])) LIMIT $4))`,
      [apiKeyId, organizations, userId, limit],
    );
    return { erased: result.affected, completed: result.affected < limit };
  }
}
