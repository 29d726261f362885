import * as encoding from 'lib0/encoding';
import WebSocket from 'ws';
import { Awareness, encodeAwarenessUpdate } from 'y-protocols/awareness';
import * as Y from 'yjs';
import { collabUrl, Editor, openEditor } from '../support/collab-client';
import { FrameClient, SYNC_STEP } from '../support/collab-frames';
import { eventually } from '../support/eventually';
import { FuzzInstances } from '../support/fuzz-instances';
import { apiKeyHeaders, Credentials, post } from '../support/http-client';
import { RunningApi } from '../support/processes';
import { signJwt } from '../support/realtime-client';

const LONG = 240_000;
const ORGANIZATION = 'org-fz';
const DOCUMENT = 'doc-fz';
const NAME = `${ORGANIZATION}/${DOCUMENT}/body`;
/** A small update limit, so oversize updates and frames are cheap to send. */
const MAX_UPDATE_BYTES = 16_384;
const ENV = { COLLAB_MAX_UPDATE_BYTES: String(MAX_UPDATE_BYTES), COLLAB_COMPACT_DEBOUNCE_MS: '200' };
/** Every reason the server may give when it refuses a document or closes its connection (docs/multiplayer.md). */
const DOCUMENTED = new Set([
  'unauthenticated',
  'permission-denied',
  'invalid-document-name',
  'invalid-update',
  'malformed-message',
  'update-too-large',
  'document-too-large',
  'rate-limited',
  'awareness-too-large',
  'awareness-too-many-clients',
  'awareness-not-owned',
]);

