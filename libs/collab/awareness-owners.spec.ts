import { applyAwarenessUpdate, Awareness, encodeAwarenessUpdate } from 'y-protocols/awareness';
import * as Y from 'yjs';
import { awarenessClaims, jsonDepth } from './awareness-owners';
import { collabLimit } from './collab-limits';

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
    expect(awarenessClaims(server, new Set([2]), [entry(2, 9, { me: 1 })])).toEqual({ claims: [] });
    expect(awarenessClaims(server, new Set(), [entry(5, 1, { me: 1 })])).toEqual({ claims: [5] });
  });

  it('refuses creating or refreshing a state another connection holds, but lets echoes and removals through', () => {
    const server = serverAwareness();
    expect(awarenessClaims(server, new Set(), [entry(1, 4, { forged: true })])).toEqual({
      refusal: 'awareness-not-owned',
    });
    expect(awarenessClaims(server, new Set(), [entry(1, 3, { user: 'one' })])).toEqual({ claims: [] });
    expect(awarenessClaims(server, new Set(), [entry(1, 3, null)])).toEqual({ claims: [] });
  });

  it('lets a reconnecting provider take back its client id once its old state is gone', () => {
    const server = serverAwareness();
    server.states.delete(1);
    expect(awarenessClaims(server, new Set(), [entry(1, 4, { user: 'one' })])).toEqual({ claims: [1] });
  });

  it('refuses a state over the size limit and more client ids than a connection may own', () => {
    const server = serverAwareness();
    const blob = 'x'.repeat(collabLimit('`/collab` awareness state'));
    expect(awarenessClaims(server, new Set(), [entry(5, 1, { blob })])).toEqual({ refusal: 'awareness-too-large' });
    const clients = collabLimit('`/collab` awareness client ids');
    const many = Array.from({ length: clients + 1 }, (_, i) => entry(10 + i, 1, {}));
    expect(awarenessClaims(server, new Set(), many)).toEqual({ refusal: 'awareness-too-many-clients' });
    expect(awarenessClaims(server, new Set([10]), many.slice(1))).toEqual({ refusal: 'awareness-too-many-clients' });
    expect(awarenessClaims(server, new Set([10]), many.slice(0, clients))).toEqual({
      claims: many.slice(1, clients).map((e) => e.clientId),
    });
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

  it('refuses an awareness state nested deeper than the limit, whatever its strings hold', () => {
    const server = serverAwareness();
    const limit = collabLimit('`/collab` awareness state depth');
    const deep = '['.repeat(limit + 1) + ']'.repeat(limit + 1);
    expect(awarenessClaims(server, new Set(), [{ clientId: 5, clock: 1, state: deep }])).toEqual({
      refusal: 'awareness-too-large',
    });
    expect(awarenessClaims(server, new Set(), [entry(5, 1, { s: '['.repeat(limit + 1) })])).toEqual({ claims: [5] });
  });
});
