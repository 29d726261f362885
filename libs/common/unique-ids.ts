import { ApiError } from './api-error';

/**
 * Rejects a request naming one identifier twice: which of two conflicting items should win is
 * not something a batch can answer deterministically, so the whole request fails instead.
 */
export function assertUniqueIds<T>(ids: readonly (T | undefined)[], pathOf: (index: number) => string): void {
  const seen = new Set<T>();
  ids.forEach((id, index) => {
    // An absent id is one the server assigns: never a duplicate.
    if (id === undefined) return;
    if (seen.has(id)) throw ApiError.invalid(`${pathOf(index)} duplicates an earlier item.`);
    seen.add(id);
  });
}
