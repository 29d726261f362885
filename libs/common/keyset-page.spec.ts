import { randomBytes } from 'node:crypto';
import { KeysetPager, pageScope } from './keyset-page';

describe('KeysetPager', () => {
  const key = randomBytes(32);
  const rows = (ids: string[]) => ids.map((id) => ({ id }));

  it('defaults to pages of 1000 starting at the beginning', () => {
    const pager = new KeysetPager({}, 's', key);
    expect(pager.query).toEqual({ after: null, limit: 1001 });
  });

  it('issues a token after the last row of a full page and resumes from it', () => {
    const scope = pageScope('documents', 'key-1', { organizationId: 'o' });
    const first = new KeysetPager({ pageSize: 2 }, scope, key).page(rows(['a', 'b', 'c']));
    expect(first.rows).toEqual(rows(['a', 'b']));
    const second = new KeysetPager({ pageSize: 2, pageToken: first.nextToken }, scope, key);
    expect(second.query).toEqual({ after: 'b', limit: 3 });
  });

  it('issues no token on the last page', () => {
    expect(new KeysetPager({ pageSize: 2 }, 's', key).page(rows(['a', 'b'])).nextToken).toBeUndefined();
  });

  it('refuses a token issued for other filters or another API key', () => {
    const token = new KeysetPager({ pageSize: 1 }, pageScope('documents', 'k1', { folderId: 'f' }), key).page(rows(['a', 'b'])).nextToken;
    expect(() => new KeysetPager({ pageToken: token }, pageScope('documents', 'k1', { folderId: 'g' }), key)).toThrow('Invalid pageToken.');
    expect(() => new KeysetPager({ pageToken: token }, pageScope('documents', 'k2', { folderId: 'f' }), key)).toThrow('Invalid pageToken.');
  });
});
