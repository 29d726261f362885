import { DataSource, EntityManager } from 'typeorm';
import { preparedStatement, queryPrepared } from '@app/database';
import { DeliveryStatus, DeliveryTarget } from './entities/webhook-delivery.entity';
import { NewDelivery } from './delivery-sql';

/** A delivery as one attempt needs it; for an endpoint delivery, with its endpoint and the advanced settings. */
export interface DeliveryToAttempt {
  id: string;
  eventId: string;
  apiKeyId: string;
  organizationId: string;
  documentId: string;
  event: string;
  target: DeliveryTarget;
  endpointId: string | null;
  url: string;
  secretCiphertext: string | null;
  payload: object;
  status: DeliveryStatus;
  attempts: number;
  /** Null when the delivery has no endpoint, or its endpoint is gone. */
  endpoint: {
    id: string;
    url: string;
    disabled: boolean;
    rateLimit: number | null;
    secretCiphertext: string;
    previousSecretCiphertext: string | null;
    previousSecretExpiresAt: Date | null;
  } | null;
  /** Null when the delivery has no endpoint, or the API key never stored advanced settings. */
  settings: { isEnabled: boolean; encryptData: boolean; encodeData: boolean; publicKey: string } | null;
}

/** The delivery $1 with, for an endpoint delivery, its endpoint and the advanced settings, in one read. */
const DELIVERY_TO_ATTEMPT = preparedStatement(`SELECT d.id, d.event_id, d.api_key_id, d.organization_id, d.document_id,
    d.event, d.target, d.endpoint_id, d.url, d.secret_ciphertext, d.payload, d.status, d.attempts,
    e.id AS endpoint_found, e.url AS endpoint_url, e.disabled, e.rate_limit, e.secret_ciphertext AS endpoint_secret,
    e.previous_secret_ciphertext, e.previous_secret_expires_at,
    a.api_key_id AS settings_found, a.is_enabled, a.encrypt_data, a.encode_data, a.public_key
  FROM webhook_delivery d
  LEFT JOIN webhook_endpoint e ON d.endpoint_id IS NOT NULL AND e.api_key_id = d.api_key_id AND e.id = d.endpoint_id
  LEFT JOIN advanced_webhook_config a ON d.endpoint_id IS NOT NULL AND a.api_key_id = d.api_key_id
 WHERE d.id = $1`);

/** The delivery's columns, then its endpoint's and the advanced settings' (null `*_found` when there is none). */
interface AttemptRow extends Omit<NewDelivery, 'secret_ciphertext' | 'next_attempt_at'> {
  api_key_id: string;
  secret_ciphertext: string | null;
  status: DeliveryStatus;
  attempts: number;
  endpoint_found: string | null;
  endpoint_url: string;
  disabled: boolean;
  rate_limit: number | null;
  endpoint_secret: string;
  previous_secret_ciphertext: string | null;
  previous_secret_expires_at: Date | null;
  settings_found: string | null;
  is_enabled: boolean;
  encrypt_data: boolean;
  encode_data: boolean;
  public_key: string;
}

export async function deliveryToAttempt(dataSource: DataSource, deliveryId: string): Promise<DeliveryToAttempt | null> {
  const [row] = await queryPrepared<AttemptRow>(dataSource, DELIVERY_TO_ATTEMPT, [deliveryId]);
  if (!row) return null;
  return {
    id: row.id,
    eventId: row.event_id,
    apiKeyId: row.api_key_id,
    organizationId: row.organization_id,
    documentId: row.document_id,
    event: row.event,
    target: row.target,
    endpointId: row.endpoint_id,
    url: row.url,
    secretCiphertext: row.secret_ciphertext,
    payload: row.payload,
    status: row.status,
    attempts: row.attempts,
    endpoint:
      row.endpoint_found === null
        ? null
        : {
            id: row.endpoint_found,
            url: row.endpoint_url,
            disabled: row.disabled,
            rateLimit: row.rate_limit,
            secretCiphertext: row.endpoint_secret,
            previousSecretCiphertext: row.previous_secret_ciphertext,
            previousSecretExpiresAt: row.previous_secret_expires_at,
          },
    settings:
      row.settings_found === null
        ? null
        : {
            isEnabled: row.is_enabled,
            encryptData: row.encrypt_data,
            encodeData: row.encode_data,
            publicKey: row.public_key,
          },
  };
}

/** The request and response of one attempt, as the delivery log keeps them; its status and error are the outcome's. */
export interface AttemptRecord {
  startedAt: Date;
  durationMs: number;
  requestHeaders: Record<string, string>;
  requestBody: string;
  responseHeaders: Record<string, string> | null;
  responseBody: string | null;
}

/** What an attempt leaves on its row, and the attempt's own row. */
export interface AttemptOutcome {
  attempts: number;
  status: DeliveryStatus;
  url: string;
  lastHttpStatus: number | null;
  lastError: string | null;
  nextAttemptAt: Date | null;
  deliveredAt: Date | null;
  record: AttemptRecord;
}

/**
 * Records an attempt on the delivery $1 if it is still pending, with its request and response in
 * webhook_attempt, in one statement: a delivery's attempts and their rows agree. Answers how many
 * deliveries it changed; the count comes from a SELECT over the update, so the answer has one shape inside
 * a transaction (TypeORM answers a bare UPDATE there with `[rows, count]`) and outside one.
 */
const FINISH_ATTEMPT = preparedStatement(`WITH finished AS (
    UPDATE webhook_delivery SET attempts = $2, status = $3, url = $4, last_http_status = $5, last_error = $6,
           next_attempt_at = $7, delivered_at = $8, updated_at = now()
     WHERE id = $1 AND status = 'pending'
    RETURNING id
  ), logged AS (
    INSERT INTO webhook_attempt (delivery_id, attempt, started_at, duration_ms, url, request_headers, request_body,
                                 response_status, response_headers, response_body, error)
    SELECT id, $2, $9, $10, $4, $11, $12, $5, $13, $14, $6 FROM finished
  )
  SELECT count(*)::int AS n FROM finished`);

/** With the data source, the update commits on its own; with a transaction's manager, with it. */
export async function finishAttempt(
  runner: DataSource | EntityManager,
  deliveryId: string,
  outcome: AttemptOutcome,
): Promise<boolean> {
  const [{ n }] = await queryPrepared<{ n: number }>(runner, FINISH_ATTEMPT, [
    deliveryId,
    outcome.attempts,
    outcome.status,
    outcome.url,
    outcome.lastHttpStatus,
    outcome.lastError,
    outcome.nextAttemptAt,
    outcome.deliveredAt,
    outcome.record.startedAt,
    outcome.record.durationMs,
    JSON.stringify(outcome.record.requestHeaders),
    outcome.record.requestBody,
    outcome.record.responseHeaders === null ? null : JSON.stringify(outcome.record.responseHeaders),
    outcome.record.responseBody,
  ]);
  return n > 0;
}
