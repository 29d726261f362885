import { ApiError } from '@app/common';
import type { JsonSchema } from '@app/http';
import { EVENT_TRIGGER_NAMES, EventTrigger, isEnabledByDefault, isEventTrigger } from '@app/events';
import { parseRsaPublicKey } from './payload-security';

/** Spec (Errors) and docs/architecture.md "Webhooks": the one message for a malformed configuration. */
export const INVALID_WEBHOOK_CONFIG = 'Invalid webhook service configuration.';

/**
 * Velt documents these triggers for webhookconfig/update; they are accepted and stored so Velt
 * configurations work unchanged, but never fire here because suggestions are not served.
 */
export const INERT_TRIGGER_NAMES = ['comment_annotation.suggestion_accept', 'comment_annotation.suggestion_reject'] as const;
export type InertTrigger = (typeof INERT_TRIGGER_NAMES)[number];
export type ConfigurableTrigger = EventTrigger | InertTrigger;

/** `webhookServiceConfig` as a whole (the authToken is stored apart, encrypted). */
export interface WebhookServiceConfig {
  authToken: string | null;
  rawNotificationUrl: string | null;
  processedNotificationUrl: string | null;
  encodeData: boolean;
  encryptData: boolean;
  publicKey: string | null;
  triggers: Partial<Record<ConfigurableTrigger, boolean>>;
}

/** What an update says about each field: absent keeps the stored value, null clears it (docs/architecture.md "Webhooks": update merges). */
export type WebhookServiceConfigPatch = {
  [Field in Exclude<keyof WebhookServiceConfig, 'triggers'>]?: WebhookServiceConfig[Field] | null;
} & { triggers?: Partial<Record<ConfigurableTrigger, boolean | null>> | null };

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

const CONFIG_FIELDS = new Set<string>(['authToken', ...URL_FIELDS, 'encodeData', 'encryptData', 'publicKey', 'triggers']);
const MAX_URL_LENGTH = 2048;
const MAX_TOKEN_LENGTH = 1024;
const MAX_PUBLIC_KEY_LENGTH = 16_384;

function invalid(): ApiError {
  return ApiError.invalid(INVALID_WEBHOOK_CONFIG);
}

/** docs/architecture.md "Wire conventions": an unknown field is refused by its path, like every other route's. */
function refuseUnknown(value: Record<string, unknown>, known: Set<string>, path: string): void {
  const unknown = Object.keys(value).find((key) => !known.has(key));
  if (unknown !== undefined) throw ApiError.invalid(`${path}.${unknown} is not a known field.`);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isConfigurableTrigger(name: string): name is ConfigurableTrigger {
  return isEventTrigger(name) || (INERT_TRIGGER_NAMES as readonly string[]).includes(name);
}

function booleanPatch(value: unknown): boolean | null | undefined {
  if (value === undefined || value === null) return value;
  if (typeof value !== 'boolean') throw invalid();
  return value;
}

function stringPatch(value: unknown, maxLength: number): string | null | undefined {
  if (value === undefined || value === null) return value;
  if (typeof value !== 'string' || value.length === 0 || value.length > maxLength) throw invalid();
  return value;
}

function urlPatch(value: unknown): string | null | undefined {
  const text = stringPatch(value, MAX_URL_LENGTH);
  if (text === undefined || text === null) return text;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw invalid();
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname) throw invalid();
  return url.toString();
}

function publicKeyPatch(value: unknown): string | null | undefined {
  const text = stringPatch(value, MAX_PUBLIC_KEY_LENGTH);
  if (typeof text === 'string' && parseRsaPublicKey(text) === null) throw invalid();
  return text;
}

function triggersPatch(value: unknown): WebhookServiceConfigPatch['triggers'] {
  if (value === undefined || value === null) return value;
  if (!isPlainObject(value)) throw invalid();
  const result: Partial<Record<ConfigurableTrigger, boolean | null>> = {};
  for (const [name, enabled] of Object.entries(value)) {
    if (!isConfigurableTrigger(name) || (enabled !== null && typeof enabled !== 'boolean')) throw invalid();
    result[name] = enabled;
  }
  return result;
}

