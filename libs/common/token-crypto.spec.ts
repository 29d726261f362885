import { randomBytes } from 'node:crypto';
import { decryptSecret, encryptSecret, generateToken, hashesEqual, hashToken } from './token-crypto';

describe('token crypto', () => {
  const key = randomBytes(32);

  it('generates distinct tokens carrying 32 random bytes', () => {
    const tokens = new Set(Array.from({ length: 100 }, generateToken));
    expect(tokens.size).toBe(100);
    for (const token of tokens) expect(Buffer.from(token, 'base64url')).toHaveLength(32);
  });

  it('hashes deterministically and compares hashes', () => {
    const token = generateToken();
    expect(hashesEqual(hashToken(token), hashToken(token))).toBe(true);
    expect(hashesEqual(hashToken(token), hashToken(`${token}x`))).toBe(false);
    expect(hashesEqual(hashToken(token), Buffer.alloc(3))).toBe(false);
  });

  it('round-trips a secret and never stores it in clear', () => {
    const token = generateToken();
    const sealed = encryptSecret(token, key);
    expect(sealed).not.toContain(token);
    expect(encryptSecret(token, key)).not.toBe(sealed);
    expect(decryptSecret(sealed, key)).toBe(token);
  });

  it('refuses a tampered ciphertext or another key', () => {
    const sealed = encryptSecret('secret', key);
    const raw = Buffer.from(sealed.slice(3), 'base64url');
    raw[raw.length - 1] ^= 1;
    expect(() => decryptSecret(`v1.${raw.toString('base64url')}`, key)).toThrow();
    expect(() => decryptSecret(sealed, randomBytes(32))).toThrow();
    expect(() => decryptSecret('v0.abc', key)).toThrow('Unknown secret format');
  });
});
