import { ApiError } from '@app/common';
import type { JsonSchema } from '@app/http';
import { EVENT_TRIGGER_NAMES, EventTrigger, isEnabledByDefault, isEventTrigger } from '@app/events';
import { parseRsaPublicKey } from './payload-security';

export const INVALID_WEBHOOK_CONFIG = 'Invalid webhook service configuration.';

/** `webhookServiceConfig` as stored (the authToken is kept apart, encrypted). */
export interface WebhookServiceConfig {
  authToken: string | null;
  rawNotificationUrl: string | null;
  processedNotificationUrl: string | null;
  encodeData: boolean;
  encryptData: boolean;
  publicKey: string | null;
  triggers: Partial<Record<EventTrigger, boolean>>;
}

export interface WebhookConfigUpdate {
  useWebhookService?: boolean;
  serviceConfig?: WebhookServiceConfig;
}

const CONFIG_FIELDS = new Set(['authToken', 'rawNotificationUrl', 'processedNotificationUrl', 'encodeData', 'encryptData', 'publicKey', 'triggers']);
const MAX_URL_LENGTH = 2048;
const MAX_TOKEN_LENGTH = 1024;
const MAX_PUBLIC_KEY_LENGTH = 16_384;

function invalid(): ApiError {
  return ApiError.invalid(INVALID_WEBHOOK_CONFIG);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function optionalBoolean(value: unknown): boolean {
  if (value === undefined) return false;
  if (typeof value !== 'boolean') throw invalid();
  return value;
}

function optionalString(value: unknown, maxLength: number): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string' || value.length === 0 || value.length > maxLength) throw invalid();
  return value;
}

function optionalUrl(value: unknown): string | null {
  const text = optionalString(value, MAX_URL_LENGTH);
  if (text === null) return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw invalid();
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname) throw invalid();
  return url.toString();
}

function triggers(value: unknown): Partial<Record<EventTrigger, boolean>> {
  if (value === undefined) return {};
  if (!isPlainObject(value)) throw invalid();
  const result: Partial<Record<EventTrigger, boolean>> = {};
  for (const [name, enabled] of Object.entries(value)) {
    if (!isEventTrigger(name) || typeof enabled !== 'boolean') throw invalid();
    result[name] = enabled;
  }
  return result;
}

/**
 * The body of /v2/workspace/webhookconfig/update. Every problem answers with the one message the
 * spec gives for an invalid configuration, so this is validated here rather than by field DTOs.
 */
export function parseWebhookConfigUpdate(data: Record<string, unknown>): WebhookConfigUpdate {
  if (Object.keys(data).some((key) => key !== 'useWebhookService' && key !== 'webhookServiceConfig')) throw invalid();
  const { useWebhookService, webhookServiceConfig } = data;
  if (useWebhookService === undefined && webhookServiceConfig === undefined) throw invalid();
  if (useWebhookService !== undefined && typeof useWebhookService !== 'boolean') throw invalid();
  if (webhookServiceConfig === undefined) return { useWebhookService };
  if (!isPlainObject(webhookServiceConfig)) throw invalid();
  if (Object.keys(webhookServiceConfig).some((key) => !CONFIG_FIELDS.has(key))) throw invalid();
  const config: WebhookServiceConfig = {
    authToken: optionalString(webhookServiceConfig.authToken, MAX_TOKEN_LENGTH),
    rawNotificationUrl: optionalUrl(webhookServiceConfig.rawNotificationUrl),
    processedNotificationUrl: optionalUrl(webhookServiceConfig.processedNotificationUrl),
    encodeData: optionalBoolean(webhookServiceConfig.encodeData),
    encryptData: optionalBoolean(webhookServiceConfig.encryptData),
    publicKey: optionalString(webhookServiceConfig.publicKey, MAX_PUBLIC_KEY_LENGTH),
    triggers: triggers(webhookServiceConfig.triggers),
  };
  if (config.publicKey !== null && parseRsaPublicKey(config.publicKey) === null) throw invalid();
  if (config.encryptData && config.publicKey === null) throw invalid();
  return useWebhookService === undefined ? { serviceConfig: config } : { useWebhookService, serviceConfig: config };
}

/** A trigger the configuration does not name keeps its registry default: on for the spec's comment triggers, off for newer ones. */
export function isTriggerEnabled(config: Pick<WebhookServiceConfig, 'triggers'>, trigger: EventTrigger): boolean {
  return config.triggers[trigger] ?? isEnabledByDefault(trigger);
}

function defaults(enabled: boolean): string {
  return EVENT_TRIGGER_NAMES.filter((trigger) => isEnabledByDefault(trigger) === enabled).join(', ');
}

/** OpenAPI schema of the update's `data`, kept beside the parser it describes. */
export const WEBHOOK_CONFIG_UPDATE_SCHEMA: JsonSchema = {
  type: 'object',
  description: 'At least one of the two members is required.',
  properties: {
    useWebhookService: { type: 'boolean' },
    webhookServiceConfig: {
      type: 'object',
      properties: {
        authToken: { type: 'string', minLength: 1, maxLength: MAX_TOKEN_LENGTH, nullable: true },
        rawNotificationUrl: { type: 'string', format: 'uri', maxLength: MAX_URL_LENGTH, nullable: true },
        processedNotificationUrl: { type: 'string', format: 'uri', maxLength: MAX_URL_LENGTH, nullable: true },
        encodeData: { type: 'boolean' },
        encryptData: { type: 'boolean' },
        publicKey: { type: 'string', description: 'PEM RSA public key; required by encryptData.', maxLength: MAX_PUBLIC_KEY_LENGTH, nullable: true },
        triggers: {
          type: 'object',
          description: `Trigger name to flag. A trigger left out keeps its default: on for ${defaults(true)}; off for ${defaults(false)}.`,
          additionalProperties: { type: 'boolean' },
        },
      },
    },
  },
};
