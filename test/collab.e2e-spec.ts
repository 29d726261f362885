import WebSocket from 'ws';
import * as Y from 'yjs';
import { collabUrl, Editor, openEditor, openRefusal } from './support/collab-client';
import { eventually } from './support/eventually';
import { apiKeyHeaders, createWorkspace, Credentials, post } from './support/http-client';
import { RunningApi, startApi } from './support/processes';
import { userToken } from './support/realtime-client';
import { seedDocument, seedOrganization } from './support/seed';
import { createTestEnvironment, TestEnvironment } from './support/test-environment';

interface CrdtItem {
  data: unknown;
  id: string;
  lastUpdate: string;
  lastUpdatedBy: string | null;
  sessionId: null;
}

const LIMITS = { COLLAB_MAX_UPDATE_BYTES: '4096', COLLAB_COMPACT_DEBOUNCE_MS: '200' };

/** Multiplayer editing: real @hocuspocus/provider clients on two API processes sharing PostgreSQL and Redis. */
describe('CRDT sync at /collab across two API instances', () => {
  let world: TestEnvironment;
  let a: RunningApi;
  let b: RunningApi;
  let owner: Credentials;
  let other: Credentials;
  const editors: Editor[] = [];

  const call = <T = unknown>(path: string, data: unknown, as: Credentials = owner, api = a) =>
    post<T>(api.url, path, data, apiKeyHeaders(as));
  const grant = (userId: string, accessRole: string, documentId: string, as = owner) =>
    call(
      '/v2/auth/permissions/add',
      { userId, permissions: { resources: [{ type: 'document', id: documentId, organizationId: 'org', accessRole }] } },
      as,
    );
  async function open(api: RunningApi, userId: string, name: string, as = owner): Promise<Editor> {
    const editor = await openEditor(api.url, await userToken(api.url, as, userId), name);
    editors.push(editor);
    return editor;
  }
  const crdtGet = (documentId: string, editorId?: string, api = a) =>
    call<CrdtItem[]>(
      '/v2/crdt/get',
      { organizationId: 'org', documentId, ...(editorId ? { editorId } : {}) },
      owner,
      api,
    );

  beforeAll(async () => {
    world = await createTestEnvironment();
    [a, b] = await Promise.all([startApi(world.env, LIMITS), startApi(world.env, LIMITS)]);
    owner = await createWorkspace(a.url);
    other = await createWorkspace(a.url);
    await seedOrganization(world, owner.apiKey, 'org');
    await seedOrganization(world, other.apiKey, 'org');
    for (const id of ['notes', 'viewers', 'revoke', 'demote', 'durable', 'rest', 'migrate', 'limits']) {
      await seedDocument(world, owner.apiKey, 'org', id, { accessType: 'restricted' });
      await grant('ed', 'editor', id);
      await grant('ed2', 'editor', id);
    }
    await grant('vi', 'viewer', 'viewers');
    await seedDocument(world, other.apiKey, 'org', 'notes', { accessType: 'restricted' });
    await grant('ed', 'editor', 'notes', other);
  }, 60_000);

  afterEach(() => {
    for (const editor of editors.splice(0)) editor.destroy();
  });

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await world?.dispose();
  });

  it('concurrent edits from clients on two instances converge, and crdt/get returns what they typed', async () => {
    const onA = await open(a, 'ed', 'org/notes/body');
    const onB = await open(b, 'ed2', 'org/notes/body');
    for (let i = 0; i < 40; i += 1) {
      onA.text().insert(0, 'a');
      onB.text().insert(onB.text().length, 'b');
    }
    await Promise.all([onA.acknowledged(), onB.acknowledged()]);
    await eventually(() => {
      expect(onA.content()).toHaveLength(80);
      expect(onB.content()).toBe(onA.content());
    });
    expect(onA.content().replace(/b/g, '')).toBe('a'.repeat(40));

    const stored = await crdtGet('notes', 'body', b);
    expect(stored.status).toBe(200);
    expect(stored.body.result.data).toEqual([
      {
        data: onA.content(),
        id: 'body',
        lastUpdate: expect.any(String) as string,
        lastUpdatedBy: expect.stringMatching(/^ed2?$/) as string,
        sessionId: null,
      },
    ]);
  });

  it('keeps tenants apart: the same names under another API key are another document', async () => {
    const mine = await open(a, 'ed', 'org/notes/body');
    await eventually(() => expect(mine.text().length).toBeGreaterThan(0));
    const theirs = await open(b, 'ed', 'org/notes/body', other);
    expect(theirs.content()).toBe('');
    theirs.text().insert(0, 'other tenant');
    await theirs.acknowledged();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mine.content()).not.toContain('other tenant');
  });

  it('refuses a bad token, a user without access and a malformed name, each with its reason', async () => {
    const token = await userToken(a.url, owner, 'stranger');
    expect(await openRefusal(a.url, { ...token, token: 'not-a-jwt' }, 'org/notes/body')).toBe(
      'authentication failed: unauthenticated',
    );
    expect(await openRefusal(a.url, token, 'org/notes/body')).toBe('authentication failed: permission-denied');
    expect(await openRefusal(a.url, await userToken(a.url, owner, 'ed'), 'org/notes')).toBe(
      'authentication failed: invalid-document-name',
    );
    expect(await openRefusal(a.url, await userToken(a.url, owner, 'ed'), 'org/missing/body')).toBe(
      'authentication failed: permission-denied',
    );
  });

  it("answers the upgrade itself: 401 without an API key, 403 from an origin outside the key's allowed domains", async () => {
    const upgrade = (url: string, origin?: string) =>
      new Promise<number>((resolve, reject) => {
        const socket = new WebSocket(url, origin ? { origin } : {});
        socket.once('open', () => {
          socket.close();
          resolve(101);
        });
        socket.once('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
        socket.once('error', reject);
      });
    const scoped = await createWorkspace(a.url);
    expect((await call('/v2/workspace/domains/add', { domains: ['app.example.com'] }, scoped)).status).toBe(200);
    expect(await upgrade(`${a.url.replace('http', 'ws')}/collab`)).toBe(401);
    expect(await upgrade(collabUrl(b.url, scoped.apiKey), 'https://evil.example.net')).toBe(403);
    expect(await upgrade(collabUrl(b.url, scoped.apiKey))).toBe(403);
    expect(await upgrade(collabUrl(b.url, scoped.apiKey), 'https://app.example.com')).toBe(101);
    expect(await upgrade(collabUrl(b.url, owner.apiKey), 'https://anywhere.example.org')).toBe(101);
  });

  it("rejects a viewer's edits: they reach neither the other editors nor storage", async () => {
    const editor = await open(a, 'ed', 'org/viewers/body');
    const viewer = await open(b, 'vi', 'org/viewers/body');
    editor.text().insert(0, 'from editor');
    await editor.acknowledged();
    await eventually(() => expect(viewer.content()).toBe('from editor'));
    viewer.text().insert(0, 'from viewer ');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(editor.content()).toBe('from editor');
    expect((await crdtGet('viewers', 'body')).body.result.data[0].data).toBe('from editor');
  });

  it('closes the connections of a user whose grant is removed, on the other instance too', async () => {
    const keeps = await open(a, 'ed', 'org/revoke/body');
    const loses = await open(b, 'ed2', 'org/revoke/body');
    const removed = await call('/v2/auth/permissions/remove', {
      userId: 'ed2',
      permissions: { resources: [{ type: 'document', id: 'revoke', organizationId: 'org' }] },
    });
    expect(removed.status).toBe(200);
    await eventually(() => expect(loses.closes).toEqual(['access-revoked']));
    expect(keeps.closes).toEqual([]);
    loses.text().insert(0, 'after revocation');
    keeps.text().insert(0, 'kept ');
    await keeps.acknowledged();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await crdtGet('revoke', 'body')).body.result.data[0].data).toBe('kept ');
    expect(await openRefusal(b.url, await userToken(b.url, owner, 'ed2'), 'org/revoke/body')).toBe(
      'authentication failed: permission-denied',
    );
  });

  it('makes an editor demoted to viewer read-only on its open connection, on the other instance too', async () => {
    const editor = await open(a, 'ed', 'org/demote/body');
    const demoted = await open(b, 'ed2', 'org/demote/body');
    demoted.text().insert(0, 'before ');
    await demoted.acknowledged();
    expect((await grant('ed2', 'viewer', 'demote')).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 500));
    demoted.text().insert(0, 'after ');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(demoted.provider.hasUnsyncedChanges).toBe(true);
    expect(editor.content()).toBe('before ');
    expect(demoted.closes).toEqual([]);
    expect((await crdtGet('demote', 'body')).body.result.data[0].data).toBe('before ');
  });

  it('loses nothing acknowledged when both APIs are killed and started again', async () => {
    const onA = await open(a, 'ed', 'org/durable/body');
    const onB = await open(b, 'ed2', 'org/durable/map');
    onA.text().insert(0, 'survives a crash');
    onB.doc.getMap('content').set('k', { nested: [1, 2] });
    await Promise.all([onA.acknowledged(), onB.acknowledged()]);
    for (const editor of editors.splice(0)) editor.destroy();
    await Promise.all([a.stop('SIGKILL'), b.stop('SIGKILL')]);
    [a, b] = await Promise.all([startApi(world.env, LIMITS), startApi(world.env, LIMITS)]);
    const reopened = await open(b, 'ed2', 'org/durable/body');
    expect(reopened.content()).toBe('survives a crash');
    const map = await open(a, 'ed', 'org/durable/map');
    expect(map.doc.getMap('content').toJSON()).toEqual({ k: { nested: [1, 2] } });
    const all = await crdtGet('durable');
    expect(all.body.result.data.map((item) => [item.id, item.data])).toEqual([
      ['body', 'survives a crash'],
      ['map', { k: { nested: [1, 2] } }],
    ]);
  }, 60_000);

  it('crdt/add and crdt/update over REST reach connected editors on every instance at once', async () => {
    const added = await call('/v2/crdt/add', {
      organizationId: 'org',
      documentId: 'rest',
      editorId: 'note',
      data: 'Hello, collaborative world!',
      type: 'text',
    });
    expect(added.status).toBe(200);
    expect(added.body).toEqual({ result: { status: 'success', message: 'CRDT data added successfully.' } });
    const again = await call('/v2/crdt/add', {
      organizationId: 'org',
      documentId: 'rest',
      editorId: 'note',
      data: 'x',
      type: 'text',
    });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      error: { status: 'ALREADY_EXISTS', message: 'CRDT data already exists for this editor ID.' },
    });

    const onB = await open(b, 'ed', 'org/rest/note');
    expect(onB.content()).toBe('Hello, collaborative world!');
    const updated = await call('/v2/crdt/update', {
      organizationId: 'org',
      documentId: 'rest',
      editorId: 'note',
      data: 'Hello, updated world!',
      type: 'text',
    });
    expect(updated.body).toEqual({ result: { status: 'success', message: 'CRDT data updated successfully.' } });
    await eventually(() => expect(onB.content()).toBe('Hello, updated world!'));

    const xml = '<paragraph>Hello World</paragraph><heading level="2">New heading</heading>';
    expect(
      (
        await call('/v2/crdt/add', {
          organizationId: 'org',
          documentId: 'rest',
          editorId: 'rich',
          data: xml,
          type: 'xml',
          contentKey: 'default',
        })
      ).status,
    ).toBe(200);
    const rich = await open(a, 'ed2', 'org/rest/rich');
    expect(rich.doc.getXmlFragment('default').toJSON()).toBe(xml);
    const items = (await crdtGet('rest', undefined, b)).body.result.data;
    expect(items.map((item) => [item.id, item.data])).toEqual([
      ['note', 'Hello, updated world!'],
      ['rich', xml],
    ]);
  });

  it('answers Velt-shaped errors for CRDT routes', async () => {
    const missing = await call('/v2/crdt/update', {
      organizationId: 'org',
      documentId: 'rest',
      editorId: 'none',
      data: 'x',
      type: 'text',
    });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ error: { status: 'NOT_FOUND', message: 'No CRDT data found for this editor ID.' } });
    const wrongType = await call('/v2/crdt/add', {
      organizationId: 'org',
      documentId: 'rest',
      editorId: 'n2',
      data: { a: 1 },
      type: 'text',
    });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body).toEqual({
      error: { status: 'INVALID_ARGUMENT', message: 'Data must be a string for type text.' },
    });
    const unknownField = await call('/v2/crdt/get', { organizationId: 'org', documentId: 'rest', extra: 1 });
    expect(unknownField.status).toBe(400);
    expect(unknownField.body.error.message).toContain('extra');
    const noDocument = await crdtGet('nope');
    expect(noDocument.status).toBe(404);
  });

  it('follows the document when its id changes (the migration re-key cascades)', async () => {
    const editor = await open(a, 'ed', 'org/migrate/body');
    editor.text().insert(0, 'moves along');
    await editor.acknowledged();
    editor.destroy();
    await world.query(
      "UPDATE document SET id = 'migrated' WHERE api_key_id = $1 AND organization_id = 'org' AND id = 'migrate'",
      [owner.apiKey],
    );
    expect((await crdtGet('migrated', 'body')).body.result.data[0].data).toBe('moves along');
    const stale = await world.query(
      'SELECT count(*)::int AS n FROM crdt_update WHERE api_key_id = $1 AND document_id = $2',
      [owner.apiKey, 'migrate'],
    );
    expect(stale).toEqual([{ n: 0 }]);
  });

  it('closes an update over the size limit with its reason, and compacts the log into one state', async () => {
    const editor = await open(a, 'ed', 'org/limits/body');
    editor.text().insert(0, 'small');
    await editor.acknowledged();
    await eventually(async () => {
      const rows = await world.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM crdt_update WHERE api_key_id = $1 AND document_id = $2',
        [owner.apiKey, 'limits'],
      );
      expect(rows).toEqual([{ n: 0 }]);
    });
    const [row] = await world.query<{ state: Buffer }>(
      'SELECT state FROM crdt_editor WHERE api_key_id = $1 AND document_id = $2',
      [owner.apiKey, 'limits'],
    );
    const compacted = new Y.Doc();
    Y.applyUpdate(compacted, row.state);
    expect(compacted.getText('content').toJSON()).toBe('small');

    editor.text().insert(0, 'x'.repeat(5000));
    await eventually(() => expect(editor.closes).toEqual(['update-too-large']));
    expect((await crdtGet('limits', 'body')).body.result.data[0].data).toBe('small');
    const metrics = await (await fetch(`${a.url}/metrics`)).text();
    expect(metrics).toMatch(/collab_connections_closed_total\{reason="update-too-large"\} 1/);
    expect(metrics).toMatch(/collab_updates_total\{outcome="stored"\} [1-9]/);
    expect(metrics).toMatch(/collab_persist_seconds_count\{operation="append"\} [1-9]/);
    expect(metrics).toMatch(/^collab_documents \d+$/m);
  });
});
