import { EntityManager } from 'typeorm';
import { newId } from '@app/common';
import { AdvancedEnvelope, endpointTakes } from './advanced-event-types';
import { insertDeliveries, NewDelivery } from './delivery-sql';
import { AdvancedWebhookConfig } from './entities/advanced-webhook-config.entity';
import { WebhookEndpoint } from './entities/webhook-endpoint.entity';

/** One message for the advanced endpoints: its envelope and where it is filed. */
export interface EndpointMessage {
  eventId: string;
  organizationId: string;
  documentId: string;
  envelope: AdvancedEnvelope;
  dueAt: Date;
  /** An endpoint that must not receive it (the one whose failure it reports). */
  excludeEndpointId?: string;
}

/** What a delivery needs of an endpoint it goes to. */
export type ReceivingEndpoint = Pick<WebhookEndpoint, 'id' | 'url' | 'filterTypes'>;

export interface WrittenDelivery {
  id: string;
  eventId: string;
}

/** The endpoints that take deliveries: the enabled ones, none while advanced webhooks are off. */
export async function receivingEndpoints(manager: EntityManager, apiKeyId: string): Promise<ReceivingEndpoint[]> {
  const config = await manager.findOne(AdvancedWebhookConfig, {
    where: { apiKeyId },
    select: { apiKeyId: true, isEnabled: true },
  });
  if (!config?.isEnabled) return [];
  return manager.find(WebhookEndpoint, {
    where: { apiKeyId, disabled: false },
    select: { id: true, url: true, filterTypes: true },
  });
}

/** One delivery per message and endpoint whose filter takes its event type. */
export function endpointDeliveries(endpoints: ReceivingEndpoint[], messages: EndpointMessage[]): NewDelivery[] {
  const rows: NewDelivery[] = [];
  for (const message of messages) {
    for (const endpoint of endpoints) {
      if (endpoint.id === message.excludeEndpointId || !endpointTakes(endpoint.filterTypes, message.envelope.event))
        continue;
      const id = newId();
      rows.push({
        id,
        event_id: message.eventId,
        organization_id: message.organizationId,
        document_id: message.documentId,
        event: message.envelope.event,
        target: 'endpoint',
        endpoint_id: endpoint.id,
        url: endpoint.url,
        payload: { webhookId: id, ...message.envelope },
        next_attempt_at: message.dueAt,
      });
    }
  }
  return rows;
}

/** Writes endpointDeliveries on the caller's transaction. Returns what to enqueue after commit. */
export async function writeEndpointDeliveries(
  manager: EntityManager,
  apiKeyId: string,
  endpoints: ReceivingEndpoint[],
  messages: EndpointMessage[],
): Promise<WrittenDelivery[]> {
  const rows = endpointDeliveries(endpoints, messages);
  if (rows.length > 0) await insertDeliveries(manager, apiKeyId, [], rows);
  return rows.map((row) => ({ id: row.id, eventId: row.event_id }));
}
