import { createHmac, timingSafeEqual } from 'node:crypto';
import { ApiError } from './api-error';

/**
 * Opaque keyset cursor: base64url(scope NUL value NUL value ...) + '.' + HMAC tag. The scope ties a
 * token to the listing that issued it, so a token from one query cannot steer another. Values are
 * joined as raw UTF-8 rather than JSON, whose escapes (six bytes per control character) could push the
 * token of a legal 256-character identifier past the length the route accepts back.
 */
export interface PageCursor {
  scope: string;
  after: readonly string[];
}

export const INVALID_PAGE_TOKEN = 'Invalid pageToken.';
const SEPARATOR = '\u0000';

function tag(payload: string, key: Buffer): string {
  return createHmac('sha256', key).update(payload).digest('base64url').slice(0, 22);
}

export function encodePageToken(cursor: PageCursor, key: Buffer): string {
  const parts = [cursor.scope, ...cursor.after];
  // Identifiers, numbers and timestamps never hold NUL; one here is a bug, not bad input.
  if (cursor.after.length === 0 || parts.some((part) => part.includes(SEPARATOR)))
    throw new Error('Unencodable page cursor.');
  const payload = Buffer.from(parts.join(SEPARATOR), 'utf8').toString('base64url');
  return `${payload}.${tag(payload, key)}`;
}

/** The cursor values of a token issued for `scope` under `key`; INVALID_ARGUMENT "Invalid pageToken." otherwise. */
export function decodePageToken(token: string, scope: string, key: Buffer): string[] {
  const [payload, signature, ...rest] = token.split('.');
  if (!payload || !signature || rest.length > 0) throw ApiError.invalid(INVALID_PAGE_TOKEN);
  const expected = Buffer.from(tag(payload, key));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw ApiError.invalid(INVALID_PAGE_TOKEN);
  const [tokenScope, ...after] = Buffer.from(payload, 'base64url').toString('utf8').split(SEPARATOR);
  if (tokenScope !== scope || after.length === 0) throw ApiError.invalid(INVALID_PAGE_TOKEN);
  return after;
}
