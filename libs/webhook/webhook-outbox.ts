import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { newId } from '@app/common';
import { DeliveryTarget, WebhookDelivery } from './entities/webhook-delivery.entity';
import { WebhookConfig } from './entities/webhook-config.entity';
import { WebhookEvent } from './entities/webhook-event.entity';
import { CommentNotificationEvent, payloadFor } from './notification';
import { isTriggerEnabled } from './webhook-config';

/**
 * Writes events and their deliveries with the caller's transaction manager, so a committed change always
 * has its deliveries on disk; the queue is fed after commit and the worker's sweeper covers any gap.
 */
@Injectable()
export class WebhookOutbox {
  /** Returns the ids of the deliveries created, to enqueue once the transaction has committed. */
  async record(manager: EntityManager, apiKeyId: string, events: CommentNotificationEvent[]): Promise<string[]> {
    if (events.length === 0) return [];
    const config = await manager.findOne(WebhookConfig, { where: { apiKeyId } });
    const service = config?.serviceConfig;
    if (!config?.useWebhookService || !service) return [];
    const targets: Array<[DeliveryTarget, string]> = [];
    if (service.rawNotificationUrl) targets.push(['raw', service.rawNotificationUrl]);
    if (service.processedNotificationUrl) targets.push(['processed', service.processedNotificationUrl]);
    const enabled = events.filter((event) => isTriggerEnabled(service, event.trigger));
    if (targets.length === 0 || enabled.length === 0) return [];

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
          payload: payloadFor(target, event, id),
          nextAttemptAt: event.occurredAt,
        });
      }
    }
    await manager.createQueryBuilder().insert().into(WebhookEvent).values(eventRows).execute();
    await manager.createQueryBuilder().insert().into(WebhookDelivery).values(deliveryRows).execute();
    return deliveryIds;
  }
}
