import {
  constants,
  createCipheriv,
  createHmac,
  createPublicKey,
  KeyObject,
  publicEncrypt,
  randomBytes,
} from 'node:crypto';

export interface EncryptedBody {
  encryptedData: string;
  encryptedKey: string;
  iv: string;
}

export interface BodyOptions {
  encodeData: boolean;
  encryptData: boolean;
  publicKey: KeyObject | null;
}

/**
 * The configured RSA public key: PEM (SPKI or PKCS#1 armour), or bare base64 of the DER
 * SubjectPublicKeyInfo or PKCS#1 RSAPublicKey (what many key tools print without armour); null otherwise.
 */
export function parseRsaPublicKey(text: string): KeyObject | null {
  // createPublicKey would derive the public half of a pasted private key; refuse it rather than store a secret.
  if (text.includes('PRIVATE KEY')) return null;
  const der = (): Buffer => Buffer.from(text.replace(/\s+/g, ''), 'base64');
  const attempts: Array<() => KeyObject> = [
    () => createPublicKey(text),
    () => createPublicKey({ key: der(), format: 'der', type: 'spki' }),
    () => createPublicKey({ key: der(), format: 'der', type: 'pkcs1' }),
  ];
  for (const attempt of attempts) {
    try {
      const key = attempt();
      if (key.asymmetricKeyType === 'rsa') return key;
    } catch {
      // Not this encoding; try the next one.
    }
  }
  return null;
}

export function encodePayload(payload: unknown): { encodedPayload: string } {
  return { encodedPayload: Buffer.from(JSON.stringify(payload), 'utf8').toString('base64') };
}

/** AES-256-CBC under a fresh key and IV; the key travels wrapped with RSA-OAEP SHA-256 (docs/architecture.md "Webhooks"). */
export function encryptPayload(payload: unknown, publicKey: KeyObject): EncryptedBody {
  const key = randomBytes(32);
  const iv = randomBytes(16);
  const cipher = createCipheriv('aes-256-cbc', key, iv);
  const encryptedData = Buffer.concat([cipher.update(JSON.stringify(payload), 'utf8'), cipher.final()]);
  const encryptedKey = publicEncrypt(
    { key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    key,
  );
  return {
    encryptedData: encryptedData.toString('base64'),
    encryptedKey: encryptedKey.toString('base64'),
    iv: iv.toString('base64'),
  };
}

/** The JSON body actually sent: encryption wins over encoding when both are set. */
export function buildDeliveryBody(payload: unknown, options: BodyOptions): string {
  if (options.encryptData && options.publicKey) return JSON.stringify(encryptPayload(payload, options.publicKey));
  if (options.encodeData) return JSON.stringify(encodePayload(payload));
  return JSON.stringify(payload);
}

/** Standard Webhooks signature: `v1,` + base64 HMAC-SHA256 of `id.timestamp.body`, keyed with the secret's UTF-8 bytes. */
export function signWebhook(webhookId: string, timestampSeconds: number, body: string, secret: string): string {
  const mac = createHmac('sha256', Buffer.from(secret, 'utf8'))
    .update(`${webhookId}.${timestampSeconds}.${body}`)
    .digest('base64');
  return `v1,${mac}`;
}

export function deliveryHeaders(
  webhookId: string,
  body: string,
  authToken: string | null,
  now: Date,
): Record<string, string> {
  const timestamp = Math.floor(now.getTime() / 1000);
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'user-agent': 'collab-backend-webhooks/1',
    'webhook-id': webhookId,
    'webhook-timestamp': String(timestamp),
  };
  if (authToken) {
    headers.authorization = `Basic ${authToken}`;
    headers['webhook-signature'] = signWebhook(webhookId, timestamp, body, authToken);
  }
  return headers;
}
