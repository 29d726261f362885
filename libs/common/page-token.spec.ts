import { randomBytes } from 'node:crypto';
import { ApiError } from './api-error';
import { decodePageToken, encodePageToken } from './page-token';

describe('page tokens', () => {
  const key = randomBytes(32);

  it('round-trips the cursor of its own scope', () => {
    const token = encodePageToken({ scope: 'org:a', after: 'doc-99' }, key);
    expect(decodePageToken(token, 'org:a', key)).toBe('doc-99');
  });

  it('rejects a token used on another listing', () => {
    const token = encodePageToken({ scope: 'org:a', after: 'x' }, key);
    expect(() => decodePageToken(token, 'org:b', key)).toThrow(ApiError);
  });

  it('rejects a token whose payload was edited', () => {
    const token = encodePageToken({ scope: 's', after: 'a' }, key);
    const [, signature] = token.split('.');
    const forged = `${Buffer.from(JSON.stringify(['s', 'z'])).toString('base64url')}.${signature}`;
    expect(() => decodePageToken(forged, 's', key)).toThrow('Invalid pageToken.');
  });

  it('rejects a token signed with another key and garbage', () => {
    const token = encodePageToken({ scope: 's', after: 'a' }, randomBytes(32));
    for (const bad of [token, '', 'abc', 'a.b.c', '..']) {
      expect(() => decodePageToken(bad, 's', key)).toThrow(ApiError);
    }
  });
});
