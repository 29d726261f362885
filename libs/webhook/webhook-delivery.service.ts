import { Injectable } from '@nestjs/common';
import { createHmac } from 'node:crypto';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { AppConfig, decryptSecret, newId } from '@app/common';
import { actionTypeOf } from '@app/events';
import { ATTEMPT_EXHAUSTED } from './advanced-event-types';
import { AttemptRecord, deliveryToAttempt, DeliveryToAttempt, finishAttempt } from './attempt-sql';
import { receivingEndpoints, writeEndpointDeliveries } from './endpoint-deliveries';
import { endpointDeliveryHeaders } from './endpoint-secret';
import { EndpointRateLimiter } from './endpoint-rate-limiter';
import { WebhookConfig } from './entities/webhook-config.entity';
import { ATTEMPT_REQUEST_BODY_MAX_BYTES } from './entities/webhook-attempt.entity';
import { WebhookDelivery } from './entities/webhook-delivery.entity';
import { WebhookEvent } from './entities/webhook-event.entity';
import { buildDeliveryBody, deliveryHeaders, parseRsaPublicKey, signWebhook } from './payload-security';
import { AttemptResult, DeliveryDecision, decideAfterAttempt } from './retry-policy';
import { WebhookSender } from './webhook-sender';
import { WebhookProducer } from './webhook.producer';

const MAX_ERROR_LENGTH = 500;

/** What the processor does next: the retry policy's decision, or a wait for the endpoint's rate limit, or nothing (cancelled). */
export type AttemptDecision = DeliveryDecision | { outcome: 'throttled'; delayMs: number } | { outcome: 'cancelled' };

/** What one attempt sends: URL, headers and body. */
interface Request {
  url: string;
  headers: Record<string, string>;
  body: string;
}

/** The attempt as the delivery log keeps it: `authorization` carries the basic configuration's auth token, so it is masked. */
function attemptRecord(request: Request, result: AttemptResult, startedAt: Date, durationMs: number): AttemptRecord {
  const { authorization, ...headers } = request.headers;
  return {
    startedAt,
    durationMs,
    requestHeaders: authorization === undefined ? headers : { ...headers, authorization: 'Basic …' },
    requestBody:
      request.body.length > ATTEMPT_REQUEST_BODY_MAX_BYTES
        ? `${request.body.slice(0, ATTEMPT_REQUEST_BODY_MAX_BYTES)}…`
        : request.body,
    responseHeaders: 'response' in result && result.response ? result.response.headers : null,
    responseBody: 'response' in result && result.response ? result.response.body : null,
  };
}

