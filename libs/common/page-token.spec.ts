import { createHmac, randomBytes } from 'node:crypto';
import { ApiError } from './api-error';
import { decodePageToken, encodePageToken } from './page-token';

describe('page tokens', () => {
  const key = randomBytes(32);

  it('round-trips the cursor of its own scope', () => {
    const token = encodePageToken({ scope: 'org:a', after: ['doc-99'] }, key);
    expect(decodePageToken(token, 'org:a', key)).toEqual(['doc-99']);
  });

  it('round-trips a cursor of several values, empty and non-ASCII ones included', () => {
    const after = ['2026-11-22 10:00:00.123456+00', 'é😀.', ''];
    expect(decodePageToken(encodePageToken({ scope: 's', after }, key), 's', key)).toEqual(after);
  });

  it('is URL-safe and carries no readable filter', () => {
    const token = encodePageToken({ scope: 's', after: ['a/b+c', 'x y'] }, key);
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{22}$/);
  });

  it('rejects a token used on another listing', () => {
    const token = encodePageToken({ scope: 'org:a', after: ['x'] }, key);
    expect(() => decodePageToken(token, 'org:b', key)).toThrow(ApiError);
    expect(() => decodePageToken(token, 'org:', key)).toThrow('Invalid pageToken.');
  });

  it('rejects a token whose payload was edited or swapped under another signature', () => {
    const token = encodePageToken({ scope: 's', after: ['a', 'b'] }, key);
    const other = encodePageToken({ scope: 's', after: ['z', 'b'] }, key);
    const [payload, signature] = token.split('.');
    const edited = Buffer.from(Buffer.from(payload, 'base64url').toString('utf8').replace('a', 'y')).toString(
      'base64url',
    );
    for (const forged of [`${edited}.${signature}`, `${other.split('.')[0]}.${signature}`]) {
      expect(() => decodePageToken(forged, 's', key)).toThrow('Invalid pageToken.');
    }
  });

  it('rejects a token signed with another key and garbage', () => {
    const token = encodePageToken({ scope: 's', after: ['a'] }, randomBytes(32));
    for (const bad of [token, '', 'abc', 'a.b.c', '..', '.x', `${token}.x`]) {
      expect(() => decodePageToken(bad, 's', key)).toThrow(ApiError);
    }
  });

  it('rejects a correctly signed token without cursor values', () => {
    // Signed here as the issuer would: the decoder must not hand an empty cursor to a query.
    const signed = (text: string) => {
      const payload = Buffer.from(text).toString('base64url');
      return `${payload}.${createHmac('sha256', key).update(payload).digest('base64url').slice(0, 22)}`;
    };
    expect(decodePageToken(signed('s\u0000a'), 's', key)).toEqual(['a']);
    expect(() => decodePageToken(signed('s'), 's', key)).toThrow('Invalid pageToken.');
  });

  it('refuses to encode a cursor it could not decode', () => {
    expect(() => encodePageToken({ scope: 's', after: [] }, key)).toThrow();
    expect(() => encodePageToken({ scope: 's', after: ['a\u0000b'] }, key)).toThrow();
  });
});
