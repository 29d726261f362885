import { AdvancedWebhookConfig } from './advanced-webhook-config.entity';
import { WebhookAttempt } from './webhook-attempt.entity';
import { WebhookConfig } from './webhook-config.entity';
import { WebhookDelivery } from './webhook-delivery.entity';
import { WebhookEndpoint } from './webhook-endpoint.entity';
import { WebhookEvent } from './webhook-event.entity';

export * from './advanced-webhook-config.entity';
export * from './webhook-attempt.entity';
export * from './webhook-config.entity';
export * from './webhook-delivery.entity';
export * from './webhook-endpoint.entity';
export * from './webhook-event.entity';

/** The tables this module owns: registered by its module (forFeature) and by the schema CLI. */
export const WEBHOOK_ENTITIES = [
  AdvancedWebhookConfig,
  WebhookAttempt,
  WebhookConfig,
  WebhookDelivery,
  WebhookEndpoint,
  WebhookEvent,
];
