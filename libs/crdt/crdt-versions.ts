import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { runStatement } from '@app/database';
import { ApiError } from '@app/common';
import { CrdtKey } from './crdt-key';
import { compactIn, CRDT_SQL, CRDT_VERSION_DEFAULTS, keyParams, OnUndecodable, TransactionQuery } from './crdt-log';
import { CrdtUndecodable } from './crdt-undecodable';
import { HistoryPart } from './crdt-history';
import { VersionKind } from './entities';

/** Velt's NOT_FOUND message for an editor without content. */
export const NO_CRDT_DATA = 'No CRDT data found for this editor ID.';

/** A version as stored; `historyId` is the last history row it holds. */
export interface StoredVersion {
  seq: string;
  versionId: string;
  name: string | null;
  kind: VersionKind;
  historyId: string;
  createdBy: string | null;
  restoredFrom: string | null;
  createdAt: Date;
}

export interface VersionPolicy {
  automaticMinutes: number;
  automaticRetentionDays: number;
}

const KEY_WHERE = 'api_key_id = $1 AND organization_id = $2 AND document_id = $3 AND editor_id = $4';
const VERSION_COLUMNS = `seq, version_id AS "versionId", name, kind, history_id AS "historyId", created_by AS "createdBy",
  restored_from AS "restoredFrom", created_at AS "createdAt"`;

/**
 * Folds the editor's log into its history (the first fold of an editor that had content before it had
 * history starts the history from that content) and returns the last history row ('0' for none).
 * NOT_FOUND for an editor without content.
 */
async function foldIn(manager: EntityManager, key: CrdtKey, onUndecodable: OnUndecodable): Promise<string> {
  const query: TransactionQuery = async <T>(sql: string, params: unknown[]) =>
    (await runStatement<T>(manager, sql, params)).rows;
  const params = keyParams(key);
  const [{ found }] = await query<{ found: boolean }>(CRDT_SQL.exists, params);
  if (!found) throw ApiError.notFound(NO_CRDT_DATA);
  await compactIn(query, key, { memoryState: null, onUndecodable });
  await query(CRDT_SQL.historyBase, params);
  const [{ head }] = await query<{ head: string }>(
    `SELECT COALESCE(max(id), 0)::text AS head FROM crdt_history WHERE ${KEY_WHERE}`,
    params,
  );
  return head;
}

/**
 * Versions of an editor and the history they are points of. A version is one row pointing into
 * `crdt_history`, which compaction fills with the updates it folds: saving one first folds the log,
 * so the version holds every update acknowledged before it.
 */
@Injectable()
export class CrdtVersions {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly undecodable: CrdtUndecodable,
  ) {}

  /** On the caller's transaction: folds the log into the history and records a version at its end. NOT_FOUND for an editor without content. */
  async save(
    manager: EntityManager,
    key: CrdtKey,
    version: { name: string | null; kind: VersionKind; createdBy: string | null; restoredFrom?: string },
  ): Promise<StoredVersion> {
    const head = await foldIn(manager, key, this.undecodable.reporter('version'));
    const [saved] = (
      await runStatement<StoredVersion>(
        manager,
        `INSERT INTO crdt_version (api_key_id, organization_id, document_id, editor_id, name, kind, history_id, created_by, restored_from)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING ${VERSION_COLUMNS}`,
        [...keyParams(key), version.name, version.kind, head, version.createdBy, version.restoredFrom ?? null],
      )
    ).rows;
    return saved;
  }

  /** The end of the editor's history once the log is folded into it: the position of its current content. */
  head(key: CrdtKey): Promise<string> {
    return this.dataSource.transaction((manager) => foldIn(manager, key, this.undecodable.reporter('version')));
  }

  /** Newest first, after the cursor (`seq` of the last version of the page before). */
  list(key: CrdtKey, beforeSeq: string | null, limit: number): Promise<StoredVersion[]> {
    return this.dataSource.query(
      `SELECT ${VERSION_COLUMNS} FROM crdt_version WHERE ${KEY_WHERE} AND ($5::bigint IS NULL OR seq < $5) ORDER BY seq DESC LIMIT $6`,
      [...keyParams(key), beforeSeq, limit],
    );
  }

  async find(key: CrdtKey, versionId: string): Promise<StoredVersion | null> {
    const [row] = await this.dataSource.query<StoredVersion[]>(
      `SELECT ${VERSION_COLUMNS} FROM crdt_version WHERE ${KEY_WHERE} AND version_id = $5`,
      [...keyParams(key), versionId],
    );
    return row ?? null;
  }

  /** The history rows after `afterId` up to `uptoId`, in order. */
  async parts(key: CrdtKey, afterId: string, uptoId: string): Promise<HistoryPart[]> {
    return this.dataSource.query(
      `SELECT data, user_id AS "userId", first_at AS "firstAt", last_at AS "lastAt" FROM crdt_history
        WHERE ${KEY_WHERE} AND id > $5 AND id <= $6 ORDER BY id`,
      [...keyParams(key), afterId, uptoId],
    );
  }

  /** The history row a point in time stands for: the last one whose changes all came before `at` ('0' before any). */
  async positionAt(key: CrdtKey, at: Date): Promise<string> {
    const [row] = await this.dataSource.query<Array<{ id: string }>>(
      `SELECT COALESCE(max(id), 0)::text AS id FROM crdt_history WHERE ${KEY_WHERE} AND last_at <= $5`,
      [...keyParams(key), at],
    );
    return row.id;
  }

  /** The declared type and content key of the editor (null for editors only sync clients wrote). */
  async declared(key: CrdtKey): Promise<{ type: string | null; contentKey: string | null }> {
    const [row] = await this.dataSource.query<Array<{ type: string | null; contentKey: string | null }>>(
      `SELECT type, content_key AS "contentKey" FROM crdt_editor WHERE ${KEY_WHERE}`,
      keyParams(key),
    );
    return row ?? { type: null, contentKey: null };
  }

  async policy(apiKeyId: string): Promise<VersionPolicy> {
    const [row] = await this.dataSource.query<VersionPolicy[]>(
      `SELECT automatic_minutes AS "automaticMinutes", automatic_retention_days AS "automaticRetentionDays" FROM crdt_version_policy WHERE api_key_id = $1`,
      [apiKeyId],
    );
    return row ?? { ...CRDT_VERSION_DEFAULTS };
  }

  /** Field-merges the given settings into the key's policy and returns it. */
  async setPolicy(apiKeyId: string, given: Partial<VersionPolicy>): Promise<VersionPolicy> {
    const [row] = await this.dataSource.query<VersionPolicy[]>(
      `INSERT INTO crdt_version_policy (api_key_id, automatic_minutes, automatic_retention_days) VALUES ($1, COALESCE($2::int, $4::int), COALESCE($3::int, $5::int))
       ON CONFLICT (api_key_id) DO UPDATE SET automatic_minutes = COALESCE($2::int, crdt_version_policy.automatic_minutes),
         automatic_retention_days = COALESCE($3::int, crdt_version_policy.automatic_retention_days), updated_at = now()
       RETURNING automatic_minutes AS "automaticMinutes", automatic_retention_days AS "automaticRetentionDays"`,
      [
        apiKeyId,
        given.automaticMinutes ?? null,
        given.automaticRetentionDays ?? null,
        CRDT_VERSION_DEFAULTS.automaticMinutes,
        CRDT_VERSION_DEFAULTS.automaticRetentionDays,
      ],
    );
    return row;
  }
}
