import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ApiError, DocumentRefDto } from '@app/common';
import { RealtimeHub } from '@app/realtime-hub';
import { preparedStatement, queryPrepared } from '@app/database';
import { ensureDocument, ExistenceRow, existenceQuery, refusal, ResourceRef } from '@app/resource';
import { deepMerge, JsonObject } from './deep-merge';
import { BroadcastLiveStateDto } from './dto/live-state.dto';

export const MAX_LIVE_STATE_BYTES = 256 * 1024;
export const LIVE_STATE_EVENT = 'livestate';

export interface LiveStateView {
  liveStateDataId: string;
  data: JsonObject;
  updatedAt: string;
}

export interface LiveStateEvent extends LiveStateView {
  organizationId: string;
  documentId: string;
}

interface StoredLiveState {
  data: JsonObject;
  updated_at: Date;
}

const SELECT_LIVE_STATE = preparedStatement(
  `SELECT id, data, updated_at FROM live_state
   WHERE api_key_id = $1 AND organization_id = $2 AND document_id = $3 AND ($4::text IS NULL OR id = $4) ORDER BY id`,
);

/**
 * A row's new updated_at: clients keep the push with the latest stamp, so stamps must grow in commit order. now() is
 * when the statement began, and a writer that began earlier can commit later (it waited on the row's lock), so the stamp
 * is taken after the lock, at least a millisecond past the one it replaces (pushes carry milliseconds).
 */
const NEXT_STAMP = `GREATEST(clock_timestamp(), live_state.updated_at + interval '1 millisecond')`;

/** Latest value per liveStateDataId, stored then pushed to every socket of the document (docs/architecture.md "Resources and live data"). */
@Injectable()
export class LiveStateService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly hub: RealtimeHub,
  ) {}

  async broadcast(apiKeyId: string, dto: BroadcastLiveStateDto): Promise<LiveStateEvent> {
    assertSize(dto.data, 'data.data');
    const stored = (await this.upsert(apiKeyId, dto)) ?? (await this.mergeLocked(apiKeyId, dto));
    const event: LiveStateEvent = {
      organizationId: dto.organizationId,
      documentId: dto.documentId,
      liveStateDataId: dto.liveStateDataId,
      data: stored.data,
      updatedAt: stored.updated_at.toISOString(),
    };
    this.hub.emitToDocument(apiKeyId, dto.organizationId, dto.documentId, LIVE_STATE_EVENT, event);
    return event;
  }

  /**
   * One autocommit statement: the document check of ensureDocument (rows locked FOR KEY SHARE), then
   * an upsert that merges in SQL (live_state_deep_merge), so writers of a hot document queue on the
   * row only for that statement. Null when a merge's stored text outgrows the limit: jsonb text is
   * never shorter than JSON.stringify's, so only then is the exact check of mergeLocked needed.
   */
  private async upsert(apiKeyId: string, dto: BroadcastLiveStateDto): Promise<StoredLiveState | null> {
    const ref: ResourceRef = { type: 'document', organizationId: dto.organizationId, id: dto.documentId };
    const existence = existenceQuery(apiKeyId, ref, {});
    const [row] = await queryPrepared<ExistenceRow & Partial<StoredLiveState>>(
      this.dataSource,
      preparedStatement(`WITH e AS (${existence.sql}),
       saved AS (
         INSERT INTO live_state (api_key_id, organization_id, document_id, id, data)
         SELECT $1, $2, $3, $4, CASE WHEN $6 THEN live_state_deep_merge('{}', $5::jsonb) ELSE $5::jsonb END FROM e WHERE e.found
         ON CONFLICT (api_key_id, organization_id, document_id, id) DO UPDATE
           SET data = CASE WHEN $6 THEN live_state_deep_merge(live_state.data, EXCLUDED.data) ELSE EXCLUDED.data END, updated_at = ${NEXT_STAMP}
           WHERE NOT $6 OR octet_length(live_state_deep_merge(live_state.data, EXCLUDED.data)::text) <= $7
         RETURNING data, updated_at
       )
       SELECT e.disabled, e.found, saved.data, saved.updated_at FROM e LEFT JOIN saved ON true`),
      [...existence.params, dto.liveStateDataId, JSON.stringify(dto.data), dto.merge === true, MAX_LIVE_STATE_BYTES],
    );
    const error = refusal(ref, row, {});
    if (error) throw error;
    return row.data && row.updated_at ? { data: row.data, updated_at: row.updated_at } : null;
  }

  /** The exact merge, near the size limit: lock the row, merge and measure as the client's JSON, write. */
  private mergeLocked(apiKeyId: string, dto: BroadcastLiveStateDto): Promise<StoredLiveState> {
    return this.dataSource.transaction(async (manager) => {
      await ensureDocument(manager, apiKeyId, dto.organizationId, dto.documentId);
      const key = [apiKeyId, dto.organizationId, dto.documentId, dto.liveStateDataId];
      const [row] = await manager.query<Array<{ data: JsonObject }>>(
        'SELECT data FROM live_state WHERE api_key_id = $1 AND organization_id = $2 AND document_id = $3 AND id = $4 FOR UPDATE',
        key,
      );
      const value = deepMerge(row?.data ?? {}, dto.data);
      assertSize(value, 'The merged live state');
      const [saved] = await manager.query<StoredLiveState[]>(
        `INSERT INTO live_state (api_key_id, organization_id, document_id, id, data) VALUES ($1, $2, $3, $4, $5::jsonb)
         ON CONFLICT (api_key_id, organization_id, document_id, id) DO UPDATE SET data = EXCLUDED.data, updated_at = ${NEXT_STAMP}
         RETURNING data, updated_at`,
        [...key, JSON.stringify(value)],
      );
      return saved;
    });
  }

  async get(apiKeyId: string, ref: DocumentRefDto, liveStateDataId?: string): Promise<LiveStateView[]> {
    await ensureDocument(this.dataSource.manager, apiKeyId, ref.organizationId, ref.documentId, { lock: false });
    return this.stored(apiKeyId, ref, liveStateDataId);
  }

  /** The document's live state without the document check, for a subscriber whose access check found the document. */
  async stored(apiKeyId: string, ref: DocumentRefDto, liveStateDataId?: string): Promise<LiveStateView[]> {
    const rows = await queryPrepared<{ id: string; data: JsonObject; updated_at: Date }>(
      this.dataSource,
      SELECT_LIVE_STATE,
      [apiKeyId, ref.organizationId, ref.documentId, liveStateDataId ?? null],
    );
    return rows.map((row) => ({ liveStateDataId: row.id, data: row.data, updatedAt: row.updated_at.toISOString() }));
  }
}

function assertSize(value: unknown, what: string): void {
  if (Buffer.byteLength(JSON.stringify(value), 'utf8') > MAX_LIVE_STATE_BYTES) {
    throw ApiError.invalid(`${what} exceeds the ${MAX_LIVE_STATE_BYTES / 1024} KiB live-state limit.`);
  }
}
