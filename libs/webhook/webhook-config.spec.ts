import { generateKeyPairSync } from 'node:crypto';
import { ApiError } from '@app/common';
import { isTriggerEnabled, parseWebhookConfigUpdate } from './webhook-config';

describe('webhook config parsing', () => {
  const pem = generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey.export({ type: 'spki', format: 'pem' }).toString();

  it('accepts either field alone and a full configuration', () => {
    expect(parseWebhookConfigUpdate({ useWebhookService: false })).toEqual({ useWebhookService: false });
    const full = parseWebhookConfigUpdate({
      useWebhookService: true,
      webhookServiceConfig: {
        authToken: 't',
        rawNotificationUrl: 'https://hooks.example.com/raw',
        processedNotificationUrl: 'http://hooks.example.com/p',
        encodeData: true,
        encryptData: true,
        publicKey: pem,
        triggers: { 'comment.add': true, 'comment.delete': false },
      },
    });
    expect(full.useWebhookService).toBe(true);
    expect(full.serviceConfig).toMatchObject({ authToken: 't', encodeData: true, encryptData: true, triggers: { 'comment.add': true } });
    expect(isTriggerEnabled(full.serviceConfig!, 'comment.delete')).toBe(false);
    expect(isTriggerEnabled(full.serviceConfig!, 'comment.update')).toBe(true);
  });

  it('takes any registered trigger; one left out keeps its registry default', () => {
    const optedIn = parseWebhookConfigUpdate({ webhookServiceConfig: { triggers: { 'document.migrated': true } } });
    expect(isTriggerEnabled(optedIn.serviceConfig!, 'document.migrated')).toBe(true);
    const silent = parseWebhookConfigUpdate({ webhookServiceConfig: {} });
    expect(isTriggerEnabled(silent.serviceConfig!, 'document.migrated')).toBe(false);
    expect(isTriggerEnabled(silent.serviceConfig!, 'comment.add')).toBe(true);
  });

  it.each([
    [{}],
    [{ useWebhookService: 'true' }],
    [{ useWebhookService: true, extra: 1 }],
    [{ webhookServiceConfig: 'x' }],
    [{ webhookServiceConfig: { rawNotificationUrl: 'ftp://example.com/x' } }],
    [{ webhookServiceConfig: { rawNotificationUrl: 'javascript:alert(1)' } }],
    [{ webhookServiceConfig: { processedNotificationUrl: 'not a url' } }],
    [{ webhookServiceConfig: { rawNotificationUrl: '' } }],
    [{ webhookServiceConfig: { encodeData: 'yes' } }],
    [{ webhookServiceConfig: { encryptData: 1 } }],
    [{ webhookServiceConfig: { encryptData: true } }],
    [{ webhookServiceConfig: { encryptData: true, publicKey: 'not-a-key' } }],
    [{ webhookServiceConfig: { triggers: { 'comment.explode': true } } }],
    [{ webhookServiceConfig: { triggers: { constructor: true } } }],
    [{ webhookServiceConfig: { triggers: { 'comment.add': 'true' } } }],
    [{ webhookServiceConfig: { triggers: [] } }],
    [{ webhookServiceConfig: { authToken: 5 } }],
    [{ webhookServiceConfig: { unknownField: true } }],
  ])('rejects %j with the spec message', (data) => {
    expect(() => parseWebhookConfigUpdate(data as Record<string, unknown>)).toThrow(new ApiError(ApiError.invalid('').code, 'Invalid webhook service configuration.'));
  });
});
