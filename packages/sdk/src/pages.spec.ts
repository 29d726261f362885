import { itemsOf, paged } from './pages';

describe('paged listings', () => {
  it('yields every item across pages and stops when no token comes back', async () => {
    const pages: Record<string, { items: number[]; nextPageToken?: string }> = {
      first: { items: [1, 2], nextPageToken: 'b' },
      b: { items: [3, 4], nextPageToken: 'c' },
      c: { items: [5] },
    };
    const asked: Array<string | undefined> = [];
    const seen: number[] = [];
    for await (const item of paged((token) => {
      asked.push(token);
      return Promise.resolve(pages[token ?? 'first']);
    })) {
      seen.push(item);
    }
    expect(seen).toEqual([1, 2, 3, 4, 5]);
    expect(asked).toEqual([undefined, 'b', 'c']);
  });

  it('fetches no further page when the loop stops early', async () => {
    let fetched = 0;
    for await (const item of paged((token) => {
      fetched++;
      return Promise.resolve({ items: [token ?? 'a', 'x'], nextPageToken: 'next' });
    })) {
      if (item === 'a') break;
    }
    expect(fetched).toBe(1);
  });

  it('finds the items of an array or of an object holding one array', () => {
    expect(itemsOf([1])).toEqual([1]);
    expect(itemsOf({ documents: [2] })).toEqual([2]);
    expect(itemsOf(null)).toEqual([]);
  });
});
