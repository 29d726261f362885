import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { newId } from '@app/common';
import { AfterCommit, DomainEvent, EventRecorder, eventPayload } from '@app/events';
import { DeliveryTarget, WebhookDelivery } from './entities/webhook-delivery.entity';
import { WebhookConfig } from './entities/webhook-config.entity';
import { WebhookEvent } from './entities/webhook-event.entity';
import { isTriggerEnabled } from './webhook-config';
import { WebhookProducer } from './webhook.producer';

/**
 * The webhook sink of the event pipeline: one delivery per enabled trigger and configured URL, written
 * with the emitter's transaction; the queue is fed after commit and the worker's sweeper covers any gap.
 */
@Injectable()
export class WebhookRecorder implements EventRecorder {
  constructor(private readonly producer: WebhookProducer) {}

  async record(manager: EntityManager, apiKeyId: string, events: DomainEvent[]): Promise<AfterCommit | undefined> {
    const config = await manager.findOne(WebhookConfig, { where: { apiKeyId } });
    const service = config?.serviceConfig;
    if (!config?.useWebhookService || !service) return undefined;
    const targets: Array<[DeliveryTarget, string]> = [];
    if (service.rawNotificationUrl) targets.push(['raw', service.rawNotificationUrl]);
    if (service.processedNotificationUrl) targets.push(['processed', service.processedNotificationUrl]);
    const enabled = events.filter((event) => isTriggerEnabled(service, event.trigger));
    if (targets.length === 0 || enabled.length === 0) return undefined;

    const eventRows: Partial<WebhookEvent>[] = [];
    const deliveryRows: QueryDeepPartialEntity<WebhookDelivery>[] = [];
    const deliveryIds: string[] = [];
    for (const event of enabled) {
      const eventId = newId();
      eventRows.push({ id: eventId, apiKeyId, organizationId: event.organizationId, documentId: event.documentId, event: event.trigger });
      for (const [target, url] of targets) {
        const id = newId();
        deliveryIds.push(id);
        deliveryRows.push({
          id,
          eventId,
          apiKeyId,
          organizationId: event.organizationId,
          documentId: event.documentId,
          event: event.trigger,
          target,
          url,
          payload: { webhookId: id, ...eventPayload(event, target) },
          nextAttemptAt: event.occurredAt,
        });
      }
    }
    await manager.createQueryBuilder().insert().into(WebhookEvent).values(eventRows).execute();
    await manager.createQueryBuilder().insert().into(WebhookDelivery).values(deliveryRows).execute();
    return () => this.producer.enqueue(deliveryIds);
  }
}
