import fc from 'fast-check';
import { deepMerge, JsonObject } from '../libs/live-state/deep-merge';
import { createTestEnvironment, TestEnvironment } from './support/test-environment';

/** A small key pool so the two sides share keys and merges recurse; includes the keys merges drop. */
const key = fc.constantFrom('a', 'b', 'c', 'd', 'é', 'constructor', 'prototype');
const scalar = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.string({ unit: 'grapheme', maxLength: 6 }),
);
const { object } = fc.letrec<{ value: unknown; object: JsonObject }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    scalar,
    tie('object'),
    fc.array(tie('value'), { maxLength: 3 }),
  ),
  object: fc
    .array(fc.tuple(key, tie('value')), { maxLength: 5 })
    .map((entries) => Object.fromEntries<unknown>(entries)),
}));

/** As stored and read back: PostgreSQL keeps JSON, so compare through one JSON round trip (-0 is 0). */
const asJson = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

/** The SQL live_state_deep_merge (migration LiveStateDeepMerge) must agree with deep-merge.ts on any JSON. */
describe('live_state_deep_merge', () => {
  let world: TestEnvironment;

  beforeAll(async () => {
    world = await createTestEnvironment();
  });

  afterAll(async () => {
    await world?.dispose();
  });

  const merged = async (target: unknown, patch: unknown): Promise<unknown> =>
    (
      await world.query<{ merged: unknown }>('SELECT live_state_deep_merge($1::jsonb, $2::jsonb) AS merged', [
        JSON.stringify(target),
        JSON.stringify(patch),
      ])
    )[0].merged;

  it('matches deepMerge on the cases the live-state suite names', async () => {
    expect(await merged({ a: { b: 1 }, list: [1, 2] }, { a: { c: 2 }, list: [3] })).toEqual({
      a: { b: 1, c: 2 },
      list: [3],
    });
    expect(await merged({ a: { b: 1 }, s: 'x' }, { a: 5, s: { t: null } })).toEqual({ a: 5, s: { t: null } });
    expect(
      await merged({ keep: 1, constructor: 1 }, { constructor: { prototype: { bad: 1 } }, ok: 2, n: { prototype: 1 } }),
    ).toEqual({ keep: 1, ok: 2, n: { prototype: 1 } });
    expect(await merged({}, {})).toEqual({});
  });

  it('matches deepMerge on random JSON pairs', async () => {
    await fc.assert(
      fc.asyncProperty(object, object, async (target, patch) => {
        expect(await merged(target, patch)).toEqual(
          asJson(deepMerge(asJson(target) as JsonObject, asJson(patch) as JsonObject)),
        );
      }),
      { numRuns: 1000 },
    );
  });
});
