export type JsonObject = { [key: string]: unknown };

/** Keys that would reach Object.prototype if assigned naively; never copied. */
const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

function isPlainObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Live-state merge (docs/architecture.md "Resources and live data"): objects merge key by key, recursively; anything else in `patch`
 * (arrays, scalars, null) replaces what was stored. Returns a new object and never mutates its
 * inputs. `__proto__`, `constructor` and `prototype` keys are dropped so a merge cannot reach a prototype.
 */
export function deepMerge(target: JsonObject, patch: JsonObject): JsonObject {
  const result: JsonObject = {};
  for (const [key, value] of Object.entries(target)) {
    if (!UNSAFE_KEYS.has(key)) result[key] = value;
  }
  for (const [key, value] of Object.entries(patch)) {
    if (UNSAFE_KEYS.has(key)) continue;
    const current = Object.hasOwn(result, key) ? result[key] : undefined;
    result[key] = isPlainObject(current) && isPlainObject(value) ? deepMerge(current, value) : value;
  }
  return result;
}
