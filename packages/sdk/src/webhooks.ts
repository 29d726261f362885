import { CollabApiError } from './errors';

export interface WebhookHeaders {
  'webhook-id'?: string | null;
  'webhook-timestamp'?: string | null;
  'webhook-signature'?: string | null;
}

export interface VerifyOptions {
  /** An advanced endpoint's `whsec_<base64>` secret, or the basic webhook's auth token (keyed as UTF-8). */
  secret: string;
  /** Deliveries older or newer than this are refused (replay protection); Standard Webhooks says 5 minutes. */
  toleranceSeconds?: number;
  /** PEM PKCS#8 RSA private key, for `encryptData` deliveries. */
  privateKey?: string;
  now?: () => number;
}

export interface EncryptedBody {
  encryptedData: string;
  encryptedKey: string;
  iv: string;
}

const subtle = () => globalThis.crypto.subtle;
const encoder = new TextEncoder();

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function toBase64(bytes: ArrayBuffer): string {
  let binary = '';
  for (const byte of new Uint8Array(bytes)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function header(headers: WebhookHeaders | Headers, name: keyof WebhookHeaders): string {
  const value = headers instanceof Headers ? headers.get(name) : headers[name];
  if (!value) throw new CollabApiError('UNAUTHENTICATED', `Missing ${name} header.`, 401);
  return value;
}

/** Constant-time comparison of two base64 strings. */
function same(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return difference === 0;
}

/**
 * Checks a delivery's Standard Webhooks signature (any of the space-separated `v1,` signatures, so a
 * rotation's overlap passes) and its timestamp; throws CollabApiError UNAUTHENTICATED otherwise.
 */
export async function verifyWebhook(
  rawBody: string,
  headers: WebhookHeaders | Headers,
  options: VerifyOptions,
): Promise<void> {
  const id = header(headers, 'webhook-id');
  const timestamp = header(headers, 'webhook-timestamp');
  const signatures = header(headers, 'webhook-signature');
  const now = Math.floor((options.now?.() ?? Date.now()) / 1000);
  if (!/^\d+$/.test(timestamp) || Math.abs(now - Number(timestamp)) > (options.toleranceSeconds ?? 300)) {
    throw new CollabApiError('UNAUTHENTICATED', 'Webhook timestamp outside the tolerance.', 401);
  }
  const keyBytes = options.secret.startsWith('whsec_')
    ? fromBase64(options.secret.slice('whsec_'.length))
    : encoder.encode(options.secret);
  const key = await subtle().importKey('raw', keyBytes, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const expected = toBase64(await subtle().sign('HMAC', key, encoder.encode(`${id}.${timestamp}.${rawBody}`)));
  const valid = signatures.split(' ').some((entry) => entry.startsWith('v1,') && same(entry.slice(3), expected));
  if (!valid) throw new CollabApiError('UNAUTHENTICATED', 'Webhook signature does not match.', 401);
}

/** Decrypts an `encryptData` body: the AES-256-CBC key is unwrapped with RSA-OAEP SHA-256. */
export async function decryptWebhookPayload<T = unknown>(body: EncryptedBody, privateKeyPem: string): Promise<T> {
  const der = fromBase64(privateKeyPem.replace(/-----[^-]+-----/g, '').replace(/\s+/g, ''));
  const rsa = await subtle().importKey('pkcs8', der, { name: 'RSA-OAEP', hash: 'SHA-256' }, false, ['decrypt']);
  const aesKey = await subtle().decrypt({ name: 'RSA-OAEP' }, rsa, fromBase64(body.encryptedKey));
  const aes = await subtle().importKey('raw', aesKey, { name: 'AES-CBC' }, false, ['decrypt']);
  const plain = await subtle().decrypt(
    { name: 'AES-CBC', iv: fromBase64(body.iv) },
    aes,
    fromBase64(body.encryptedData),
  );
  return JSON.parse(new TextDecoder().decode(plain)) as T;
}

/** Verifies, then returns the payload, decrypting it when the body is an encrypted envelope and a key is given. */
export async function readWebhook<T = unknown>(
  rawBody: string,
  headers: WebhookHeaders | Headers,
  options: VerifyOptions,
): Promise<T> {
  await verifyWebhook(rawBody, headers, options);
  const body = JSON.parse(rawBody) as T | EncryptedBody;
  const encrypted =
    body && typeof body === 'object' && 'encryptedData' in body && 'encryptedKey' in body && 'iv' in body;
  if (encrypted && options.privateKey) return decryptWebhookPayload<T>(body, options.privateKey);
  return body as T;
}
