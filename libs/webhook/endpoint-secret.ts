import { createHmac, randomBytes } from 'node:crypto';

export const SECRET_PREFIX = 'whsec_';
/** Standard Webhooks asks for 24 to 64 bytes of key; Velt's example secret decodes to 24. */
const SECRET_BYTES = 24;

/** A fresh endpoint signing secret: `whsec_` + base64 of random bytes, as Svix and Velt issue them. */
export function generateEndpointSecret(): string {
  return SECRET_PREFIX + randomBytes(SECRET_BYTES).toString('base64');
}

/** The HMAC key of a secret: the base64-decoded part after `whsec_` (Standard Webhooks); null when malformed. */
export function secretKey(secret: string): Buffer | null {
  if (!secret.startsWith(SECRET_PREFIX)) return null;
  const encoded = secret.slice(SECRET_PREFIX.length);
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(encoded) || encoded.length % 4 !== 0) return null;
  const key = Buffer.from(encoded, 'base64');
  return key.length > 0 ? key : null;
}

/** `v1,` + base64 HMAC-SHA256 of `id.timestamp.body` under `key`. */
export function signWithKey(webhookId: string, timestampSeconds: number, body: string, key: Buffer): string {
  return `v1,${createHmac('sha256', key).update(`${webhookId}.${timestampSeconds}.${body}`).digest('base64')}`;
}

/**
 * Standard Webhooks headers signed with every secret in `secrets` (space-separated signatures), so a
 * receiver still holding the secret before a rotation verifies during the overlap.
 */
export function endpointDeliveryHeaders(
  webhookId: string,
  body: string,
  secrets: readonly string[],
  now: Date,
): Record<string, string> {
  const timestamp = Math.floor(now.getTime() / 1000);
  const signatures = secrets.flatMap((secret) => {
    const key = secretKey(secret);
    return key ? [signWithKey(webhookId, timestamp, body, key)] : [];
  });
  return {
    'content-type': 'application/json',
    'user-agent': 'collab-backend-webhooks/1',
    'webhook-id': webhookId,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signatures.join(' '),
  };
}
