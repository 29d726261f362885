import { generateKeyPairSync } from 'node:crypto';
import { encryptPayload, signWebhook } from '../../../libs/webhook/payload-security';
import { CollabApiError } from './errors';
import { decryptWebhookPayload, readWebhook, verifyWebhook } from './webhooks';

/** The server's own signer and encrypter (libs/webhook) produce what the SDK must accept. */
describe('webhook helper', () => {
  const now = 1_800_000_000;
  const body = JSON.stringify({ event: 'comment.add', n: 1 });
  const headers = (secret: string, at = now) => ({
    'webhook-id': 'msg_1',
    'webhook-timestamp': String(at),
    'webhook-signature': signWebhook('msg_1', at, body, secret),
  });
  const options = (secret: string) => ({ secret, now: () => now * 1000 });

  it("accepts the server's signature keyed with the auth token", async () => {
    await expect(verifyWebhook(body, headers('token-1'), options('token-1'))).resolves.toBeUndefined();
  });

  it('accepts a whsec_ secret (base64 key bytes) and any of several signatures', async () => {
    const key = Buffer.from('0123456789abcdef0123456789abcdef');
    const secret = `whsec_${key.toString('base64')}`;
    const signed = signWebhook('msg_1', now, body, key.toString('latin1'));
    const both = { ...headers('other'), 'webhook-signature': `v1,AAAA ${signed}` };
    await expect(verifyWebhook(body, both, options(secret))).resolves.toBeUndefined();
  });

  it('refuses a wrong secret, a tampered body, a stale timestamp and missing headers', async () => {
    await expect(verifyWebhook(body, headers('token-1'), options('token-2'))).rejects.toThrow(CollabApiError);
    await expect(verifyWebhook(`${body} `, headers('token-1'), options('token-1'))).rejects.toThrow('signature');
    await expect(verifyWebhook(body, headers('token-1', now - 301), options('token-1'))).rejects.toThrow('timestamp');
    await expect(verifyWebhook(body, new Headers(), options('token-1'))).rejects.toMatchObject({
      status: 'UNAUTHENTICATED',
      httpStatus: 401,
    });
  });

  it('decrypts an encryptData body with the private key', async () => {
    const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const payload = { actionType: 'added', text: 'é ✓' };
    const encrypted = encryptPayload(payload, publicKey);
    await expect(decryptWebhookPayload(encrypted, pem)).resolves.toEqual(payload);
    const raw = JSON.stringify(encrypted);
    const signed = {
      'webhook-id': 'm',
      'webhook-timestamp': String(now),
      'webhook-signature': signWebhook('m', now, raw, 't'),
    };
    await expect(readWebhook(raw, signed, { ...options('t'), privateKey: pem })).resolves.toEqual(payload);
  });
});
