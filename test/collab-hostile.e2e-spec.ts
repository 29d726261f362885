import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import * as encoding from 'lib0/encoding';
import { Awareness, encodeAwarenessUpdate, removeAwarenessStates } from 'y-protocols/awareness';
import * as Y from 'yjs';
import { Editor, openEditor, openRefusal } from './support/collab-client';
import { FrameClient, SYNC_STEP } from './support/collab-frames';
import { eventually } from './support/eventually';
import { apiKeyHeaders, createWorkspace, Credentials, post } from './support/http-client';
import { RunningApi, startApi } from './support/processes';
import { Handshake, userToken } from './support/realtime-client';
import { seedDocument, seedOrganization } from './support/seed';
import { createTestEnvironment, TestEnvironment } from './support/test-environment';

/** Updates a connection may send a second (bursts of twice as many): low, so a burst crosses it at once. */
const UPDATES_PER_SECOND = 5;
const LIMITS = { COLLAB_MAX_UPDATES_PER_SECOND: String(UPDATES_PER_SECOND), COLLAB_COMPACT_DEBOUNCE_MS: '200' };

/** One Yjs update per character typed into `content`, as a provider would send them. */
function typedUpdates(text: string): Uint8Array[] {
  const doc = new Y.Doc();
  const updates: Uint8Array[] = [];
  doc.on('update', (update: Uint8Array) => updates.push(update));
  for (const char of text) doc.getText('content').insert(doc.getText('content').length, char);
  return updates;
}

/** Updates that do not decode, as an attacker sends them (each one is refused by Yjs itself). */
function invalidUpdates(): Record<string, Uint8Array> {
  const [valid] = typedUpdates('hello world, typed at once'.slice(0, 1));
  const claim = encoding.createEncoder();
  encoding.writeVarUint(claim, 1);
  encoding.writeVarUint(claim, 2 ** 31);
  encoding.writeVarUint(claim, 12345);
  encoding.writeVarUint(claim, 0);
  encoding.writeUint8(claim, 4);
  return {
    'not an update': new Uint8Array([0x01, 0x01, 0x99, 0x99, 0x04, 0x27, 0x00]),
    'cut short by 3 bytes': valid.subarray(0, valid.length - 3),
    'claiming 2^31 structs': encoding.toUint8Array(claim),
    'out of range integers': new Uint8Array(20).fill(0xff),
  };
}