/** One attempt of one delivery, recorded on its row. Used by the worker's processor (and by tests). */
@Injectable()
export class WebhookDeliveryService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly config: AppConfig,
    private readonly sender: WebhookSender,
    private readonly rateLimiter: EndpointRateLimiter,
    private readonly producer: WebhookProducer,
  ) {}

  /** Null when there is nothing to do: the delivery is gone or already finished (a duplicate job). */
  async attempt(deliveryId: string): Promise<AttemptDecision | null> {
    const delivery = await deliveryToAttempt(this.dataSource, deliveryId);
    if (!delivery || delivery.status !== 'pending') return null;
    let request: Request;
    if (delivery.target === 'execution') {
      request = this.executionRequest(delivery);
    } else if (delivery.endpointId === null) {
      request = await this.basicRequest(delivery);
    } else {
      const prepared = await this.endpointRequest(delivery);
      if ('outcome' in prepared) return prepared;
      request = prepared;
    }
    const startedAt = new Date();
    const result = await this.sender.send(request.url, request.headers, request.body);
    const attempts = delivery.attempts + 1;
    const now = new Date();
    const decision = decideAfterAttempt(result, attempts, this.config.webhookRetryScheduleMs, now);
    const outcome = {
      attempts,
      status: decision.outcome === 'retry' ? 'pending' : decision.outcome,
      url: request.url,
      lastHttpStatus: 'httpStatus' in result ? result.httpStatus : null,
      lastError: 'error' in result ? result.error.slice(0, MAX_ERROR_LENGTH) : null,
      nextAttemptAt: decision.outcome === 'retry' ? new Date(now.getTime() + decision.delayMs) : null,
      deliveredAt: decision.outcome === 'succeeded' ? now : null,
      record: attemptRecord(request, result, startedAt, now.getTime() - startedAt.getTime()),
    } as const;
    const exhausted =
      decision.outcome === 'failed' && delivery.endpointId !== null && delivery.event !== ATTEMPT_EXHAUSTED;
    if (!exhausted) {
      // One statement, committed on its own: only an exhausted report has more to write with it.
      await finishAttempt(this.dataSource, deliveryId, outcome);
      return decision;
    }
    const enqueue = await this.dataSource.transaction(async (manager) =>
      (await finishAttempt(manager, deliveryId, outcome))
        ? this.reportExhausted(manager, delivery, attempts, result, now)
        : [],
    );
    await this.producer.enqueue(enqueue);
    return decision;
  }

  /**
   * A review workflow execution's receiver: Standard Webhooks headers keyed with the UTF-8 bytes of its
   * `webhookSecret` (as basic webhooks are with the auth token), plus Velt's `sha256=<hex>` body signature
   * as `x-svc-signature` and the event id, the same on every attempt.
   */
  private executionRequest(delivery: DeliveryToAttempt): Request {
    const secret = decryptSecret(delivery.secretCiphertext!, this.config.encryptionKey);
    const body = JSON.stringify(delivery.payload);
    const headers = deliveryHeaders(delivery.id, body, null, new Date());
    headers['webhook-signature'] = signWebhook(delivery.id, Number(headers['webhook-timestamp']), body, secret);
    headers['x-svc-signature'] = `sha256=${createHmac('sha256', secret).update(body, 'utf8').digest('hex')}`;
    headers['x-svc-event-id'] = String((delivery.payload as { eventId?: string }).eventId ?? delivery.eventId);
    headers['x-svc-attempt'] = String(delivery.attempts);
    return { url: delivery.url, headers, body };
  }

  private async basicRequest(delivery: DeliveryToAttempt): Promise<Request> {
    const settings = await this.dataSource
      .getRepository(WebhookConfig)
      .findOne({ where: { apiKeyId: delivery.apiKeyId } });
    const service = settings?.serviceConfig;
    const authToken = settings?.authTokenCiphertext
      ? decryptSecret(settings.authTokenCiphertext, this.config.encryptionKey)
      : null;
    const body = buildDeliveryBody(delivery.payload, {
      encodeData: service?.encodeData ?? false,
      encryptData: service?.encryptData ?? false,
      publicKey: service?.publicKey ? parseRsaPublicKey(service.publicKey) : null,
    });
    return { url: delivery.url, headers: deliveryHeaders(delivery.id, body, authToken, new Date()), body };
  }

  /**
   * An endpoint delivery goes to the endpoint's current URL, signed with its current secret (and the
   * previous one during a rotation's overlap). A deleted or disabled endpoint, or advanced webhooks
   * turned off, cancel it (Velt: attempts to a removed or disabled endpoint stop); a rate-limited one waits.
   */
  private async endpointRequest(delivery: DeliveryToAttempt): Promise<Request | AttemptDecision> {
    const { endpoint, settings } = delivery;
    const reason = !endpoint
      ? 'Endpoint deleted.'
      : endpoint.disabled
        ? 'Endpoint disabled.'
        : !settings?.isEnabled
          ? 'Advanced webhooks disabled.'
          : null;
    if (reason !== null || !endpoint || !settings) {
      await this.dataSource
        .getRepository(WebhookDelivery)
        .update(
          { id: delivery.id, status: 'pending' },
          { status: 'cancelled', lastError: reason, nextAttemptAt: null },
        );
      return { outcome: 'cancelled' };
    }
    if (endpoint.rateLimit !== null) {
      const wait = await this.rateLimiter.reserve(endpoint.id, endpoint.rateLimit);
      if (wait > 0) return { outcome: 'throttled', delayMs: wait };
    }
    const secrets = [decryptSecret(endpoint.secretCiphertext, this.config.encryptionKey)];
    if (
      endpoint.previousSecretCiphertext &&
      endpoint.previousSecretExpiresAt &&
      endpoint.previousSecretExpiresAt > new Date()
    ) {
      secrets.push(decryptSecret(endpoint.previousSecretCiphertext, this.config.encryptionKey));
    }
    const body = buildDeliveryBody(delivery.payload, {
      encodeData: settings.encodeData,
      encryptData: settings.encryptData,
      publicKey: settings.publicKey ? parseRsaPublicKey(settings.publicKey) : null,
    });
    return { url: endpoint.url, headers: endpointDeliveryHeaders(delivery.id, body, secrets, new Date()), body };
  }

  /**
   * Svix's `message.attempt.exhausted`, written with the failure itself, to the endpoints subscribed to
   * it except the failing one (it would most likely fail there too). An exhausted report reports nothing,
   * so two failing endpoints cannot notify each other forever.
   */
  private async reportExhausted(
    manager: EntityManager,
    delivery: DeliveryToAttempt,
    attempts: number,
    result: AttemptResult,
    now: Date,
  ): Promise<string[]> {
    const eventId = newId();
    const endpoints = await receivingEndpoints(manager, delivery.apiKeyId);
    const written = await writeEndpointDeliveries(manager, delivery.apiKeyId, endpoints, [
      {
        eventId,
        organizationId: delivery.organizationId,
        documentId: delivery.documentId,
        excludeEndpointId: delivery.endpointId!,
        dueAt: now,
        envelope: {
          event: ATTEMPT_EXHAUSTED,
          actionType: actionTypeOf(ATTEMPT_EXHAUSTED),
          source: 'webhook',
          data: {
            endpointId: delivery.endpointId,
            msgId: delivery.id,
            eventType: delivery.event,
            attempts,
            lastAttempt: {
              timestamp: now.toISOString(),
              responseStatusCode: 'httpStatus' in result ? result.httpStatus : null,
              error: 'error' in result ? result.error.slice(0, MAX_ERROR_LENGTH) : null,
            },
            metadata: {
              apiKey: delivery.apiKeyId,
              organizationId: delivery.organizationId,
              documentId: delivery.documentId,
            },
          },
        },
      },
    ]);
    if (written.length === 0) return [];
    await manager.insert(WebhookEvent, {
      id: eventId,
      apiKeyId: delivery.apiKeyId,
      organizationId: delivery.organizationId,
      documentId: delivery.documentId,
      event: ATTEMPT_EXHAUSTED,
    });
    return written.map((row) => row.id);
  }
}
