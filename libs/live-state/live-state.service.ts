import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ApiError, DocumentRefDto } from '@app/common';
import { RealtimeHub } from '@app/realtime-hub';
import { ensureDocument } from '@app/resource';
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

/** Latest value per liveStateDataId, stored then pushed to every socket of the document (DESIGN §4). */
@Injectable()
export class LiveStateService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly hub: RealtimeHub,
  ) {}

  async broadcast(apiKeyId: string, dto: BroadcastLiveStateDto): Promise<LiveStateEvent> {
    assertSize(dto.data, 'data.data');
    const stored = await this.dataSource.transaction(async (manager) => {
      await ensureDocument(manager, apiKeyId, dto.organizationId, dto.documentId);
      const key = [apiKeyId, dto.organizationId, dto.documentId, dto.liveStateDataId];
      let value = dto.data;
      if (dto.merge) {
        // Insert-then-lock: two first merges of one id must serialize too, not overwrite each other.
        await manager.query(
          `INSERT INTO live_state (api_key_id, organization_id, document_id, id, data) VALUES ($1, $2, $3, $4, '{}') ON CONFLICT DO NOTHING`,
          key,
        );
        const [row] = await manager.query<Array<{ data: JsonObject }>>(
          'SELECT data FROM live_state WHERE api_key_id = $1 AND organization_id = $2 AND document_id = $3 AND id = $4 FOR UPDATE',
          key,
        );
        value = deepMerge(row.data, dto.data);
        assertSize(value, 'The merged live state');
      }
      const [saved] = await manager.query<Array<{ data: JsonObject; updated_at: Date }>>(
        `INSERT INTO live_state (api_key_id, organization_id, document_id, id, data) VALUES ($1, $2, $3, $4, $5::jsonb)
         ON CONFLICT (api_key_id, organization_id, document_id, id) DO UPDATE SET data = EXCLUDED.data, updated_at = now()
         RETURNING data, updated_at`,
        [...key, JSON.stringify(value)],
      );
      return saved;
    });
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

  async get(apiKeyId: string, ref: DocumentRefDto, liveStateDataId?: string): Promise<LiveStateView[]> {
    await ensureDocument(this.dataSource.manager, apiKeyId, ref.organizationId, ref.documentId, { lock: false });
    const rows: Array<{ id: string; data: JsonObject; updated_at: Date }> = await this.dataSource.query(
      `SELECT id, data, updated_at FROM live_state
       WHERE api_key_id = $1 AND organization_id = $2 AND document_id = $3 AND ($4::text IS NULL OR id = $4) ORDER BY id`,
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