/** Hostile /collab input: what a hand-written client sends that a real provider never would. */
describe('/collab under hostile input, on two API instances', () => {
  let world: TestEnvironment;
  let a: RunningApi;
  let b: RunningApi;
  let owner: Credentials;
  const clients: FrameClient[] = [];
  const editors: Editor[] = [];

  const call = <T = unknown>(path: string, data: unknown, api = a) =>
    post<T>(api.url, path, data, apiKeyHeaders(owner));
  const crdtText = async (documentId: string, editorId = 'body', api = a) => {
    const read = await call<Array<{ id: string; data: unknown }>>(
      '/v2/crdt/get',
      { organizationId: 'org', documentId, editorId },
      api,
    );
    expect(read.status).toBe(200);
    return read.body.result.data[0]?.data;
  };
  const token = (userId: string, api = a): Promise<Handshake> => userToken(api.url, owner, userId);
  async function frames(api: RunningApi): Promise<FrameClient> {
    const client = await FrameClient.connect(api.url, owner.apiKey);
    clients.push(client);
    return client;
  }
  async function open(api: RunningApi, userId: string, name: string): Promise<Editor> {
    const editor = await openEditor(api.url, await token(userId, api), name);
    editors.push(editor);
    return editor;
  }
  async function document(id: string): Promise<void> {
    await seedDocument(world, owner.apiKey, 'org', id, { accessType: 'restricted' });
    const grant = (userId: string, accessRole: string) =>
      call('/v2/auth/permissions/add', {
        userId,
        permissions: { resources: [{ type: 'document', id, organizationId: 'org', accessRole }] },
      });
    await grant('ed', 'editor');
    await grant('vi', 'viewer');
  }
  const metric = async (api: RunningApi, line: RegExp) => {
    const text = await (await fetch(`${api.url}/metrics`)).text();
    return Number(line.exec(text)?.[1] ?? 0);
  };

  beforeAll(async () => {
    world = await createTestEnvironment();
    [a, b] = await Promise.all([startApi(world.env, LIMITS), startApi(world.env, LIMITS)]);
    owner = await createWorkspace(a.url);
    await seedOrganization(world, owner.apiKey, 'org');
  }, 90_000);

  afterEach(() => {
    for (const client of clients.splice(0)) client.close();
    for (const editor of editors.splice(0)) editor.destroy();
  });

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await world?.dispose();
  });

  describe('an update is validated before it is acknowledged or stored', () => {
    for (const [step, stepName] of [
      [SYNC_STEP.UPDATE, 'a sync update'],
      [SYNC_STEP.TWO, 'a sync step 2'],
    ] as const) {
      for (const [name, payload] of Object.entries(invalidUpdates())) {
        it(`refuses ${stepName} that is ${name}: closed with invalid-update, nothing stored, the document stays whole`, async () => {
          const id = `invalid-${step}-${name.replace(/\W+/g, '-')}`;
          await document(id);
          const editor = await open(a, 'ed', `org/${id}/body`);
          editor.text().insert(0, 'before');
          await editor.acknowledged();

          const attacker = await frames(b);
          const replies = await attacker.open(`org/${id}/body`, await token('ed', b));
          expect(replies.scope).toBe('read-write');
          attacker.sync(`org/${id}/body`, step, payload);
          await attacker.until(() => replies.closes.length > 0);
          expect(replies.closes).toEqual(['invalid-update']);
          expect(replies.statuses).not.toContain(true);

          const rows = await world.query<{ n: number }>(
            'SELECT count(*)::int AS n FROM crdt_update WHERE api_key_id = $1 AND document_id = $2 AND data = $3',
            [owner.apiKey, id, Buffer.from(payload)],
          );
          expect(rows).toEqual([{ n: 0 }]);
          expect(await crdtText(id, 'body', b)).toBe('before');
          editor.text().insert(6, ' and after');
          await editor.acknowledged();
          // B still holds the document the attacker opened there; A's edit reaches that copy through Redis.
          const fresh = await open(b, 'ed', `org/${id}/body`);
          await eventually(() => expect(fresh.content()).toBe('before and after'));
          expect(await crdtText(id)).toBe('before and after');
        });
      }
    }
  });

  it('acknowledges only what is committed, all before the close, when a burst closes the connection for its rate', async () => {
    await document('burst');
    const attacker = await frames(a);
    const name = 'org/burst/body';
    const replies = await attacker.open(name, await token('ed'));
    const updates = typedUpdates('x'.repeat(UPDATES_PER_SECOND * 6));
    for (const update of updates) attacker.sync(name, SYNC_STEP.UPDATE, update);
    await attacker.until(() => replies.closes.length > 0);
    expect(replies.closes).toEqual(['rate-limited']);
    // Every update acknowledged is read back, by REST and by a fresh provider on the other instance.
    const fresh = await open(b, 'ed', name);
    const stored = await crdtText('burst');
    expect(fresh.content()).toBe(stored);
    const acknowledged = replies.statuses.filter(Boolean).length;
    expect(acknowledged).toBeGreaterThan(0);
    expect(acknowledged).toBeLessThan(updates.length);
    expect(stored).toBe('x'.repeat(acknowledged));
    // The close comes after the last acknowledgement: a client never hears of an update after it.
    expect(replies.order.at(-1)).toBe('close');
    expect(replies.order.filter((event) => event === 'close')).toHaveLength(1);
  });

  it('handles a pipelined burst in order: what precedes an invalid update is stored and acknowledged, nothing after it is', async () => {
    await document('pipelined');
    const attacker = await frames(a);
    const name = 'org/pipelined/body';
    const replies = await attacker.open(name, await token('ed'));
    const [first, second, third, fourth] = typedUpdates('abcd');
    // Sent back to back, so they arrive together and their appends start before the first is applied.
    for (const update of [first, second, invalidUpdates()['not an update'], third, fourth])
      attacker.sync(name, SYNC_STEP.UPDATE, update);
    await attacker.until(() => replies.closes.length > 0);
    expect(replies.closes).toEqual(['invalid-update']);
    expect(replies.statuses.filter(Boolean)).toHaveLength(2);
    expect(replies.order.at(-1)).toBe('close');
    expect(await crdtText('pipelined')).toBe('ab');
    const fresh = await open(b, 'ed', name);
    expect(fresh.content()).toBe('ab');
  });

  describe('a document that already holds an undecodable row', () => {
    const [badUpdate] = Object.values(invalidUpdates());
    const insertBad = (id: string) =>
      world.query(
        `INSERT INTO crdt_update (api_key_id, organization_id, document_id, editor_id, data, user_id)
         VALUES ($1, 'org', $2, 'body', $3, 'ed')`,
        [owner.apiKey, id, Buffer.from(badUpdate)],
      );

    /** Waits until the document's log is compacted away, so no compaction in flight meets the row inserted next. */
    const compacted = (id: string) =>
      eventually(async () => {
        const rows = await world.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM crdt_update WHERE api_key_id = $1 AND document_id = $2',
          [owner.apiKey, id],
        );
        expect(rows).toEqual([{ n: 0 }]);
      });

    it('loads what decodes, counts what did not, stays editable, and compaction drops the row', async () => {
      await document('legacy');
      const first = await open(a, 'ed', 'org/legacy/body');
      first.text().insert(0, 'kept');
      await first.acknowledged();
      first.destroy();
      await compacted('legacy');
      await insertBad('legacy');
      const skippedBefore = await metric(b, /^crdt_undecodable_parts_total\{operation="load"\} (\d+)$/m);

      expect(await crdtText('legacy', 'body', b)).toBe('kept');
      const editor = await open(b, 'ed', 'org/legacy/body');
      expect(editor.content()).toBe('kept');
      expect(await metric(b, /^crdt_undecodable_parts_total\{operation="load"\} (\d+)$/m)).toBe(skippedBefore + 1);
      editor.text().insert(4, ' and edited');
      await editor.acknowledged();
      expect(await crdtText('legacy')).toBe('kept and edited');
      await compacted('legacy');
      expect(await metric(b, /^crdt_undecodable_parts_total\{operation="compact"\} (\d+)$/m)).toBeGreaterThan(0);
      const fresh = await open(a, 'ed', 'org/legacy/body');
      expect(fresh.content()).toBe('kept and edited');
    });

    it('npm run crdt:repair finds such rows and states, reports them, and leaves every document readable', async () => {
      await document('repair');
      const editor = await open(a, 'ed', 'org/repair/body');
      editor.text().insert(0, 'repaired');
      await editor.acknowledged();
      editor.destroy();
      await compacted('repair');
      await insertBad('repair');
      await world.query(
        `INSERT INTO crdt_editor (api_key_id, organization_id, document_id, editor_id, state) VALUES ($1, 'org', 'repair', 'broken', $2)`,
        [owner.apiKey, Buffer.from(badUpdate)],
      );
      const run = async (...args: string[]) =>
        (
          await promisify(execFile)(process.execPath, ['dist/apps/worker/src/crdt-repair.js', ...args], {
            env: { ...process.env, ...world.env },
          })
        ).stdout;
      const lines = (output: string) =>
        output
          .trim()
          .split('\n')
          .map((line) => JSON.parse(line) as Record<string, unknown>);
      const found = lines(await run('--dry-run'));
      expect(found.filter((line) => line.apiKeyId === owner.apiKey && line.documentId === 'repair')).toEqual([
        expect.objectContaining({ editorId: 'body', where: expect.stringMatching(/^update \d+$/) as string }),
        expect.objectContaining({ editorId: 'broken', where: 'state' }),
      ]);
      expect(found.at(-1)).toEqual(expect.objectContaining({ repaired: 0 }));
      const repaired = lines(await run());
      expect(repaired.at(-1)).toEqual(expect.objectContaining({ repaired: found.at(-1)!.undecodable }));
      expect(lines(await run('--dry-run')).at(-1)).toEqual({ undecodable: 0, repaired: 0 });
      const read = await call<Array<{ id: string; data: unknown }>>('/v2/crdt/get', {
        organizationId: 'org',
        documentId: 'repair',
      });
      expect(read.body.result.data.map((item) => item.id)).toEqual(['body', 'broken']);
      expect(read.body.result.data[0].data).toBe('repaired');
    });
  });

  describe('/collab ids follow the rules of every other id', () => {
    const refusals: Array<[string, string]> = [
      ['a NUL in the editor id', 'org/ids/bo%00dy'],
      ['a raw NUL in the document id', 'org/i\u0000ds/body'],
      ['an encoded NUL in the organization id', 'o%00rg/ids/body'],
      ['a 257-character editor id', `org/ids/${'e'.repeat(257)}`],
    ];
    beforeAll(() => document('ids'));

    for (const [what, name] of refusals) {
      it(`refuses ${what} with invalid-document-name`, async () => {
        expect(await openRefusal(a.url, await token('ed'), name)).toBe('authentication failed: invalid-document-name');
      });
    }

    it('refuses a user id with a NUL or over 256 characters, and keeps the document usable', async () => {
      const attacker = await frames(a);
      for (const userId of ['e\u0000d', 'x'.repeat(257)]) {
        const generated = await call('/v2/auth/generate_token', { userId });
        expect(generated.status).toBe(400);
      }
      const replies = await attacker.authenticate('org/ids/body', 'not-a-token');
      expect(replies.denied).toBe('unauthenticated');
      const editor = await open(b, 'ed', `org/ids/${'e'.repeat(256)}`);
      editor.text().insert(0, 'long but valid');
      await editor.acknowledged();
      expect(await crdtText('ids', 'e'.repeat(256))).toBe('long but valid');
    });
  });

  describe('awareness', () => {
    const awarenessOf = (doc: Y.Doc, state: Record<string, unknown>) => {
      const awareness = new Awareness(doc);
      awareness.setLocalState(state);
      return awareness;
    };

    it("leaves the other instance with its connection, when it was the document's last one on its instance", async () => {
      await document('cursor');
      const observer = await open(b, 'ed', 'org/cursor/body');
      const leaving = await open(a, 'ed', 'org/cursor/body');
      leaving.provider.setAwarenessField('cursor', { at: 3 });
      const id = leaving.doc.clientID;
      await eventually(() => expect(observer.provider.awareness?.getStates().get(id)).toEqual({ cursor: { at: 3 } }));
      leaving.destroy();
      await eventually(() => expect(observer.provider.awareness?.getStates().has(id)).toBe(false), {
        timeoutMs: 15_000,
      });
    });

    it('refuses states over the size limit and more client ids than one connection may own', async () => {
      await document('ghosts');
      const observer = await open(b, 'ed', 'org/ghosts/body');
      const attacker = await frames(a);
      const replies = await attacker.open('org/ghosts/body', await token('ed'));
      const big = awarenessOf(new Y.Doc(), { blob: 'x'.repeat(900_000) });
      attacker.awareness('org/ghosts/body', encodeAwarenessUpdate(big, [big.clientID]));
      await attacker.until(() => replies.closes.length > 0);
      expect(replies.closes).toEqual(['awareness-too-large']);

      const second = await frames(a);
      const again = await second.open('org/ghosts/body', await token('ed'));
      const ghosts = new Awareness(new Y.Doc());
      const states = new Map<number, Record<string, unknown>>();
      for (let id = 1; id <= 10_000; id += 1) {
        states.set(id, { ghost: id });
        ghosts.meta.set(id, { clock: 1, lastUpdated: 0 });
      }
      second.awareness('org/ghosts/body', encodeAwarenessUpdate(ghosts, [...states.keys()], states));
      await second.until(() => again.closes.length > 0);
      expect(again.closes).toEqual(['awareness-too-many-clients']);
      expect(observer.provider.awareness?.getStates().size).toBe(1);
      ghosts.destroy();
      big.destroy();
    });

    it("does not let a connection create or refresh a state of a client id another connection owns, and keeps peers' removals", async () => {
      await document('spoof');
      const victim = await open(a, 'ed', 'org/spoof/body');
      victim.provider.setAwarenessField('user', 'victim');
      const observer = await open(b, 'ed', 'org/spoof/body');
      const id = victim.doc.clientID;
      await eventually(() => expect(observer.provider.awareness?.getStates().get(id)).toEqual({ user: 'victim' }));

      const attacker = await frames(b);
      const replies = await attacker.open('org/spoof/body', await token('ed', b));
      const forged = new Awareness(new Y.Doc());
      const states = new Map([[id, { user: 'forged' }]]);
      forged.meta.set(id, { clock: 1000, lastUpdated: 0 });
      attacker.awareness('org/spoof/body', encodeAwarenessUpdate(forged, [id], states));
      await attacker.until(() => replies.closes.length > 0);
      expect(replies.closes).toEqual(['awareness-not-owned']);
      expect(observer.provider.awareness?.getStates().get(id)).toEqual({ user: 'victim' });
      forged.destroy();

      // A real provider that times a silent peer out sends its removal: it still applies, on every instance.
      const silent = await frames(a);
      await silent.open('org/spoof/body', await token('ed'));
      const peer = new Awareness(new Y.Doc());
      peer.setLocalState({ user: 'silent' });
      silent.awareness('org/spoof/body', encodeAwarenessUpdate(peer, [peer.clientID]));
      const awareness = observer.provider.awareness!;
      await eventually(() => expect(awareness.getStates().get(peer.clientID)).toEqual({ user: 'silent' }));
      removeAwarenessStates(awareness, [peer.clientID], 'timeout');
      await eventually(() => expect(victim.provider.awareness?.getStates().has(peer.clientID)).toBe(false));
      expect(observer.closes).toEqual([]);
      peer.destroy();
    });
  });

  describe('what one socket can make the server hold before its tokens are accepted', () => {
    /** Just under the update limit (1 MiB by default), so the server's frame limit lets each one through. */
    const MEBIBYTE_UPDATE = new Uint8Array(1024 * 1024 - 64);

    it('closes a socket that sends more than 8 MiB for documents whose token it has not sent (too-many-pending)', async () => {
      await document('held');
      const attacker = await frames(a);
      for (let i = 0; i < 9; i++) attacker.sync('org/held/body', SYNC_STEP.UPDATE, MEBIBYTE_UPDATE);
      await attacker.until(() => attacker.closed !== undefined);
      expect(attacker.closed).toEqual({ code: 1008, reason: 'too-many-pending' });
      const editor = await open(a, 'ed', 'org/held/body');
      editor.text().insert(0, 'still served');
      await editor.acknowledged();
      expect(await crdtText('held')).toBe('still served');
    });

    it('closes a socket that names more than 256 documents at once (too-many-documents)', async () => {
      const attacker = await frames(a);
      for (let i = 0; i <= 256; i++) attacker.sync(`org/named-${i}/body`, SYNC_STEP.ONE, new Uint8Array([0]));
      await attacker.until(() => attacker.closed !== undefined);
      expect(attacker.closed).toEqual({ code: 1008, reason: 'too-many-documents' });
    });

    it('drops what follows a refused token, so the socket goes on with its other documents', async () => {
      await document('after-refusal');
      const attacker = await frames(a);
      const refused = await attacker.authenticate('org/after-refusal/body', 'not a token');
      expect(refused.denied).toBeDefined();
      for (let i = 0; i < 9; i++) attacker.sync('org/after-refusal/body', SYNC_STEP.UPDATE, MEBIBYTE_UPDATE);
      const opened = await attacker.open('org/after-refusal/notes', await token('ed'));
      expect(opened.scope).toBe('read-write');
      expect(attacker.closed).toBeUndefined();
    });
  });

  it('counts no handler error through all of it, and both instances still serve', async () => {
    for (const api of [a, b]) {
      expect((await fetch(`${api.url}/health`)).status).toBe(200);
      expect(await metric(api, /^realtime_handler_errors_total\{[^}]*\} (\d+)$/m)).toBe(0);
    }
  });
});
