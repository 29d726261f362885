import { Transform } from 'class-transformer';

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * For models that take custom top-level keys (Velt's Organization and Document): on each item of
 * the array, keys that are neither `known` fields nor `reserved` output keys move into the item's
 * `metadata` (explicit `metadata` keys win), so they are stored and returned rather than refused or
 * dropped. Reserved keys stay where they are and are refused as unknown fields.
 */
export function CustomKeysAsMetadata(known: readonly string[], reserved: readonly string[]): PropertyDecorator {
  const kept = new Set([...known, ...reserved, 'metadata']);
  return Transform(({ value }: { value: unknown }): unknown => {
    if (!Array.isArray(value)) return value;
    const entries: unknown[] = value;
    for (const entry of entries) {
      if (!isPlainObject(entry)) continue;
      const custom = Object.keys(entry).filter((key) => !kept.has(key));
      if (custom.length === 0 || (entry.metadata !== undefined && !isPlainObject(entry.metadata))) continue;
      const moved = Object.fromEntries(custom.map((key) => [key, entry[key]]));
      for (const key of custom) delete entry[key];
      entry.metadata = { ...moved, ...entry.metadata };
    }
    return entries;
  });
}
