import fc from 'fast-check';
import { deepMerge, JsonObject } from './deep-merge';

describe('deepMerge', () => {
  it('merges nested objects key by key', () => {
    expect(deepMerge({ a: { b: 1, c: 2 }, d: 1 }, { a: { c: 3, e: 4 } })).toEqual({ a: { b: 1, c: 3, e: 4 }, d: 1 });
  });

  it('replaces arrays, scalars and null instead of merging them', () => {
    expect(deepMerge({ a: [1, 2], b: { x: 1 }, c: 1 }, { a: [3], b: null, c: { y: 2 } })).toEqual({
      a: [3],
      b: null,
      c: { y: 2 },
    });
    expect(deepMerge({ a: { x: 1 } }, { a: [1] })).toEqual({ a: [1] });
  });

  it('does not mutate its inputs', () => {
    const target = { a: { b: 1 } };
    const patch = { a: { c: 2 } };
    deepMerge(target, patch);
    expect(target).toEqual({ a: { b: 1 } });
    expect(patch).toEqual({ a: { c: 2 } });
  });

  it('drops prototype-pollution keys at every depth and leaves Object.prototype alone', () => {
    const patch = JSON.parse(
      '{"__proto__":{"polluted":1},"constructor":{"prototype":{"polluted":1}},"a":{"__proto__":{"polluted":1},"ok":1}}',
    ) as JsonObject;
    const merged = deepMerge({ a: {} }, patch);
    expect(merged).toEqual({ a: { ok: 1 } });
    expect(Object.getPrototypeOf(merged)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.hasOwn(merged, 'constructor')).toBe(false);
  });

  it('an empty patch keeps the target and merging into empty gives the patch (property)', () => {
    // Unsafe keys are dropped by design (tested above), so the property holds for values without them, at any depth.
    const unsafe = /"(__proto__|constructor|prototype)":/;
    const json = fc.dictionary(fc.string(), fc.jsonValue()).filter((value) => !unsafe.test(JSON.stringify(value)));
    fc.assert(
      fc.property(json, (value) => {
        expect(deepMerge(value, {})).toEqual(value);
        expect(deepMerge({}, value)).toEqual(value);
        expect(deepMerge(value, value)).toEqual(value);
      }),
    );
  });
});
