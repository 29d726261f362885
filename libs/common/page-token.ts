import { createHmac, timingSafeEqual } from 'node:crypto';
import { ApiError } from './api-error';

/**
 * Opaque keyset cursor: base64url(JSON) + '.' + HMAC tag. The scope ties a token to the
 * listing that issued it, so a token from one query cannot steer another.
 */
export interface PageCursor {
  scope: string;
  after: string;
}

const INVALID = 'Invalid pageToken.';

function tag(payload: string, key: Buffer): string {
  return createHmac('sha256', key).update(payload).digest('base64url').slice(0, 22);
}

export function encodePageToken(cursor: PageCursor, key: Buffer): string {
  const payload = Buffer.from(JSON.stringify([cursor.scope, cursor.after])).toString('base64url');
  return `${payload}.${tag(payload, key)}`;
}

export function decodePageToken(token: string, scope: string, key: Buffer): string {
  const [payload, signature, ...rest] = token.split('.');
  if (!payload || !signature || rest.length > 0) throw ApiError.invalid(INVALID);
  const expected = Buffer.from(tag(payload, key));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw ApiError.invalid(INVALID);
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    throw ApiError.invalid(INVALID);
  }
  if (!Array.isArray(decoded) || decoded[0] !== scope || typeof decoded[1] !== 'string') {
    throw ApiError.invalid(INVALID);
  }
  return decoded[1];
}
