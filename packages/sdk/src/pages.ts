/** One page of a listing: `data` is the page's items, the token (if any) asks for the next one. */
export interface Page<T> {
  items: T[];
  nextPageToken?: string;
}

/** Walks a keyset listing page by page, yielding items until the server gives no continuation token. */
export async function* paged<T>(fetchPage: (pageToken: string | undefined) => Promise<Page<T>>): AsyncGenerator<T> {
  let token: string | undefined;
  do {
    const page = await fetchPage(token);
    yield* page.items;
    token = page.nextPageToken;
  } while (token);
}

/** Listings answer an array, or an object of arrays (e.g. `{ documents: [...] }`); this finds the items. */
export function itemsOf<T>(data: unknown): T[] {
  if (Array.isArray(data)) return data as T[];
  if (data && typeof data === 'object') {
    const arrays = Object.values(data).filter(Array.isArray);
    if (arrays.length === 1) return arrays[0] as T[];
  }
  return [];
}
