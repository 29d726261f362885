import { EntityManager } from 'typeorm';
import { preparedStatement, queryPrepared } from '@app/database';
import { DeliveryTarget } from './entities/webhook-delivery.entity';

/** A delivery row to write, in its columns. */
export interface NewDelivery {
  id: string;
  event_id: string;
  organization_id: string;
  document_id: string;
  event: string;
  target: DeliveryTarget;
  endpoint_id: string | null;
  url: string;
  /** A review workflow execution's own receiver: its secret, encrypted (absent for every other target). */
  secret_ciphertext?: string | null;
  payload: object;
  next_attempt_at: Date;
}

/** An event the deliveries of one batch refer to. */
export interface NewWebhookEvent {
  id: string;
  organization_id: string;
  document_id: string;
  event: string;
}

/** The events $2 and the deliveries $3 of API key $1, in one multi-row statement; deliveries keep their order (seq). */
export const INSERT_DELIVERIES = preparedStatement(`WITH events AS (
    INSERT INTO webhook_event (id, api_key_id, organization_id, document_id, event)
    SELECT v.id, $1, v.organization_id, v.document_id, v.event
      FROM jsonb_to_recordset($2::jsonb) AS v(id text, organization_id text, document_id text, event text)
  )
  INSERT INTO webhook_delivery (id, event_id, api_key_id, organization_id, document_id, event, target, endpoint_id, url, secret_ciphertext, payload, next_attempt_at)
  SELECT v.id, v.event_id, $1, v.organization_id, v.document_id, v.event, v.target, v.endpoint_id, v.url, v.secret_ciphertext, v.payload, v.next_attempt_at
    FROM ROWS FROM (jsonb_to_recordset($3::jsonb) AS (id text, event_id text, organization_id text, document_id text, event text,
      target text, endpoint_id text, url text, secret_ciphertext text, payload jsonb, next_attempt_at timestamptz))
      WITH ORDINALITY AS v(id, event_id, organization_id, document_id, event, target, endpoint_id, url, secret_ciphertext, payload, next_attempt_at, n)
   ORDER BY v.n`);

/** INSERT_DELIVERIES' parameters. */
export function insertDeliveriesParams(
  apiKeyId: string,
  events: NewWebhookEvent[],
  deliveries: NewDelivery[],
): unknown[] {
  return [apiKeyId, JSON.stringify(events), JSON.stringify(deliveries)];
}

/** Writes the deliveries, and the events they refer to, with the caller's transaction. */
export async function insertDeliveries(
  manager: EntityManager,
  apiKeyId: string,
  events: NewWebhookEvent[],
  deliveries: NewDelivery[],
): Promise<void> {
  await queryPrepared(manager, INSERT_DELIVERIES, insertDeliveriesParams(apiKeyId, events, deliveries));
}
