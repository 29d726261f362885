import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { runStatement } from '@app/database';

/**
 * An editor holding the user's id: as its last writer (`crdt_editor`), on an update not yet compacted
 * (`crdt_update`), on its history (`crdt_history`) or as the creator of versions (`crdt_version`, listed).
 */
export interface UserCrdtEditor {
  documentId: string;
  editorId: string;
  view: { organizationId: string; documentId: string; editorId: string; lastUpdate: number; versionIds: string[] };
}

/** One erasure batch: rows anonymized, and whether none of the user's attribution is left. */
export interface CrdtErasure {
  erased: number;
  completed: boolean;
}

const SCOPE = `api_key_id = $1 AND ($2::text[] IS NULL OR organization_id = ANY($2::text[]))`;

/** The rows naming a user by a single-column key, in the order erasure clears them: the log first. */
const ATTRIBUTED_ROWS = [
  { table: 'crdt_update', id: 'id', user: 'user_id' },
  { table: 'crdt_history', id: 'id', user: 'user_id' },
  { table: 'crdt_version', id: 'seq', user: 'created_by' },
] as const;

/**
 * GDPR: the user ids stored beside Yjs content, listed for users/data/get and anonymized in bounded
 * batches by users/data/delete. The content stays, in the current state and in every version: a shared
 * document's text does not go because one of its authors left, and Yjs updates carry no user ids (only
 * random client ids), so nothing left ties that text to the user.
 */
@Injectable()
export class CrdtUserData {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * In (documentId, editorId) order after the cursor; `lastUpdate` (epoch ms) is the latest change
   * attributed to the user (or version they created), `versionIds` the versions they created, oldest first.
   */
  async editors(
    apiKeyId: string,
    organizationId: string,
    userId: string,
    after: [string, string],
    limit: number,
  ): Promise<UserCrdtEditor[]> {
    const rows = await this.dataSource.query<
      Array<{ documentId: string; editorId: string; lastUpdate: Date; versionIds: string[] }>
    >(
      `SELECT document_id AS "documentId", editor_id AS "editorId", max(at) AS "lastUpdate",
              COALESCE(array_agg(version_id ORDER BY seq) FILTER (WHERE version_id IS NOT NULL), '{}') AS "versionIds" FROM (
         SELECT document_id, editor_id, updated_at AS at, NULL AS version_id, NULL::bigint AS seq FROM crdt_editor
          WHERE api_key_id = $1 AND organization_id = $2 AND last_updated_by = $3 AND (document_id, editor_id) > ($4, $5)
         UNION ALL
         SELECT document_id, editor_id, created_at, NULL, NULL FROM crdt_update
          WHERE api_key_id = $1 AND organization_id = $2 AND user_id = $3 AND (document_id, editor_id) > ($4, $5)
         UNION ALL
         SELECT document_id, editor_id, last_at, NULL, NULL FROM crdt_history
          WHERE api_key_id = $1 AND organization_id = $2 AND user_id = $3 AND (document_id, editor_id) > ($4, $5)
         UNION ALL
         SELECT document_id, editor_id, created_at, version_id, seq FROM crdt_version
          WHERE api_key_id = $1 AND organization_id = $2 AND created_by = $3 AND (document_id, editor_id) > ($4, $5)) attributed
        GROUP BY document_id, editor_id ORDER BY document_id, editor_id LIMIT $6`,
      [apiKeyId, organizationId, userId, after[0], after[1], limit],
    );
    return rows.map(({ documentId, editorId, lastUpdate, versionIds }) => ({
      documentId,
      editorId,
      view: { organizationId, documentId, editorId, lastUpdate: lastUpdate.getTime(), versionIds },
    }));
  }

  /**
   * Sets the user's id to NULL on the caller's transaction (null organizations: all), the log
   * first, one table per batch: compaction locks an editor row, then its log rows, and copies the
   * log rows' users onto the history and the last one's onto the editor, so once no log row names
   * the user none can bring the id back, and a batch that locked the tables in another order could
   * deadlock with it. Then the history, the versions' creators, and the editors.
   * `completed` counts the rows picked, not the rows changed: a row a compaction changed
   * meanwhile no longer names the user, but rows past the batch might.
   */
  async erase(
    manager: EntityManager,
    apiKeyId: string,
    organizations: string[] | null,
    userId: string,
    limit: number,
  ): Promise<CrdtErasure> {
    const params = [apiKeyId, organizations, userId, limit];
    for (const { table, id, user } of ATTRIBUTED_ROWS) {
      const batch = await this.anonymize(
        manager,
        `WITH picked AS (SELECT ${id} FROM ${table} WHERE ${SCOPE} AND ${user} = $3 LIMIT $4),
         erased AS (UPDATE ${table} r SET ${user} = NULL FROM picked p WHERE r.${id} = p.${id} AND r.${user} = $3 RETURNING 1)`,
        params,
      );
      if (batch.picked > 0) return { erased: batch.erased, completed: false };
    }
    const editors = await this.anonymize(
      manager,
      `WITH picked AS (SELECT organization_id, document_id, editor_id FROM crdt_editor WHERE ${SCOPE} AND last_updated_by = $3 LIMIT $4),
       erased AS (UPDATE crdt_editor e SET last_updated_by = NULL FROM picked p
                   WHERE e.api_key_id = $1 AND e.organization_id = p.organization_id AND e.document_id = p.document_id
                     AND e.editor_id = p.editor_id AND e.last_updated_by = $3 RETURNING 1)`,
      params,
    );
    return { erased: editors.erased, completed: editors.picked < limit };
  }

  private async anonymize(
    manager: EntityManager,
    ctes: string,
    params: unknown[],
  ): Promise<{ picked: number; erased: number }> {
    const { rows } = await runStatement<{ picked: number; erased: number }>(
      manager,
      `${ctes} SELECT (SELECT count(*) FROM picked)::int AS picked, (SELECT count(*) FROM erased)::int AS erased`,
      params,
    );
    return rows[0];
  }
}
