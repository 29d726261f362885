import { randomBytes } from 'node:crypto';
import { validateSync } from 'class-validator';
import { plainToInstance } from 'class-transformer';
import { DEFAULT_PAGE_SIZE, KeysetPager, keysetListing, MAX_PAGE_TOKEN_LENGTH, PageRequestDto } from './keyset-page';
import { MAX_IDENTIFIER_LENGTH } from './field.validators';

describe('KeysetPager', () => {
  const key = randomBytes(32);
  const byId = keysetListing('documents', ['text'], (row: { id: string }) => [row.id]);
  const rows = (ids: string[]) => ids.map((id) => ({ id }));
  const scope = { apiKeyId: 'key-1', filters: { organizationId: 'o' } };

  it('defaults to pages of DEFAULT_PAGE_SIZE starting at the beginning', () => {
    const pager = new KeysetPager(byId, {}, scope, key);
    expect(DEFAULT_PAGE_SIZE).toBe(1000);
    expect([pager.after, pager.pageSize, pager.limit]).toEqual([null, 1000, 1001]);
  });

  it('issues a token after the last row of a full page and resumes from it', () => {
    const first = new KeysetPager(byId, { pageSize: 2 }, scope, key).page(rows(['a', 'b', 'c']));
    expect(first.rows).toEqual(rows(['a', 'b']));
    const second = new KeysetPager(byId, { pageSize: 2, pageToken: first.nextToken }, scope, key);
    expect([second.after, second.limit]).toEqual([['b'], 3]);
  });

  it('issues no token on the last page', () => {
    expect(new KeysetPager(byId, { pageSize: 2 }, scope, key).page(rows(['a', 'b'])).nextToken).toBeUndefined();
  });

  it('pages on a cursor of several columns, each checked for its type', () => {
    const deliveries = keysetListing('deliveries', ['timestamp', 'text'], (row: { createdAt: string; id: string }) => [
      row.createdAt,
      row.id,
    ]);
    const list = [
      { createdAt: '2026-11-22 10:00:00.123456+00', id: 'd1' },
      { createdAt: '2026-11-22 10:00:00.123456+00', id: 'd2' },
      { createdAt: '2026-11-22 10:00:01+00', id: 'd0' },
    ];
    const first = new KeysetPager(deliveries, { pageSize: 2 }, scope, key).page(list);
    expect(first.rows).toEqual(list.slice(0, 2));
    const second = new KeysetPager(deliveries, { pageToken: first.nextToken }, scope, key);
    expect(second.after).toEqual(['2026-11-22 10:00:00.123456+00', 'd2']);

    const bySequence = keysetListing('deliveries', ['bigint', 'text'], (row: { seq: string; id: string }) => [
      row.seq,
      row.id,
    ]);
    const sequenceToken = new KeysetPager(bySequence, { pageSize: 1 }, scope, key).page([
      { seq: '12', id: 'a' },
      { seq: '13', id: 'b' },
    ]).nextToken;
    expect(new KeysetPager(bySequence, { pageToken: sequenceToken }, scope, key).after).toEqual(['12', 'a']);
    // The same listing name and scope but a cursor whose first value is not a timestamp: refused, not passed to SQL.
    expect(() => new KeysetPager(deliveries, { pageToken: sequenceToken }, scope, key)).toThrow('Invalid pageToken.');
  });

  it('refuses a token whose cursor has another number of columns', () => {
    const single = new KeysetPager(byId, { pageSize: 1 }, scope, key).page(rows(['a', 'b'])).nextToken;
    const pair = keysetListing('documents', ['text', 'text'], (row: { id: string }) => [row.id, row.id]);
    expect(() => new KeysetPager(pair, { pageToken: single }, scope, key)).toThrow('Invalid pageToken.');
  });

  it('refuses a token issued for other filters, another API key or another listing', () => {
    const token = new KeysetPager(byId, { pageSize: 1 }, { apiKeyId: 'k1', filters: { folderId: 'f' } }, key).page(
      rows(['a', 'b']),
    ).nextToken;
    expect(
      new KeysetPager(byId, { pageToken: token }, { apiKeyId: 'k1', filters: { folderId: 'f' } }, key).after,
    ).toEqual(['a']);
    expect(
      () => new KeysetPager(byId, { pageToken: token }, { apiKeyId: 'k1', filters: { folderId: 'g' } }, key),
    ).toThrow('Invalid pageToken.');
    expect(
      () => new KeysetPager(byId, { pageToken: token }, { apiKeyId: 'k2', filters: { folderId: 'f' } }, key),
    ).toThrow('Invalid pageToken.');
    const folders = keysetListing('folders', ['text'], (row: { id: string }) => [row.id]);
    expect(
      () => new KeysetPager(folders, { pageToken: token }, { apiKeyId: 'k1', filters: { folderId: 'f' } }, key),
    ).toThrow('Invalid pageToken.');
  });

  it('refuses a tampered token', () => {
    const token = new KeysetPager(byId, { pageSize: 1 }, scope, key).page(rows(['a', 'b'])).nextToken!;
    const other = new KeysetPager(byId, { pageSize: 1 }, scope, key).page(rows(['y', 'z'])).nextToken!;
    const [payload, signature] = token.split('.');
    for (const forged of [
      `${other.split('.')[0]}.${signature}`,
      `${payload}.${signature.slice(1)}x`,
      `${payload}x.${signature}`,
      payload,
    ]) {
      expect(() => new KeysetPager(byId, { pageToken: forged }, scope, key)).toThrow('Invalid pageToken.');
    }
  });

  // Regression: comment tokens carried the raw id filter, so a thousand commentIds made a token the route refused.
  it('issues tokens of the same size whatever the filters, short enough to be sent back', () => {
    const thousandIds = Array.from({ length: 1000 }, (_, i) => `comment-${i}`.padEnd(MAX_IDENTIFIER_LENGTH, 'x'));
    const tokenFor = (filters: unknown, id: string) =>
      new KeysetPager(byId, { pageSize: 1 }, { apiKeyId: 'k', filters }, key).page(rows([id, `${id}+`])).nextToken!;
    expect(tokenFor({ ids: thousandIds }, 'a').length).toBe(tokenFor(null, 'a').length);
    // The longest identifiers: 256 code points of four UTF-8 bytes, or of control characters that JSON would escape.
    for (const id of ['😀'.repeat(MAX_IDENTIFIER_LENGTH), '\u0001'.repeat(MAX_IDENTIFIER_LENGTH)]) {
      const token = tokenFor({ ids: thousandIds }, id);
      expect(token.length).toBeLessThanOrEqual(MAX_PAGE_TOKEN_LENGTH);
      expect(validateSync(plainToInstance(PageRequestDto, { pageToken: token }))).toEqual([]);
      expect(
        new KeysetPager(byId, { pageToken: token }, { apiKeyId: 'k', filters: { ids: thousandIds } }, key).after,
      ).toEqual([id]);
    }
  });
});
