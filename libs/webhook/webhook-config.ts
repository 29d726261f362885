import { ApiError } from '@app/common';
import type { JsonSchema } from '@app/http';
import { EventTrigger, isEnabledByDefault } from '@app/events';
import { UpdateWebhookConfigDto } from './dto/webhook-config.dto';
import { flatTriggerFlags, INERT_TRIGGER_NAMES } from './webhook-triggers';

/** The spec's one message for a malformed configuration (its Errors table). */
export const INVALID_WEBHOOK_CONFIG = 'Invalid webhook service configuration.';

/** `webhookServiceConfig` as a whole (the authToken is stored apart, encrypted); triggers by flat key. */
export interface WebhookServiceConfig {
  authToken: string | null;
  rawNotificationUrl: string | null;
  processedNotificationUrl: string | null;
  encodeData: boolean;
  encryptData: boolean;
  publicKey: string | null;
  triggers: Record<string, boolean>;
}

/** What an update says about each field: absent keeps the stored value, null clears it (the update merges). */
export type WebhookServiceConfigPatch = {
  [Field in Exclude<keyof WebhookServiceConfig, 'triggers'>]?: WebhookServiceConfig[Field] | null;
} & { triggers?: Record<string, boolean | null> | null };

export interface WebhookConfigUpdate {
  useWebhookService?: boolean;
  /** Null clears the whole service configuration. */
  patch?: WebhookServiceConfigPatch | null;
}

export const EMPTY_SERVICE_CONFIG: Readonly<WebhookServiceConfig> = Object.freeze({
  authToken: null,
  rawNotificationUrl: null,
  processedNotificationUrl: null,
  encodeData: false,
  encryptData: false,
  publicKey: null,
  triggers: {},
});

/** The fields that name a receiver: vetted against private addresses at config time. */
export const URL_FIELDS = ['rawNotificationUrl', 'processedNotificationUrl'] as const;

function invalid(): ApiError {
  return ApiError.invalid(INVALID_WEBHOOK_CONFIG);
}

function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as T;
}

/** A validated update as what it changes: URLs normalised, triggers in their flat form, a null flag meaning off. */
export function webhookConfigUpdate(dto: UpdateWebhookConfigDto): WebhookConfigUpdate {
  const { useWebhookService, webhookServiceConfig: config } = dto;
  if (useWebhookService === undefined && config === undefined) throw invalid();
  const update: WebhookConfigUpdate = {};
  if (useWebhookService !== undefined) update.useWebhookService = useWebhookService ?? false;
  if (config === null) update.patch = null;
  if (config === undefined || config === null) return update;
  const url = (value: string | null | undefined) => (typeof value === 'string' ? new URL(value).toString() : value);
  update.patch = withoutUndefined<WebhookServiceConfigPatch>({
    authToken: config.authToken,
    rawNotificationUrl: url(config.rawNotificationUrl),
    processedNotificationUrl: url(config.processedNotificationUrl),
    encodeData: config.encodeData,
    encryptData: config.encryptData,
    publicKey: config.publicKey,
    triggers: config.triggers == null ? config.triggers : flatTriggerFlags(config.triggers),
  });
  return update;
}

/**
 * The stored configuration with the patch applied: absent fields keep their value, null clears one
 * (booleans to false, triggers to their defaults), and trigger flags merge one by one. The result is
 * checked as a whole, so clearing the publicKey of an encrypting configuration is refused.
 */
export function mergeServiceConfig(
  stored: WebhookServiceConfig,
  patch: WebhookServiceConfigPatch | null,
): WebhookServiceConfig {
  if (patch === null) return { ...EMPTY_SERVICE_CONFIG, triggers: {} };
  const pick = <Field extends keyof WebhookServiceConfig>(field: Field): WebhookServiceConfig[Field] => {
    const value = patch[field];
    if (value === undefined) return stored[field];
    return (value ?? EMPTY_SERVICE_CONFIG[field]) as WebhookServiceConfig[Field];
  };
  const triggers: Record<string, boolean> = patch.triggers === null ? {} : { ...stored.triggers };
  for (const [name, enabled] of Object.entries(patch.triggers ?? {})) {
    if (enabled === null) delete triggers[name];
    else triggers[name] = enabled;
  }
  const merged: WebhookServiceConfig = {
    authToken: pick('authToken'),
    rawNotificationUrl: pick('rawNotificationUrl'),
    processedNotificationUrl: pick('processedNotificationUrl'),
    encodeData: pick('encodeData'),
    encryptData: pick('encryptData'),
    publicKey: pick('publicKey'),
    triggers,
  };
  if (merged.encryptData && merged.publicKey === null) throw invalid();
  return merged;
}

/** A trigger the configuration does not name keeps its registry default: on for the spec's comment triggers, off for newer ones. */
export function isTriggerEnabled(config: Pick<WebhookServiceConfig, 'triggers'>, trigger: EventTrigger): boolean {
  return config.triggers[trigger] ?? isEnabledByDefault(trigger);
}

const INERT_NOTE = `Accepted and stored for Velt compatibility but never delivered, because their feature is not served here: ${INERT_TRIGGER_NAMES.join(', ')}.`;

/** What /v2/workspace/webhookconfig/get answers: the stored configuration without its secret. */
export interface WebhookConfigView {
  useWebhookService: boolean;
  webhookServiceConfig: Omit<WebhookServiceConfig, 'authToken'> & { authTokenSet: boolean };
}

export function webhookConfigView(
  useWebhookService: boolean,
  config: Omit<WebhookServiceConfig, 'authToken'>,
  authTokenSet: boolean,
): WebhookConfigView {
  const { rawNotificationUrl, processedNotificationUrl, encodeData, encryptData, publicKey, triggers } = config;
  return {
    useWebhookService,
    webhookServiceConfig: {
      authTokenSet,
      rawNotificationUrl,
      processedNotificationUrl,
      encodeData,
      encryptData,
      publicKey,
      triggers,
    },
  };
}

/** OpenAPI schema of the get's `data`. */
export const WEBHOOK_CONFIG_VIEW_SCHEMA: JsonSchema = {
  type: 'object',
  required: ['useWebhookService', 'webhookServiceConfig'],
  properties: {
    useWebhookService: { type: 'boolean' },
    webhookServiceConfig: {
      type: 'object',
      description:
        'The stored configuration. The authToken is never returned: `authTokenSet` says whether one is stored (Velt returns the token itself).',
      properties: {
        authTokenSet: {
          type: 'boolean',
          description: 'True when an authToken is stored; the token itself is masked by being left out.',
        },
        rawNotificationUrl: { type: 'string', nullable: true },
        processedNotificationUrl: { type: 'string', nullable: true },
        encodeData: { type: 'boolean' },
        encryptData: { type: 'boolean' },
        publicKey: { type: 'string', nullable: true },
        triggers: {
          type: 'object',
          description: `The flags set explicitly; a trigger left out has its default. ${INERT_NOTE}`,
          additionalProperties: { type: 'boolean' },
        },
      },
    },
  },
};
