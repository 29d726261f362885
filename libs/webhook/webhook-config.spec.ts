import { generateKeyPairSync } from 'node:crypto';
import { ApiError, validatedDto } from '@app/common';
import { UpdateWebhookConfigDto } from './dto/webhook-config.dto';
import {
  EMPTY_SERVICE_CONFIG,
  INVALID_WEBHOOK_CONFIG,
  isTriggerEnabled,
  mergeServiceConfig,
  webhookConfigUpdate,
  WebhookServiceConfig,
} from './webhook-config';

/** The update as the route reads it: validated into its DTO with the spec's message, then turned into changes. */
function parseWebhookConfigUpdate(data: Record<string, unknown>) {
  return webhookConfigUpdate(validatedDto(UpdateWebhookConfigDto, data, { invalidMessage: INVALID_WEBHOOK_CONFIG }));
}

describe('webhook config parsing', () => {
  const INVALID = new ApiError(ApiError.invalid('').code, 'Invalid webhook service configuration.');
  const key = generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey;
  const pem = key.export({ type: 'spki', format: 'pem' }).toString();
  const pkcs1Base64 = key.export({ type: 'pkcs1', format: 'der' }).toString('base64');
  const stored: WebhookServiceConfig = {
    authToken: 'stored-token',
    rawNotificationUrl: 'https://hooks.example.com/raw',
    processedNotificationUrl: 'https://hooks.example.com/processed',
    encodeData: true,
    encryptData: true,
    publicKey: pem,
    triggers: { 'comment.add': false, 'document.migrated': true },
  };

  /** Parses an update and applies it to `base`, as the service does. */
  function applied(base: WebhookServiceConfig, data: Record<string, unknown>): WebhookServiceConfig {
    const { patch } = parseWebhookConfigUpdate(data);
    if (patch === undefined) throw new Error('the update carries no webhookServiceConfig');
    return mergeServiceConfig(base, patch);
  }

  it('accepts either field alone and a full configuration', () => {
    expect(parseWebhookConfigUpdate({ useWebhookService: false })).toEqual({ useWebhookService: false });
    const full = applied(EMPTY_SERVICE_CONFIG, {
      useWebhookService: true,
      webhookServiceConfig: {
        authToken: 't',
        rawNotificationUrl: 'https://hooks.example.com/raw',
        processedNotificationUrl: 'http://hooks.example.com/p',
        encodeData: true,
        encryptData: true,
        publicKey: pkcs1Base64,
        triggers: { 'comment.add': true, 'comment.delete': false },
      },
    });
    expect(full).toMatchObject({
      authToken: 't',
      encodeData: true,
      encryptData: true,
      publicKey: pkcs1Base64,
      triggers: { 'comment.add': true, 'comment.delete': false },
    });
    expect(isTriggerEnabled(full, 'comment.delete')).toBe(false);
    expect(isTriggerEnabled(full, 'comment.update')).toBe(true);
  });

  it('takes any registered trigger; one left out keeps its registry default', () => {
    const optedIn = applied(EMPTY_SERVICE_CONFIG, {
      webhookServiceConfig: { triggers: { 'document.migrated': true } },
    });
    expect(isTriggerEnabled(optedIn, 'document.migrated')).toBe(true);
    const silent = applied(EMPTY_SERVICE_CONFIG, { webhookServiceConfig: {} });
    expect(isTriggerEnabled(silent, 'document.migrated')).toBe(false);
    expect(isTriggerEnabled(silent, 'comment.add')).toBe(true);
  });

  it("accepts and stores Velt's suggestion triggers, which never fire here", () => {
    const config = applied(EMPTY_SERVICE_CONFIG, {
      webhookServiceConfig: {
        triggers: { 'comment_annotation.suggestion_accept': true, 'comment_annotation.suggestion_reject': false },
      },
    });
    expect(config.triggers).toEqual({
      'comment_annotation.suggestion_accept': true,
      'comment_annotation.suggestion_reject': false,
    });
  });

  it("takes every event type of Velt's advanced list as a key, and the nested TriggersConfig stored as flat keys", () => {
    const flat = {
      'huddle.create': true,
      'huddle.join': false,
      'recorder.done': true,
      'crdt.update_data': true,
      'comment_annotation.subscribe': true,
      'step.failed': false,
    };
    expect(applied(EMPTY_SERVICE_CONFIG, { webhookServiceConfig: { triggers: flat } }).triggers).toEqual(flat);
    const nested = {
      comment: { add: false, delete: true },
      huddle: { add: true, update: false, delete: true },
      recorder: { done: false },
    };
    expect(
      applied(stored, { webhookServiceConfig: { triggers: { ...nested, 'comment.update': false } } }).triggers,
    ).toEqual({
      'comment.add': false,
      'comment.delete': true,
      'comment.update': false,
      'document.migrated': true,
      'huddle.add': true,
      'huddle.update': false,
      'huddle.delete': true,
      'recorder.done': false,
    });
    expect(applied(stored, { webhookServiceConfig: { triggers: { comment: { add: null } } } }).triggers).toEqual({
      'document.migrated': true,
    });
  });

  describe('merging into the stored configuration', () => {
    it('keeps every field the update leaves out', () => {
      expect(applied(stored, { webhookServiceConfig: {} })).toEqual(stored);
      expect(applied(stored, { webhookServiceConfig: { rawNotificationUrl: 'https://new.example.com/r' } })).toEqual({
        ...stored,
        rawNotificationUrl: 'https://new.example.com/r',
      });
    });

    it('clears a field sent as null: strings to null, flags to false', () => {
      expect(
        applied(stored, {
          webhookServiceConfig: { authToken: null, processedNotificationUrl: null, encodeData: null },
        }),
      ).toEqual({
        ...stored,
        authToken: null,
        processedNotificationUrl: null,
        encodeData: false,
      });
      expect(applied(stored, { webhookServiceConfig: { encryptData: null, publicKey: null } })).toMatchObject({
        encryptData: false,
        publicKey: null,
      });
    });

    it('merges trigger flags one by one; null resets one flag, or all of them', () => {
      expect(applied(stored, { webhookServiceConfig: { triggers: { 'comment.update': false } } }).triggers).toEqual({
        'comment.add': false,
        'document.migrated': true,
        'comment.update': false,
      });
      expect(
        applied(stored, { webhookServiceConfig: { triggers: { 'comment.add': null, 'document.migrated': false } } })
          .triggers,
      ).toEqual({ 'document.migrated': false });
      expect(applied(stored, { webhookServiceConfig: { triggers: null } }).triggers).toEqual({});
    });

    it('clears the whole configuration when webhookServiceConfig is null', () => {
      expect(parseWebhookConfigUpdate({ webhookServiceConfig: null })).toEqual({ patch: null });
      expect(mergeServiceConfig(stored, null)).toEqual(EMPTY_SERVICE_CONFIG);
      expect(parseWebhookConfigUpdate({ useWebhookService: null })).toEqual({ useWebhookService: false });
    });

    it('checks the merged result: clearing the key of an encrypting configuration is refused', () => {
      expect(() => applied(stored, { webhookServiceConfig: { publicKey: null } })).toThrow(INVALID);
      expect(() => applied(EMPTY_SERVICE_CONFIG, { webhookServiceConfig: { encryptData: true } })).toThrow(INVALID);
      expect(
        applied({ ...EMPTY_SERVICE_CONFIG, publicKey: pem }, { webhookServiceConfig: { encryptData: true } }),
      ).toMatchObject({ encryptData: true, publicKey: pem });
    });
  });

  it.each([
    [{}],
    [{ useWebhookService: 'true' }],
    [{ webhookServiceConfig: 'x' }],
    [{ webhookServiceConfig: { rawNotificationUrl: 'ftp://example.com/x' } }],
    [{ webhookServiceConfig: { rawNotificationUrl: 'javascript:alert(1)' } }],
    [{ webhookServiceConfig: { processedNotificationUrl: 'not a url' } }],
    [{ webhookServiceConfig: { rawNotificationUrl: '' } }],
    [{ webhookServiceConfig: { encodeData: 'yes' } }],
    [{ webhookServiceConfig: { encryptData: 1 } }],
    [{ webhookServiceConfig: { publicKey: 'not-a-key' } }],
    [{ webhookServiceConfig: { triggers: { 'comment.explode': true } } }],
    [{ webhookServiceConfig: { triggers: { comment: { approve: true } } } }],
    [{ webhookServiceConfig: { triggers: { comment: true } } }],
    [{ webhookServiceConfig: { triggers: { huddle: { done: true } } } }],
    [{ webhookServiceConfig: { triggers: { 'message.attempt.exhausted': true } } }],
    [{ webhookServiceConfig: { triggers: { 'comment.add': 'true' } } }],
    [{ webhookServiceConfig: { triggers: [] } }],
    [{ webhookServiceConfig: { authToken: 5 } }],
  ])('rejects %j with the spec message', (data) => {
    expect(() => parseWebhookConfigUpdate(data as Record<string, unknown>)).toThrow(INVALID);
  });

  it.each([
    [{ useWebhookService: true, extra: 1 }, 'data.extra is not a known field.'],
    [{ webhookServiceConfig: { unknownField: true } }, 'data.webhookServiceConfig.unknownField is not a known field.'],
  ])('refuses the unknown field of %j by its path', (data, message) => {
    expect(() => parseWebhookConfigUpdate(data)).toThrow(new ApiError(ApiError.invalid('').code, message));
  });
});
