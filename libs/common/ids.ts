import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** Random base62 identifier; 20 characters carry about 119 bits. */
export function newId(length = 20): string {
  const bytes = randomBytes(length * 2);
  let id = '';
  for (let i = 0; i < bytes.length && id.length < length; i++) {
    // 248 is the largest multiple of 62 below 256: rejecting above it keeps the draw uniform.
    if (bytes[i] < 248) id += ALPHABET[bytes[i] % 62];
  }
  return id.length === length ? id : newId(length);
}
