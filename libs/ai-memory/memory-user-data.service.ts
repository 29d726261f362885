import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { KeyedUserDataItem, KeyedUserDataQuery } from '@app/common';
import { runStatement } from '@app/database';
import { JUDGMENT_COLUMNS, JudgmentRow, judgmentView } from './judgment-view';

/** Knowledge of no organization belongs to the whole key, so every organization's export lists the user's. */
const SOURCE_IN_ORGANIZATIONS = `(s.organization_id IS NULL OR $2::text[] IS NULL OR s.organization_id = ANY($2::text[]))`;

/**
 * GDPR for AI memory: the judgments a user made and the knowledge files filed under them (ingest's
 * `user`), listed for users/data/get; users/data/delete deletes both (with the files' chunks and
 * rules) and clears the user from dismissed alerts. Patterns and profiles are derived on read, so they
 * forget the user with the judgments.
 */
@Injectable()
export class MemoryUserData {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Judgments then uploads, oldest first after the (createdAt, key) cursor; keys `j <id>` and `s <id>`. */
  async items({ apiKeyId, organizationId, userId, after, limit }: KeyedUserDataQuery): Promise<KeyedUserDataItem[]> {
    const judgments: JudgmentRow[] = await this.dataSource.query(
      `SELECT ${JUDGMENT_COLUMNS} FROM memory_judgment t
        WHERE t.api_key_id = $1 AND t.organization_id = $2 AND t.reviewer_id = $3 AND (t.created_at, 'j ' || t.id) > ($4::bigint, $5::text)
        ORDER BY t.created_at, t.id LIMIT $6`,
      [apiKeyId, organizationId, userId, after[0], after[1], limit],
    );
    const sources: Array<{
      id: string;
      file_name: string | null;
      mime_type: string;
      uploaded_at: string;
      organization_id: string | null;
    }> = await this.dataSource.query(
      `SELECT s.id, s.file_name, s.mime_type, s.uploaded_at, s.organization_id FROM memory_knowledge_source s
          WHERE s.api_key_id = $1 AND ${SOURCE_IN_ORGANIZATIONS} AND s.uploaded_by = $3 AND (s.uploaded_at, 's ' || s.id) > ($4::bigint, $5::text)
          ORDER BY s.uploaded_at, s.id LIMIT $6`,
      [apiKeyId, [organizationId], userId, after[0], after[1], limit],
    );
    return [
      ...judgments.map((row) => ({
        createdAt: row.created_at,
        key: `j ${row.id}`,
        view: { kind: 'judgment', ...judgmentView(row) },
      })),
      ...sources.map((row) => ({
        createdAt: row.uploaded_at,
        key: `s ${row.id}`,
        view: {
          kind: 'knowledgeSource',
          sourceId: row.id,
          fileName: row.file_name,
          mimeType: row.mime_type,
          organizationId: row.organization_id,
          uploadedAt: Number(row.uploaded_at),
        },
      })),
    ]
      .sort((a, b) => Number(a.createdAt) - Number(b.createdAt) || (a.key < b.key ? -1 : 1))
      .slice(0, limit);
  }

  /** Deletes up to `limit` of the user's judgments and uploads on the caller's transaction (null organizations: all). */
  async erase(
    manager: EntityManager,
    apiKeyId: string,
    organizations: string[] | null,
    userId: string,
    limit: number,
  ): Promise<{ erased: number; completed: boolean }> {
    const judgments = await runStatement(
      manager,
      `DELETE FROM memory_judgment t WHERE t.ctid = ANY(ARRAY(SELECT t.ctid FROM memory_judgment t
          WHERE t.api_key_id = $1 AND t.reviewer_id = $3 AND ($2::text[] IS NULL OR t.organization_id = ANY($2::text[])) LIMIT $4))`,
      [apiKeyId, organizations, userId, limit],
    );
    // A duplicate points at its original: the user's duplicates go first, then originals no one else's duplicate needs.
    const sources = await runStatement(
      manager,
      `DELETE FROM memory_knowledge_source s WHERE s.ctid = ANY(ARRAY(SELECT s.ctid FROM memory_knowledge_source s
          WHERE s.api_key_id = $1 AND s.uploaded_by = $3 AND ${SOURCE_IN_ORGANIZATIONS}
            AND NOT EXISTS (SELECT 1 FROM memory_knowledge_source d WHERE d.api_key_id = s.api_key_id AND d.dedup_of = s.id
                              AND d.uploaded_by IS DISTINCT FROM $3)
          ORDER BY s.dedup_of IS NULL LIMIT $4))`,
      [apiKeyId, organizations, userId, limit],
    );
    const alerts = await runStatement(
      manager,
      `UPDATE memory_alert SET dismissed_by = '' WHERE ctid = ANY(ARRAY(SELECT ctid FROM memory_alert
          WHERE api_key_id = $1 AND dismissed_by = $2 LIMIT $3))`,
      [apiKeyId, userId, limit],
    );
    return {
      erased: judgments.affected + sources.affected + alerts.affected,
      completed: judgments.affected < limit && sources.affected < limit && alerts.affected < limit,
    };
  }
}
