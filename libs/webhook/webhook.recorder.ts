import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { newId } from '@app/common';
import { sendPrepared } from '@app/database';
import {
  AfterCommit,
  commentRecipients,
  DomainEvent,
  EventRecorder,
  eventPayload,
  isCommentEvent,
  isWorkflowEvent,
  PayloadForm,
  workflowEventView,
} from '@app/events';
import { NotificationPreferences, UsersNotificationsConfig } from '@app/notification';
import { advancedEnvelope } from './advanced-event-types';
import { INSERT_DELIVERIES, insertDeliveriesParams, NewDelivery, NewWebhookEvent } from './delivery-sql';
import { EndpointMessage, endpointDeliveries, ReceivingEndpoint } from './endpoint-deliveries';
import { DeliveryTarget } from './entities/webhook-delivery.entity';
import { StoredServiceConfig } from './entities/webhook-config.entity';
import { isTriggerEnabled } from './webhook-config';
import { WebhookSinkSettings } from './webhook-sink-settings';
import { WebhookProducer } from './webhook.producer';

/**
 * The webhook sink of the event pipeline: one delivery per enabled trigger and configured URL, and one
 * per matching advanced endpoint, written with the emitter's transaction; the queue is fed after
 * commit and the worker's sweeper covers any gap.
 */
@Injectable()
export class WebhookRecorder implements EventRecorder {
  constructor(
    private readonly producer: WebhookProducer,
    private readonly preferences: NotificationPreferences,
    private readonly settings: WebhookSinkSettings,
  ) {}

  async record(manager: EntityManager, apiKeyId: string, events: DomainEvent[]): Promise<AfterCommit | undefined> {
    const targets = await this.settings.of(manager, apiKeyId);
    const hasReceivers = events.some((event) => isWorkflowEvent(event) && event.receiver !== null);
    if (!targets.basic && targets.endpoints.length === 0 && !hasReceivers) return undefined;
    const eventIds = events.map(() => newId());
    const written = [
      ...(await this.basicDeliveries(manager, apiKeyId, targets.basic, events, eventIds)),
      ...this.advancedDeliveries(targets.endpoints, events, eventIds),
      ...this.receiverDeliveries(events, eventIds),
    ];
    if (written.length === 0) return undefined;
    const referenced = new Set(written.map((delivery) => delivery.event_id));
    const eventRows: NewWebhookEvent[] = events.flatMap((event, index) =>
      referenced.has(eventIds[index])
        ? [
            {
              id: eventIds[index],
              organization_id: event.organizationId,
              document_id: event.documentId,
              event: event.trigger,
            },
          ]
        : [],
    );
    sendPrepared(manager, INSERT_DELIVERIES, insertDeliveriesParams(apiKeyId, eventRows, written));
    return () => this.producer.enqueue(written.map((delivery) => delivery.id));
  }

  private async basicDeliveries(
    manager: EntityManager,
    apiKeyId: string,
    service: StoredServiceConfig | null,
    events: DomainEvent[],
    eventIds: string[],
  ): Promise<NewDelivery[]> {
    if (!service) return [];
    const targets: Array<[PayloadForm & DeliveryTarget, string]> = [];
    if (service.rawNotificationUrl) targets.push(['raw', service.rawNotificationUrl]);
    if (service.processedNotificationUrl) targets.push(['processed', service.processedNotificationUrl]);
    if (targets.length === 0) return [];
    const deliveryRows: NewDelivery[] = [];
    for (const [index, event] of events.entries()) {
      if (!isTriggerEnabled(service, event.trigger)) continue;
      const settings = targets.some(([target]) => target === 'raw')
        ? await this.notificationSettings(manager, apiKeyId, event)
        : {};
      for (const [target, url] of targets) {
        const id = newId();
        deliveryRows.push({
          id,
          event_id: eventIds[index],
          organization_id: event.organizationId,
          document_id: event.documentId,
          event: event.trigger,
          target,
          endpoint_id: null,
          url,
          payload: { webhookId: id, ...eventPayload(event, target), ...(target === 'raw' ? settings : {}) },
          next_attempt_at: event.occurredAt,
        });
      }
    }
    return deliveryRows;
  }

  /** Velt's per-user notification settings of a comment event's recipients (WebhookV1Payload), for the raw payload. */
  private async notificationSettings(
    manager: EntityManager,
    apiKeyId: string,
    event: DomainEvent,
  ): Promise<UsersNotificationsConfig> {
    if (!isCommentEvent(event)) return {};
    const userIds = commentRecipients(event).map((recipient) => recipient.user.userId);
    if (userIds.length === 0) return {};
    return this.preferences.storedByLevel(manager, apiKeyId, event.organizationId, event.documentId, userIds);
  }

  /**
   * A review workflow execution's own receiver (dispatch `webhookUrl`, or the definition's `webhookConfig`)
   * gets every event of the execution its `eventTypes` take, whatever the key's webhook configuration says.
   */
  private receiverDeliveries(events: DomainEvent[], eventIds: string[]): NewDelivery[] {
    const rows: NewDelivery[] = [];
    for (const [index, event] of events.entries()) {
      if (!isWorkflowEvent(event) || event.receiver === null) continue;
      const { url, secretCiphertext, eventTypes } = event.receiver;
      if (eventTypes !== null && !eventTypes.includes(event.trigger)) continue;
      rows.push({
        id: newId(),
        event_id: eventIds[index],
        organization_id: event.organizationId,
        document_id: event.documentId,
        event: event.trigger,
        target: 'execution',
        endpoint_id: null,
        url,
        secret_ciphertext: secretCiphertext,
        payload: workflowEventView(event),
        next_attempt_at: event.occurredAt,
      });
    }
    return rows;
  }

  /** Envelopes are built only when some endpoint may take them: most keys have none. */
  private advancedDeliveries(endpoints: ReceivingEndpoint[], events: DomainEvent[], eventIds: string[]): NewDelivery[] {
    if (endpoints.length === 0) return [];
    const messages: EndpointMessage[] = events.map((event, index) => ({
      eventId: eventIds[index],
      organizationId: event.organizationId,
      documentId: event.documentId,
      envelope: advancedEnvelope(event),
      dueAt: event.occurredAt,
    }));
    return endpointDeliveries(endpoints, messages);
  }
}