function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as T;
}

/**
 * The body of /v2/workspace/webhookconfig/update. A malformed value answers with the spec's one
 * message for an invalid configuration; an unknown field is named by its path (docs/architecture.md "Wire conventions").
 */
export function parseWebhookConfigUpdate(data: Record<string, unknown>): WebhookConfigUpdate {
  refuseUnknown(data, new Set(['useWebhookService', 'webhookServiceConfig']), 'data');
  const { useWebhookService, webhookServiceConfig } = data;
  if (useWebhookService === undefined && webhookServiceConfig === undefined) throw invalid();
  const update: WebhookConfigUpdate = {};
  // Null clears the flag to its default, off, like any other field.
  const enabled = booleanPatch(useWebhookService);
  if (enabled !== undefined) update.useWebhookService = enabled ?? false;
  if (webhookServiceConfig === null) update.patch = null;
  if (webhookServiceConfig === undefined || webhookServiceConfig === null) return update;
  if (!isPlainObject(webhookServiceConfig)) throw invalid();
  refuseUnknown(webhookServiceConfig, CONFIG_FIELDS, 'data.webhookServiceConfig');
  update.patch = withoutUndefined<WebhookServiceConfigPatch>({
    authToken: stringPatch(webhookServiceConfig.authToken, MAX_TOKEN_LENGTH),
    rawNotificationUrl: urlPatch(webhookServiceConfig.rawNotificationUrl),
    processedNotificationUrl: urlPatch(webhookServiceConfig.processedNotificationUrl),
    encodeData: booleanPatch(webhookServiceConfig.encodeData),
    encryptData: booleanPatch(webhookServiceConfig.encryptData),
    publicKey: publicKeyPatch(webhookServiceConfig.publicKey),
    triggers: triggersPatch(webhookServiceConfig.triggers),
  });
  return update;
}

/**
 * The stored configuration with the patch applied: absent fields keep their value, null clears one
 * (booleans to false, triggers to their defaults), and trigger flags merge one by one. The result is
 * checked as a whole, so clearing the publicKey of an encrypting configuration is refused.
 */
