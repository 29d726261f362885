import { applyAwarenessUpdate, Awareness, encodeAwarenessUpdate } from 'y-protocols/awareness';
import * as Y from 'yjs';
import { awarenessClaims, jsonDepth } from './awareness-owners';

const LIMITS = {
  awarenessStateBytes: { limit: 64 },
  awarenessStateDepth: { limit: 3 },
  awarenessClients: { limit: 2 },
};

/** Awareness instances run a timer each: destroyed after every test. */
const made: Awareness[] = [];
afterEach(() => {
  for (const awareness of made.splice(0)) awareness.destroy();
});

/** The server's awareness of a document holding client 1's state at clock 3. */
function serverAwareness(): Awareness {
  const server = new Awareness(new Y.Doc());
  const peer = new Awareness(new Y.Doc());
  made.push(server, peer);
  server.setLocalState(null);
  const states = new Map([[1, { user: 'one' }]]);
  peer.meta.set(1, { clock: 3, lastUpdated: 0 });
  applyAwarenessUpdate(server, encodeAwarenessUpdate(peer, [1], states), 'peer');
  return server;
}

const entry = (clientId: number, clock: number, state: unknown) => ({ clientId, clock, state: JSON.stringify(state) });

describe('awarenessClaims', () => {
  it('lets a connection set its own states and claim a client id no one holds', () => {
    const server = serverAwareness();
    expect(awarenessClaims(server, new Set([2]), [entry(2, 9, { me: 1 })], LIMITS)).toEqual({ claims: [] });
    expect(awarenessClaims(server, new Set(), [entry(5, 1, { me: 1 })], LIMITS)).toEqual({ claims: [5] });
  });

  it('refuses creating or refreshing a state another connection holds, but lets echoes and removals through', () => {
    const server = serverAwareness();
    expect(awarenessClaims(server, new Set(), [entry(1, 4, { forged: true })], LIMITS)).toEqual({
      refusal: 'awareness-not-owned',
    });
    expect(awarenessClaims(server, new Set(), [entry(1, 3, { user: 'one' })], LIMITS)).toEqual({ claims: [] });
    expect(awarenessClaims(server, new Set(), [entry(1, 3, null)], LIMITS)).toEqual({ claims: [] });
  });

  it('lets a reconnecting provider take back its client id once its old state is gone', () => {
    const server = serverAwareness();
    server.states.delete(1);
    expect(awarenessClaims(server, new Set(), [entry(1, 4, { user: 'one' })], LIMITS)).toEqual({ claims: [1] });
  });

  it('refuses a state over the size limit and more client ids than a connection may own', () => {
    const server = serverAwareness();
    expect(awarenessClaims(server, new Set(), [entry(5, 1, { blob: 'x'.repeat(64) })], LIMITS)).toEqual({
      refusal: 'awareness-too-large',
    });
    expect(awarenessClaims(server, new Set(), [entry(5, 1, [[[[1]]]])], LIMITS)).toEqual({
      refusal: 'awareness-too-large',
    });
    expect(awarenessClaims(server, new Set(), [entry(5, 1, { a: [{ s: '[[[[' }] })], LIMITS)).toEqual({ claims: [5] });
    const many = [10, 11, 12].map((clientId) => entry(clientId, 1, {}));
    expect(awarenessClaims(server, new Set(), many, LIMITS)).toEqual({ refusal: 'awareness-too-many-clients' });
    expect(awarenessClaims(server, new Set([10]), many.slice(1), LIMITS)).toEqual({
      refusal: 'awareness-too-many-clients',
    });
    expect(awarenessClaims(server, new Set([10]), many.slice(0, 2), LIMITS)).toEqual({ claims: [11] });
  });
});

describe('jsonDepth', () => {
  it.each([
    ['1', 0],
    ['{}', 1],
    ['[[],{"a":[1]}]', 3],
    ['{"s":"[[[\\"[["}', 1],
    ['['.repeat(5000) + ']'.repeat(5000), 5000],
  ])('%s nests %i deep', (json, depth) => {
    expect(jsonDepth(json)).toBe(depth);
  });
});
