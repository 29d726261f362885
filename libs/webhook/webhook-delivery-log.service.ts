import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In } from 'typeorm';
import { ApiError, AppConfig, BatchItem, item, KeysetPager, keysetListing } from '@app/common';
import { ListDeliveriesDto, RetryDeliveriesDto } from './dto/deliveries.dto';
import { WebhookDelivery } from './entities/webhook-delivery.entity';
import { WebhookProducer } from './webhook.producer';

/** Bound of one replay-by-time call; the caller repeats it until nothing is left. */
export const MAX_REPLAY_PER_CALL = 1000;

export interface DeliveryView {
  id: string;
  eventId: string;
  event: string;
  target: string;
  endpointId: string | null;
  url: string;
  organizationId: string;
  documentId: string;
  status: string;
  attempts: number;
  lastHttpStatus: number | null;
  lastError: string | null;
  nextAttemptAt: string | null;
  deliveredAt: string | null;
  createdAt: string;
}

/** A delivery row as the log reads it, with `created_at` as PostgreSQL's text for the cursor (a JS Date drops microseconds). */
interface ListedDelivery {
  id: string;
  seq: string;
  event_id: string;
  event: string;
  target: string;
  endpoint_id: string | null;
  url: string;
  organization_id: string;
  document_id: string;
  status: string;
  attempts: number;
  last_http_status: number | null;
  last_error: string | null;
  next_attempt_at: Date | null;
  delivered_at: Date | null;
  created_at: Date;
  created_text: string;
}

/**
 * Newest first by creation time, then insertion order: a time range is a range of the log's indexes
 * (IDX_webhook_delivery_log, and the endpoint and failed ones for those filters; docs/events.md "Delivery log").
 */
const DELIVERY_LISTING = keysetListing('webhook deliveries by time', ['timestamp', 'bigint'], (row: ListedDelivery) => [
  row.created_text,
  row.seq,
]);

function view(row: ListedDelivery): DeliveryView {
  return {
    id: row.id,
    eventId: row.event_id,
    event: row.event,
    target: row.target,
    endpointId: row.endpoint_id,
    url: row.url,
    organizationId: row.organization_id,
    documentId: row.document_id,
    status: row.status,
    attempts: row.attempts,
    lastHttpStatus: row.last_http_status,
    lastError: row.last_error,
    nextAttemptAt: row.next_attempt_at?.toISOString() ?? null,
    deliveredAt: row.delivered_at?.toISOString() ?? null,
    createdAt: row.created_at.toISOString(),
  };
}

/** One attempt of a delivery as deliveries/attempts/get answers it. */
export interface AttemptView {
  attempt: number;
  startedAt: string;
  durationMs: number;
  url: string;
  request: { headers: Record<string, string>; body: string };
  response: { status: number; headers: Record<string, string> | null; body: string | null } | null;
  error: string | null;
}