export function mergeServiceConfig(stored: WebhookServiceConfig, patch: WebhookServiceConfigPatch | null): WebhookServiceConfig {
  if (patch === null) return { ...EMPTY_SERVICE_CONFIG, triggers: {} };
  const pick = <Field extends keyof WebhookServiceConfig>(field: Field): WebhookServiceConfig[Field] => {
    const value = patch[field];
    if (value === undefined) return stored[field];
    return (value ?? EMPTY_SERVICE_CONFIG[field]) as WebhookServiceConfig[Field];
  };
  const triggers: Partial<Record<ConfigurableTrigger, boolean>> = patch.triggers === null ? {} : { ...stored.triggers };
  for (const [name, enabled] of Object.entries(patch.triggers ?? {}) as Array<[ConfigurableTrigger, boolean | null]>) {
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

function defaults(enabled: boolean): string {
  return EVENT_TRIGGER_NAMES.filter((trigger) => isEnabledByDefault(trigger) === enabled).join(', ');
}

const MERGE_NOTE = 'Merged into the stored value: an absent field keeps it, null clears it.';
const INERT_NOTE = `Accepted and stored for Velt compatibility but never delivered, because suggestions are not served here: ${INERT_TRIGGER_NAMES.join(', ')}.`;
const TRIGGERS_DESCRIPTION =
  `Trigger name to flag, merged flag by flag into the stored ones (null resets one flag; null for the whole object resets all). ` +
  `A trigger never set keeps its default: on for ${defaults(true)}; off for ${defaults(false)}. ${INERT_NOTE}`;
const PUBLIC_KEY_DESCRIPTION =
  'RSA public key for encryptData, which requires it: PEM (SPKI or PKCS#1), or bare base64 of the DER SPKI or PKCS#1 key without armour.';

/** One documented flag per trigger, so generated clients and Velt's field list line up. */
function triggerProperties(): Record<string, JsonSchema> {
  const flag: JsonSchema = { type: 'boolean', nullable: true };
  const inert: JsonSchema = { ...flag, description: 'Accepted and stored; never fires here because suggestions are not served.' };
  return Object.fromEntries<JsonSchema>([...EVENT_TRIGGER_NAMES.map((name) => [name, flag] as const), ...INERT_TRIGGER_NAMES.map((name) => [name, inert] as const)]);
}

/** OpenAPI schema of the update's `data`, kept beside the parser it describes. */
export const WEBHOOK_CONFIG_UPDATE_SCHEMA: JsonSchema = {
  type: 'object',
  description: `At least one of the two members is required. ${MERGE_NOTE}`,
  additionalProperties: false,
  properties: {
    useWebhookService: { type: 'boolean', nullable: true, description: 'Turns delivery on or off; null turns it off.' },
    webhookServiceConfig: {
      type: 'object',
      nullable: true,
      additionalProperties: false,
      description: `${MERGE_NOTE} Null clears the whole configuration.`,
      properties: {
        authToken: { type: 'string', minLength: 1, maxLength: MAX_TOKEN_LENGTH, nullable: true, description: 'Sent as `Authorization: Basic <authToken>` and used as the Standard Webhooks signing key. Never returned.' },
        rawNotificationUrl: { type: 'string', format: 'uri', maxLength: MAX_URL_LENGTH, nullable: true, description: 'http(s) receiver of raw payloads. A private address, or a name resolving to one, is refused; a name that does not resolve yet is accepted and vetted again at every delivery.' },
        processedNotificationUrl: { type: 'string', format: 'uri', maxLength: MAX_URL_LENGTH, nullable: true, description: 'http(s) receiver of processed payloads; vetted as rawNotificationUrl.' },
        encodeData: { type: 'boolean', nullable: true, description: 'Body `{encodedPayload: base64(JSON)}`.' },
        encryptData: { type: 'boolean', nullable: true, description: 'Body `{encryptedData, encryptedKey, iv}`; wins over encodeData.' },
        publicKey: { type: 'string', description: PUBLIC_KEY_DESCRIPTION, maxLength: MAX_PUBLIC_KEY_LENGTH, nullable: true },
        triggers: {
          type: 'object',
          nullable: true,
          description: TRIGGERS_DESCRIPTION,
          additionalProperties: false,
          properties: triggerProperties(),
        },
      },
    },
  },
};

/** What /v2/workspace/webhookconfig/get answers: the stored configuration without its secret. */
export interface WebhookConfigView {
  useWebhookService: boolean;
  webhookServiceConfig: Omit<WebhookServiceConfig, 'authToken'> & { authTokenSet: boolean };
}

export function webhookConfigView(useWebhookService: boolean, config: Omit<WebhookServiceConfig, 'authToken'>, authTokenSet: boolean): WebhookConfigView {
  const { rawNotificationUrl, processedNotificationUrl, encodeData, encryptData, publicKey, triggers } = config;
  return { useWebhookService, webhookServiceConfig: { authTokenSet, rawNotificationUrl, processedNotificationUrl, encodeData, encryptData, publicKey, triggers } };
}

/** OpenAPI schema of the get's `data`. */
export const WEBHOOK_CONFIG_VIEW_SCHEMA: JsonSchema = {
  type: 'object',
  required: ['useWebhookService', 'webhookServiceConfig'],
  properties: {
    useWebhookService: { type: 'boolean' },
    webhookServiceConfig: {
      type: 'object',
      description: 'The stored configuration. The authToken is never returned: `authTokenSet` says whether one is stored (Velt returns the token itself).',
      properties: {
        authTokenSet: { type: 'boolean', description: 'True when an authToken is stored; the token itself is masked by being left out.' },
        rawNotificationUrl: { type: 'string', nullable: true },
        processedNotificationUrl: { type: 'string', nullable: true },
        encodeData: { type: 'boolean' },
        encryptData: { type: 'boolean' },
        publicKey: { type: 'string', nullable: true },
        triggers: { type: 'object', description: `The flags set explicitly; a trigger left out has its default. ${INERT_NOTE}`, additionalProperties: { type: 'boolean' } },
      },
    },
  },
};
