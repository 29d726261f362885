import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AppConfig, KeysetPager, keysetListing } from '@app/common';
import { AuditJob } from './audit.job';
import { ListAuditEventsDto } from './dto/audit-log.dto';

/** One entry of /v2/workspace/auditlog/get. */
export interface AuditEventView {
  id: string;
  action: string;
  apiKeyId: string | null;
  actor: string | null;
  details: Record<string, unknown> | null;
  occurredAt: string;
}

interface AuditRow {
  id: string;
  action: string;
  api_key_id: string | null;
  actor: string | null;
  details: Record<string, unknown> | null;
  occurred_at: Date;
  occurred_text: string;
}

/** Newest first; `occurred_at` travels as PostgreSQL's text so the cursor keeps its microseconds. */
const AUDIT_LISTING = keysetListing('audit events', ['timestamp', 'text'], (row: AuditRow) => [
  row.occurred_text,
  row.id,
]);

/** Stores audit events and lists them. Idempotent: the event id is the row's key, so a repeated write is ignored. */
@Injectable()
export class AuditLogService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly config: AppConfig,
  ) {}

  async write(event: AuditJob): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO audit_event (id, workspace_id, api_key_id, action, actor, details, occurred_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (id) DO NOTHING`,
      [
        event.id,
        event.workspaceId,
        event.apiKeyId,
        event.action,
        event.actor ?? null,
        event.details ? JSON.stringify(event.details) : null,
        new Date(event.occurredAt),
      ],
    );
  }

  async list(
    workspaceId: string,
    dto: ListAuditEventsDto,
  ): Promise<{ events: AuditEventView[]; nextPageToken?: string }> {
    const filters = { action: dto.action ?? null, apiKey: dto.apiKey ?? null };
    const pager = new KeysetPager(AUDIT_LISTING, dto, { apiKeyId: workspaceId, filters }, this.config.pageTokenKey);
    const rows = await this.dataSource.query<AuditRow[]>(
      `SELECT id, action, api_key_id, actor, details, occurred_at, occurred_at::text AS occurred_text
         FROM audit_event
        WHERE workspace_id = $1 AND ($2::text IS NULL OR action = $2) AND ($3::text IS NULL OR api_key_id = $3)
          AND ($4::timestamptz IS NULL OR (occurred_at, id) < ($4::timestamptz, $5::text))
        ORDER BY occurred_at DESC, id DESC LIMIT $6`,
      [workspaceId, filters.action, filters.apiKey, pager.after?.[0] ?? null, pager.after?.[1] ?? null, pager.limit],
    );
    const page = pager.page(rows);
    return {
      events: page.rows.map((row) => ({
        id: row.id,
        action: row.action,
        apiKeyId: row.api_key_id,
        actor: row.actor,
        details: row.details,
        occurredAt: row.occurred_at.toISOString(),
      })),
      nextPageToken: page.nextToken,
    };
  }
}
