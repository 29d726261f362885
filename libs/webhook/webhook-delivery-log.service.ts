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

/** Newest first, keyset on insertion order. */
const DELIVERY_LISTING = keysetListing('webhook deliveries', ['bigint'], (row: WebhookDelivery) => [row.seq]);

function view(row: WebhookDelivery): DeliveryView {
  return {
    id: row.id,
    eventId: row.eventId,
    event: row.event,
    target: row.target,
    endpointId: row.endpointId,
    url: row.url,
    organizationId: row.organizationId,
    documentId: row.documentId,
    status: row.status,
    attempts: row.attempts,
    lastHttpStatus: row.lastHttpStatus,
    lastError: row.lastError,
    nextAttemptAt: row.nextAttemptAt?.toISOString() ?? null,
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The delivery log of an API key and its replay. */
@Injectable()
export class WebhookDeliveryLogService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly config: AppConfig,
    private readonly producer: WebhookProducer,
  ) {}

  async list(
    apiKeyId: string,
    dto: ListDeliveriesDto,
  ): Promise<{ deliveries: DeliveryView[]; nextPageToken?: string }> {
    const filters = { status: dto.status ?? null, event: dto.event ?? null, endpointId: dto.endpointId ?? null };
    const pager = new KeysetPager(DELIVERY_LISTING, dto, { apiKeyId, filters }, this.config.pageTokenKey);
    const query = this.dataSource
      .getRepository(WebhookDelivery)
      .createQueryBuilder('d')
      .where('d.apiKeyId = :apiKeyId', { apiKeyId })
      .orderBy('d.seq', 'DESC')
      .take(pager.limit);
    if (dto.status) query.andWhere('d.status = :status', { status: dto.status });
    if (dto.event) query.andWhere('d.event = :event', { event: dto.event });
    if (dto.endpointId) query.andWhere('d.endpointId = :endpointId', { endpointId: dto.endpointId });
    if (pager.after) query.andWhere('d.seq < :after', { after: pager.after[0] });
    const page = pager.page(await query.getMany());
    return { deliveries: page.rows.map(view), nextPageToken: page.nextToken };
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