/** The delivery log of an API key and its replay. */
@Injectable()
export class WebhookDeliveryLogService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly config: AppConfig,
    private readonly producer: WebhookProducer,
  ) {}

  /** The key's deliveries still to go, and those created in the last 24 hours that failed (the console's overview). */
  async backlog(apiKeyId: string): Promise<{ pending: number; failedLastDay: number }> {
    const [row] = await this.dataSource.query<Array<{ pending: number; failed: number }>>(
      `SELECT (SELECT count(*)::int FROM webhook_delivery WHERE api_key_id = $1 AND status = 'pending') AS pending,
              (SELECT count(*)::int FROM webhook_delivery
                WHERE api_key_id = $1 AND status = 'failed' AND created_at > now() - interval '1 day') AS failed`,
      [apiKeyId],
    );
    return { pending: row.pending, failedLastDay: row.failed };
  }

  async list(
    apiKeyId: string,
    dto: ListDeliveriesDto,
  ): Promise<{ deliveries: DeliveryView[]; nextPageToken?: string }> {
    const filters = {
      status: dto.status ?? null,
      event: dto.event ?? null,
      endpointId: dto.endpointId ?? null,
      createdAfter: dto.createdAfter?.toISOString() ?? null,
      createdBefore: dto.createdBefore?.toISOString() ?? null,
    };
    const pager = new KeysetPager(DELIVERY_LISTING, dto, { apiKeyId, filters }, this.config.pageTokenKey);
    const rows = await this.dataSource.query<ListedDelivery[]>(
      `SELECT id, seq, event_id, event, target, endpoint_id, url, organization_id, document_id, status, attempts,
              last_http_status, last_error, next_attempt_at, delivered_at, created_at, created_at::text AS created_text
         FROM webhook_delivery
        WHERE api_key_id = $1
          AND ($2::text IS NULL OR status = $2) AND ($3::text IS NULL OR event = $3)
          AND ($4::text IS NULL OR endpoint_id = $4)
          AND ($5::timestamptz IS NULL OR created_at >= $5) AND ($6::timestamptz IS NULL OR created_at < $6)
          AND ($7::timestamptz IS NULL OR (created_at, seq) < ($7::timestamptz, $8::bigint))
        ORDER BY created_at DESC, seq DESC LIMIT $9`,
      [
        apiKeyId,
        filters.status,
        filters.event,
        filters.endpointId,
        filters.createdAfter,
        filters.createdBefore,
        pager.after?.[0] ?? null,
        pager.after?.[1] ?? null,
        pager.limit,
      ],
    );
    const page = pager.page(rows);
    return { deliveries: page.rows.map(view), nextPageToken: page.nextToken };
  }

  /** Every attempt of the delivery, first to last; NOT_FOUND for a delivery of another API key. */
  async attempts(apiKeyId: string, deliveryId: string): Promise<AttemptView[]> {
    const rows = await this.dataSource.query<
      Array<{
        found: string;
        attempt: number | null;
        started_at: Date;
        duration_ms: number;
        url: string;
        request_headers: Record<string, string>;
        request_body: string;
        response_status: number | null;
        response_headers: Record<string, string> | null;
        response_body: string | null;
        error: string | null;
      }>
    >(
      `SELECT d.id AS found, a.attempt, a.started_at, a.duration_ms, a.url, a.request_headers, a.request_body,
              a.response_status, a.response_headers, a.response_body, a.error
         FROM webhook_delivery d LEFT JOIN webhook_attempt a ON a.delivery_id = d.id
        WHERE d.api_key_id = $1 AND d.id = $2
        ORDER BY a.seq`,
      [apiKeyId, deliveryId],
    );
    if (rows.length === 0) throw ApiError.notFound('Delivery does not exist.');
    return rows
      .filter((row) => row.attempt !== null)
      .map((row) => ({
        attempt: row.attempt!,
        startedAt: row.started_at.toISOString(),
        durationMs: row.duration_ms,
        url: row.url,
        request: { headers: row.request_headers, body: row.request_body },
        response:
          row.response_status === null
            ? null
            : { status: row.response_status, headers: row.response_headers, body: row.response_body },
        error: row.error,
      }));
  }

  /** Puts finished deliveries back to pending with a fresh attempt budget, then enqueues them again. */
  async retry(apiKeyId: string, dto: RetryDeliveriesDto): Promise<BatchItem[]> {
    if (dto.deliveryIds !== undefined && dto.failedSince !== undefined)
      throw ApiError.invalid('Give deliveryIds or failedSince, not both.');
    const repository = this.dataSource.getRepository(WebhookDelivery);
    const reset = {
      status: 'pending' as const,
      attempts: 0,
      lastError: null,
      lastHttpStatus: null,
      nextAttemptAt: () => 'now()',
      deliveredAt: null,
    };
    let retried: string[];
    let items: BatchItem[];
    if (dto.deliveryIds) {
      const ids = [...new Set(dto.deliveryIds)];
      const endpoint = dto.endpointId ? { endpointId: dto.endpointId } : {};
      const rows = await repository.find({
        where: { apiKeyId, id: In(ids), ...endpoint },
        select: { id: true, status: true },
      });
      const finished = rows.filter((row) => row.status !== 'pending').map((row) => row.id);
      const result = finished.length
        ? await repository
            .createQueryBuilder()
            .update()
            .set(reset)
            .where({ apiKeyId, id: In(finished) })
            .andWhere("status <> 'pending'")
            .returning(['id'])
            .execute()
        : { raw: [] };
      retried = (result.raw as Array<{ id: string }>).map((row) => row.id);
      const status = new Map(rows.map((row) => [row.id, row.status]));
      items = ids.map((id) => {
        if (retried.includes(id)) return item(id, true, 'Delivery queued for retry.');
        return status.has(id)
          ? item(id, false, 'Delivery is already pending.')
          : item(id, false, 'Delivery does not exist.');
      });
    } else {
      const result = await repository
        .createQueryBuilder()
        .update()
        .set(reset)
        .where(
          `id IN (SELECT id FROM webhook_delivery WHERE api_key_id = :apiKeyId AND status = 'failed' AND created_at >= :since
                   AND (CAST(:endpointId AS text) IS NULL OR endpoint_id = :endpointId) ORDER BY seq LIMIT ${MAX_REPLAY_PER_CALL})`,
          { apiKeyId, since: dto.failedSince, endpointId: dto.endpointId ?? null },
        )
        .returning(['id'])
        .execute();
      retried = (result.raw as Array<{ id: string }>).map((row) => row.id);
      items = retried.map((id) => item(id, true, 'Delivery queued for retry.'));
    }
    await this.producer.replace(retried);
    return items;
  }
}
