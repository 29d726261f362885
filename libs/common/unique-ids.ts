import { ApiError } from './api-error';

/**
 * Rejects a request naming one identifier twice: which of two conflicting items should win is
 * not something a batch can answer deterministically, so the whole request fails instead.
 */
export function assertUniqueIds(ids: readonly string[], pathOf: (index: number) => string): void {
  const seen = new Set<string>();
  ids.forEach((id, index) => {
    if (seen.has(id)) throw ApiError.invalid(`${pathOf(index)} duplicates an earlier item.`);
    seen.add(id);
  });
}