/** mulberry32: the same cases on every run. */
function generator(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const random = generator(36);
const below = (n: number) => Math.floor(random() * n);
const bytes = (length: number) => Uint8Array.from({ length }, () => below(256));

function encoded(write: (encoder: encoding.Encoder) => void): Uint8Array {
  const encoder = encoding.createEncoder();
  write(encoder);
  return encoding.toUint8Array(encoder);
}

/** Real updates of a document typed by someone else, for cutting short and re-sending. */
function realUpdates(): Uint8Array[] {
  const doc = new Y.Doc();
  const updates: Uint8Array[] = [];
  doc.on('update', (update: Uint8Array) => updates.push(update));
  // Under another root than the editors' `content`: a mutated update that still decodes is a legal edit, of something else.
  doc.getText('scratch').insert(0, 'fuzz');
  doc.getMap('meta').set('k', { nested: [1, 'two', null] });
  doc.getText('scratch').delete(1, 2);
  doc.getXmlFragment('xml').insert(0, [new Y.XmlElement('paragraph')]);
  return updates;
}

/** Sync message bodies (after the document name): updates invalid in every way the issue lists, and more. */
function hostileSyncBodies(): Array<[string, Uint8Array]> {
  const sync = (step: number, payload: Uint8Array) =>
    encoded((encoder) => {
      encoding.writeVarUint(encoder, 0);
      encoding.writeVarUint(encoder, step);
      encoding.writeVarUint8Array(encoder, payload);
    });
  const cases: Array<[string, Uint8Array]> = [];
  for (const update of realUpdates()) {
    for (let cut = 1; cut < update.length; cut += Math.max(1, Math.floor(update.length / 6)))
      cases.push([`cut short to ${cut} bytes`, sync(SYNC_STEP.UPDATE, update.subarray(0, cut))]);
    const flipped = Uint8Array.from(update);
    flipped[below(flipped.length)] ^= 0xff;
    cases.push(['a flipped byte', sync(below(2) + 1, flipped)]);
  }
  for (const claimed of [2 ** 31, 2 ** 32 + 1, Number.MAX_SAFE_INTEGER])
    cases.push([
      `claiming ${claimed} structs`,
      sync(
        SYNC_STEP.TWO,
        encoded((encoder) => [1, claimed, 7, 0].forEach((v) => encoding.writeVarUint(encoder, v))),
      ),
    ]);
  for (let i = 0; i < 300; i++) cases.push(['random payload', sync(below(3), bytes(1 + below(64)))]);
  for (let i = 0; i < 100; i++) cases.push(['random body', bytes(below(48))]);
  const big = new Y.Doc();
  big.getText('scratch').insert(0, 'x'.repeat(MAX_UPDATE_BYTES + 100));
  cases.push(['an oversize update', sync(SYNC_STEP.UPDATE, Y.encodeStateAsUpdate(big))]);
  cases.push(['oversize random bytes', sync(SYNC_STEP.UPDATE, bytes(MAX_UPDATE_BYTES + 100))]);
  cases.push(['an unknown sync step', sync(3 + below(200), bytes(4))]);
  cases.push(['a truncated varint type', new Uint8Array([0x80, 0x80, 0x80])]);
  cases.push(['a truncated varint step', new Uint8Array([0, 0xff, 0xff])]);
  cases.push(['a truncated payload length', new Uint8Array([0, 2, 0x90])]);
  cases.push(['a payload longer than the frame', new Uint8Array([0, 2, 40, 1, 2])]);
  for (const type of [6, 8, 9, 63, 127, 1000])
    cases.push([`unknown type ${type}`, encoded((e) => encoding.writeVarUint(e, type))]);
  cases.push(['an empty body', new Uint8Array()]);
  return cases;
}

/** Awareness message bodies: oversize states, ghosts, bad JSON, truncation. */
function hostileAwarenessBodies(): Array<[string, Uint8Array]> {
  const message = (entries: Array<[number, number, string]>, count = entries.length) =>
    encoded((encoder) => {
      encoding.writeVarUint(encoder, 1);
      encoding.writeVarUint8Array(
        encoder,
        encoded((inner) => {
          encoding.writeVarUint(inner, count);
          for (const [client, clock, state] of entries) {
            encoding.writeVarUint(inner, client);
            encoding.writeVarUint(inner, clock);
            encoding.writeVarString(inner, state);
          }
        }),
      );
    });
  const ghosts = Array.from({ length: 10_000 }, (_, i): [number, number, string] => [i + 1, 1, '{}']);
  return [
    ['a 20 KB state', message([[11, 1, JSON.stringify({ blob: 'x'.repeat(20_000) })]])],
    ['10,000 client ids', message(ghosts)],
    ['a state that is not JSON', message([[12, 1, '{"cursor":']])],
    ['a count of 2^31 entries', message([[13, 1, '{}']], 2 ** 31)],
    ['a truncated entry', encoded((e) => [1, 3, 1, 14].forEach((v) => encoding.writeVarUint(e, v)))],
    ['a huge clock', message([[15, Number.MAX_SAFE_INTEGER, '{"ok":1}']])],
    ['deep JSON', message([[16, 1, '['.repeat(5000) + ']'.repeat(5000)]])],
    ['a state 33 levels deep', message([[17, 1, '['.repeat(33) + ']'.repeat(33)]])],
    ...Array.from({ length: 60 }, (_, i): [string, Uint8Array] => [
      'random awareness',
      encoded((encoder) => {
        encoding.writeVarUint(encoder, 1);
        encoding.writeVarUint8Array(encoder, bytes(below(40) + (i % 2)));
      }),
    ]),
  ];
}

/** Hostile /collab input over two API instances with twin tenants; after each batch the instances, the control tenant and the attacked document are whole. */
describe('fuzz: /collab', () => {
  let instances: FuzzInstances;
  let a: RunningApi;
  let b: RunningApi;
  let baseline: number;
  const editors: Editor[] = [];
  const clients: FrameClient[] = [];
  /** What the attacked document holds: its editors' text, which no attack may change. */
  let expected = '';
  /** What the control tenant's document of the same name holds. */
  let controlText = '';
  let nonce = 0;
  const reasons = new Map<string, number>();

  const handshake = (owner: Credentials, userId: string) => instances.handshake(owner, userId);
  async function open(api: RunningApi, owner: Credentials, userId: string, name = NAME): Promise<Editor> {
    const editor = await openEditor(api.url, await handshake(owner, userId), name);
    editors.push(editor);
    return editor;
  }
  async function frames(api: RunningApi): Promise<FrameClient> {
    const client = await FrameClient.connect(api.url, instances.attacker.apiKey);
    clients.push(client);
    return client;
  }
  const heard = (reason: string) => {
    expect(DOCUMENTED).toContain(reason);
    reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
  };

  /**
   * Sends each body on an open document connection of `userId` and waits until it is handled:
   * a refusal closes the connection with a documented reason, and the document is opened again.
   */
  async function attack(api: RunningApi, userId: string, bodies: Array<[string, Uint8Array]>): Promise<void> {
    const client = await frames(api);
    const auth = await handshake(instances.attacker, userId);
    let replies = await client.open(NAME, auth);
    for (const [, body] of bodies) {
      client.raw(NAME, body);
      await client.settled(NAME);
      if (replies.closes.length === 0 && client.closed === undefined) continue;
      for (const reason of replies.closes) heard(reason);
      if (client.closed) {
        clients.splice(clients.indexOf(client), 1);
        return attack(api, userId, bodies.slice(bodies.findIndex(([, sent]) => sent === body) + 1));
      }
      client.reset(NAME);
      replies = await client.open(NAME, auth);
      expect(replies.scope).toBeDefined();
    }
  }

  async function checkBatch(): Promise<void> {
    await instances.expectHealthy();
    expect(await instances.handlerErrors()).toBe(baseline);
    expect(instances.alarmingLines()).toEqual([]);
    // The control tenant's editors on A and B, on a document of the same name, sync and are acknowledged.
    const actor = await open(a, instances.control, 'ctl-a');
    const watcher = await open(b, instances.control, 'ctl-b');
    expect(actor.content()).toBe(controlText);
    const mark = `<${nonce++}>`;
    actor.text().insert(actor.text().length, mark);
    await actor.acknowledged();
    controlText += mark;
    await eventually(() => expect(watcher.content()).toBe(controlText));
    // The attacked document reads back over REST on both instances, and syncs to a fresh provider, which can still edit it.
    for (const api of [a, b]) {
      const read = await post<Array<{ id: string; data: unknown }>>(
        api.url,
        '/v2/crdt/get',
        { organizationId: ORGANIZATION, documentId: DOCUMENT, editorId: 'body' },
        apiKeyHeaders(instances.attacker),
      );
      expect(read.status).toBe(200);
      expect(read.body.result.data[0].data).toBe(expected);
    }
    const reader = await open(a, instances.attacker, 'mallory');
    expect(reader.content()).toBe(expected);
    reader.text().insert(reader.text().length, mark);
    await reader.acknowledged();
    expected += mark;
  }

  beforeAll(async () => {
    instances = await FuzzInstances.start({
      documents: [{ organizationId: ORGANIZATION, documentId: DOCUMENT }],
      editors: ['mallory', 'ctl-a', 'ctl-b'],
      env: ENV,
    });
    [a, b] = instances.apis;
    const viewer = await post(
      a.url,
      '/v2/auth/permissions/add',
      {
        userId: 'peeker',
        permissions: {
          resources: [{ type: 'document', id: DOCUMENT, organizationId: ORGANIZATION, accessRole: 'viewer' }],
        },
      },
      apiKeyHeaders(instances.attacker),
    );
    expect(viewer.status).toBe(200);
    const seed = await open(a, instances.attacker, 'mallory');
    seed.text().insert(0, 'seed');
    await seed.acknowledged();
    expected = 'seed';
    seed.destroy();
    baseline = await instances.handlerErrors();
  }, LONG);

  afterEach(() => {
    for (const client of clients.splice(0)) client.close();
    for (const editor of editors.splice(0)) editor.destroy();
  });

  afterAll(async () => {
    for (const editor of editors.splice(0)) editor.destroy();
    await instances?.stop();
  }, LONG);

  it(
    'hostile auth and ids: refused with a documented reason, nothing opened',
    async () => {
      const client = await frames(a);
      const valid = await handshake(instances.attacker, 'mallory');
      const secret = Buffer.alloc(32, 7);
      const tokens = [
        '',
        'not-a-jwt',
        'x'.repeat(60_000),
        '\u0000',
        signJwt(secret, { apiKey: instances.attacker.apiKey, userId: 'mallory', exp: 2e9 }),
        (await handshake(instances.control, 'ctl-a')).token,
        `${valid.token}x`,
      ];
      const names = [
        `${ORGANIZATION}/${DOCUMENT}/bo%00dy`,
        `${ORGANIZATION}/${DOCUMENT}/bo\u0000dy`,
        `${ORGANIZATION}/${DOCUMENT}/${'e'.repeat(257)}`,
        '',
        '/',
        '//',
        `${ORGANIZATION}/${DOCUMENT}`,
        `${ORGANIZATION}/${DOCUMENT}/body/extra`,
        `${ORGANIZATION}/${DOCUMENT}/%E0%A4%A`,
        `../${DOCUMENT}/body`,
        `${ORGANIZATION}/other-doc/body`,
        'x'.repeat(10_000),
      ];
      for (const [i, token] of tokens.entries()) {
        const replies = await client.authenticate(`${ORGANIZATION}/${DOCUMENT}/token-${i}`, token);
        expect(replies.scope).toBeUndefined();
        heard(replies.denied!);
      }
      for (const name of names) {
        const replies = await client.authenticate(name, valid.token);
        expect(replies.scope).toBeUndefined();
        heard(replies.denied!);
      }
      // The upgrade itself: no key, an oversize key, an unknown key.
      for (const apiKey of ['', 'k'.repeat(300), 'no-such-key']) {
        const status = await new Promise<number>((resolve) => {
          const socket = new WebSocket(collabUrl(a.url, apiKey).replace(/\?apiKey=$/, ''));
          socket.once('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
          socket.once('open', () => {
            socket.close();
            resolve(101);
          });
          socket.once('error', () => resolve(0));
        });
        expect(status === 401 || status === 101).toBe(true);
      }
      await checkBatch();
    },
    LONG,
  );

  it(
    'malformed sync frames, on both instances: each closes its connection with a documented reason, nothing is stored',
    async () => {
      const cases = hostileSyncBodies();
      await Promise.all([
        attack(
          a,
          'mallory',
          cases.filter((_, i) => i % 2 === 0),
        ),
        attack(
          b,
          'mallory',
          cases.filter((_, i) => i % 2 === 1),
        ),
      ]);
      expect(reasons.get('invalid-update')).toBeGreaterThan(10);
      expect(reasons.get('malformed-message')).toBeGreaterThan(5);
      await checkBatch();
    },
    LONG,
  );

  it(
    'malformed and huge awareness frames, and frames over the socket limit',
    async () => {
      await attack(b, 'mallory', hostileAwarenessBodies());
      expect(reasons.get('awareness-too-large')).toBeGreaterThan(0);
      expect(reasons.get('awareness-too-many-clients')).toBeGreaterThan(0);
      const client = await frames(a);
      await client.open(NAME, await handshake(instances.attacker, 'mallory'));
      client.raw(NAME, bytes(MAX_UPDATE_BYTES + 128 * 1024));
      await client.until(() => client.closed !== undefined);
      expect(client.closed?.code).toBe(1009);
      const nameless = await frames(b);
      nameless.bytes(new Uint8Array([0xff, 0xff, 0xff, 0xff, 0xff]));
      await nameless.until(() => nameless.closed !== undefined);
      // No ghost is left: a fresh provider sees only itself.
      const fresh = await open(a, instances.attacker, 'mallory');
      await eventually(() => expect([...fresh.provider.awareness!.getStates().keys()]).toEqual([fresh.doc.clientID]));
      await checkBatch();
    },
    LONG,
  );

  it(
    "a viewer's updates, valid or not: refused, never stored",
    async () => {
      const viewer = await frames(b);
      const replies = await viewer.open(NAME, await handshake(instances.attacker, 'peeker'));
      expect(replies.scope).toBe('readonly');
      for (const update of realUpdates()) viewer.sync(NAME, SYNC_STEP.UPDATE, update);
      await viewer.settled(NAME);
      expect(replies.statuses).not.toContain(true);
      expect(replies.closes).toEqual([]);
      await attack(a, 'peeker', hostileSyncBodies().slice(0, 20));
      await checkBatch();
    },
    LONG,
  );

  it(
    'frames before a token, after a refused one and for hundreds of names: held within the bounds, never handled',
    async () => {
      const valid = await handshake(instances.attacker, 'mallory');
      const bodies = [...hostileSyncBodies(), ...hostileAwarenessBodies()].map(([, body]) => body);
      /** Sends `count` frames from `next`, yielding every 50 so a close from the server is seen. */
      async function flood(client: FrameClient, count: number, next: (sent: number) => void): Promise<void> {
        for (let sent = 0; sent < count && client.closed === undefined; sent++) {
          next(sent);
          if (sent % 50 === 49) await new Promise((resolve) => setTimeout(resolve, 5));
        }
      }
      for (const api of [a, b]) {
        // One small frame each for 300 names without a token: closed at the 257th name.
        const named = await frames(api);
        await flood(named, 300, (i) => named.sync(`${ORGANIZATION}/named-${i}/body`, SYNC_STEP.ONE, bytes(below(8))));
        await named.until(() => named.closed !== undefined);
        expect(named.closed).toEqual({ code: 1008, reason: 'too-many-documents' });

        // Large random updates for a few names without a token: closed past 8 MiB held.
        const held = await frames(api);
        await flood(held, 2_000, () =>
          held.sync(`${ORGANIZATION}/held-${below(5)}/body`, SYNC_STEP.UPDATE, bytes(8_192 + below(8_192))),
        );
        await held.until(() => held.closed !== undefined);
        expect(held.closed).toEqual({ code: 1008, reason: 'too-many-pending' });

        // Everything mixed on 30 names: refused tokens, hostile bodies, random bytes. Whatever the
        // socket makes of it, it either closes or still opens a document with a valid token.
        const mixed = await frames(api);
        await flood(mixed, 1_000, () => {
          const name = `${ORGANIZATION}/mixed-${below(30)}/body`;
          const pick = below(10);
          if (pick === 0) mixed.sendToken(name, 'not-a-jwt');
          else if (pick < 4) mixed.raw(name, bytes(below(2_048)));
          else mixed.raw(name, bodies[below(bodies.length)]);
        });
        if (mixed.closed === undefined) {
          const replies = await mixed.open(NAME, valid);
          expect(mixed.closed !== undefined || replies.scope === 'read-write').toBe(true);
        }
      }
      await checkBatch();
    },
    LONG,
  );

  it(
    'rapid connect and disconnect, mid-handshake and with cursors set, leaves no ghost and no load',
    async () => {
      const auth = await handshake(instances.attacker, 'mallory');
      await Promise.all(
        [a, b].map(async (api) => {
          for (let i = 0; i < 60; i++) {
            const client = await FrameClient.connect(api.url, instances.attacker.apiKey);
            if (i % 4 === 1) client.sendToken(NAME, auth.token);
            if (i % 4 >= 2) {
              const replies = await client.open(NAME, auth);
              expect(replies.scope).toBe('read-write');
            }
            if (i % 4 === 2) {
              const awareness = new Awareness(new Y.Doc());
              awareness.setLocalState({ cursor: i });
              client.awareness(NAME, encodeAwarenessUpdate(awareness, [awareness.clientID]));
              awareness.destroy();
            }
            client.close();
          }
        }),
      );
      for (let i = 0; i < 10; i++) (await open(i % 2 ? a : b, instances.attacker, 'mallory')).destroy();
      const fresh = await open(b, instances.attacker, 'mallory');
      await eventually(() => expect([...fresh.provider.awareness!.getStates().keys()]).toEqual([fresh.doc.clientID]), {
        timeoutMs: 20_000,
      });
      await checkBatch();
    },
    LONG,
  );
});
