import { Editor, openEditor } from './support/collab-client';
import { eventually } from './support/eventually';
import { apiKeyHeaders, createWorkspace, Credentials, post } from './support/http-client';
import { RunningApi, RunningProcess, startApi, startWorker } from './support/processes';
import { userToken } from './support/realtime-client';
import { seedDocument, seedOrganization } from './support/seed';
import { createTestEnvironment, TestEnvironment } from './support/test-environment';

interface Version {
  versionId: string;
  versionName: string | null;
  kind: string;
  createdAt: number;
  createdBy: string | null;
  restoredFrom: string | null;
  data?: unknown;
}

interface UserChanges {
  userId: string | null;
  insertions: number;
  deletions: number;
  inserted: string;
  deleted: string;
  from: number;
  to: number;
}

interface Diff {
  before: unknown;
  after: unknown;
  changes: UserChanges[];
  delta?: Array<{ insert: string; change?: string; userId?: string | null }>;
}

const LIMITS = { COLLAB_COMPACT_DEBOUNCE_MS: '200' };
const anyNumber = expect.any(Number) as number;

/** Version history: real @hocuspocus/provider clients on two API processes, the REST routes, a worker for GDPR erasure. */
describe('version history of multiplayer editors', () => {
  let world: TestEnvironment;
  let a: RunningApi;
  let b: RunningApi;
  let owner: Credentials;
  let other: Credentials;
  const editors: Editor[] = [];

  const call = <T = unknown>(path: string, data: unknown, as: Credentials = owner, api = a) =>
    post<T>(api.url, path, data, apiKeyHeaders(as));
  const editor = (documentId: string, editorId = 'body') => ({ organizationId: 'org', documentId, editorId });
  async function open(api: RunningApi, userId: string, name: string, as = owner): Promise<Editor> {
    const opened = await openEditor(api.url, await userToken(api.url, as, userId), name);
    editors.push(opened);
    return opened;
  }
  async function succeed<T>(path: string, data: unknown, as: Credentials = owner, api = a): Promise<T> {
    const response = await call<T>(path, data, as, api);
    expect([response.status, response.body.error]).toEqual([200, undefined]);
    return response.body.result.data;
  }
  const save = (documentId: string, versionName: string, userId?: string, api = a) =>
    succeed<Version>(
      '/v2/crdt/versions/save',
      { ...editor(documentId), versionName, ...(userId ? { userId } : {}) },
      owner,
      api,
    );
  const versions = (documentId: string, as = owner, api = a) =>
    succeed<Version[]>('/v2/crdt/versions/get', editor(documentId), as, api);
  const versionContent = async (documentId: string, versionId: string, api = a) =>
    (await succeed<Version[]>('/v2/crdt/versions/get', { ...editor(documentId), versionId }, owner, api))[0].data;
  const diff = (documentId: string, range: Record<string, unknown>, api = a) =>
    succeed<Diff>('/v2/crdt/versions/diff', { ...editor(documentId), ...range }, owner, api);
  const restore = (documentId: string, versionId: string, userId: string, api = a) =>
    succeed<Version>('/v2/crdt/versions/restore', { ...editor(documentId), versionId, userId }, owner, api);
  const count = async (sql: string, params: unknown[]) => Number((await world.query<{ n: string }>(sql, params))[0].n);

  async function typed(by: Editor, change: (editor: Editor) => void, ...others: Editor[]): Promise<void> {
    change(by);
    await by.acknowledged();
    await eventually(() => {
      for (const peer of others) expect(peer.content()).toBe(by.content());
    });
  }

  beforeAll(async () => {
    world = await createTestEnvironment();
    // One after the other: two boots at once on a loaded machine can outlast startApi's wait.
    a = await startApi(world.env, LIMITS);
    b = await startApi(world.env, LIMITS);
    owner = await createWorkspace(a.url);
    other = await createWorkspace(a.url);
    await seedOrganization(world, owner.apiKey, 'org');
    await seedOrganization(world, other.apiKey, 'org');
    for (const id of ['notes', 'auto', 'gdpr', 'moves', 'goes']) {
      await seedDocument(world, owner.apiKey, 'org', id, { accessType: 'restricted' });
      for (const userId of ['ann', 'bob']) {
        await succeed('/v2/auth/permissions/add', {
          userId,
          permissions: { resources: [{ type: 'document', id, organizationId: 'org', accessRole: 'editor' }] },
        });
      }
    }
    await seedDocument(world, other.apiKey, 'org', 'notes');
  }, 120_000);

  afterEach(() => {
    for (const opened of editors.splice(0)) opened.destroy();
  });

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await world?.dispose();
  });

  it('save, list, get, diff and restore with editors on two instances, and restore again after an API is killed', async () => {
    // Automatic versions off: this test counts the versions it makes.
    expect(await succeed('/v2/crdt/versions/config/update', { automaticMinutes: 0 })).toEqual({
      automaticMinutes: 0,
      automaticRetentionDays: 30,
    });
    const ann = await open(a, 'ann', 'org/notes/body');
    const bob = await open(b, 'bob', 'org/notes/body');
    await typed(ann, (e) => e.text().insert(0, 'Hello '), bob);
    await typed(bob, (e) => e.text().insert(6, 'world'), ann);
    const v1 = await save('notes', 'First draft', 'ann', b);
    expect(v1).toEqual({
      versionId: expect.any(String) as string,
      versionName: 'First draft',
      kind: 'named',
      createdAt: anyNumber,
      createdBy: 'ann',
      restoredFrom: null,
    });

    await typed(ann, (e) => e.text().insert(11, ' again'), bob);
    await typed(bob, (e) => e.text().delete(0, 6), ann);
    expect(ann.content()).toBe('world again');

    expect(await versions('notes', owner, b)).toEqual([v1]);
    expect(await versionContent('notes', v1.versionId, b)).toBe('Hello world');
    const changes = await diff('notes', { fromVersionId: v1.versionId });
    expect(changes).toEqual({
      before: 'Hello world',
      after: 'world again',
      changes: [
        { userId: 'ann', insertions: 6, deletions: 0, inserted: ' again', deleted: '', from: anyNumber, to: anyNumber },
        { userId: 'bob', insertions: 0, deletions: 6, inserted: '', deleted: 'Hello ', from: anyNumber, to: anyNumber },
      ],
      delta: [
        { insert: 'Hello ', change: 'removed', userId: 'bob' },
        { insert: 'world' },
        { insert: ' again', change: 'added', userId: 'ann' },
      ],
    });
    // A time range: from just after the version was saved, the same changes.
    expect(await diff('notes', { from: v1.createdAt + 1 })).toEqual(changes);
    // From the start of the history: who wrote the first version.
    const start = await diff('notes', { toVersionId: v1.versionId });
    expect(start.changes.map((c) => [c.userId, c.inserted])).toEqual([
      ['ann', 'Hello '],
      ['bob', 'world'],
    ]);

    // Restored over REST on B: both editors converge without reconnecting.
    const restored = await restore('notes', v1.versionId, 'cy', b);
    expect(restored).toMatchObject({
      versionName: 'First draft',
      kind: 'restore',
      createdBy: 'cy',
      restoredFrom: v1.versionId,
    });
    await eventually(() => {
      expect(ann.content()).toBe('Hello world');
      expect(bob.content()).toBe('Hello world');
    });
    expect([ann.closes, bob.closes]).toEqual([[], []]);
    const listed = await versions('notes');
    expect(listed.map((v) => [v.kind, v.versionName, v.createdBy])).toEqual([
      ['restore', 'First draft', 'cy'],
      ['automatic', 'Before restoring First draft', 'cy'],
      ['named', 'First draft', 'ann'],
    ]);
    expect(await versionContent('notes', listed[1].versionId)).toBe('world again');
    expect(await versionContent('notes', restored.versionId)).toBe('Hello world');
    // The restore is a change like any other, attributed to who restored.
    const undone = await diff('notes', { fromVersionId: listed[1].versionId, toVersionId: restored.versionId });
    expect(undone.changes.map((c) => [c.userId, c.inserted, c.deleted])).toEqual([['cy', 'Hello ', ' again']]);

    // Acknowledged, then the instance holding the editor is killed before it could compact.
    await typed(ann, (e) => e.text().insert(11, '!'), bob);
    ann.destroy();
    await a.stop('SIGKILL');
    a = await startApi(world.env, LIMITS);
    const ann2 = await open(a, 'ann', 'org/notes/body');
    expect(ann2.content()).toBe('Hello world!');
    await typed(bob, (e) => e.text().insert(0, '> '), ann2);
    const again = await restore('notes', v1.versionId, 'ann', a);
    await eventually(() => {
      expect(ann2.content()).toBe('Hello world');
      expect(bob.content()).toBe('Hello world');
    });
    expect(bob.closes).toEqual([]);
    // Nothing acknowledged is lost: the content before the second restore is a version.
    const [latest, before] = await versions('notes', owner, b);
    expect(latest.versionId).toBe(again.versionId);
    expect(await versionContent('notes', before.versionId, b)).toBe('> Hello world!');
  }, 90_000);

  it('pages the versions newest first, and keeps tenants apart', async () => {
    const all = await versions('notes');
    const paged: Version[] = [];
    let pageToken: string | undefined;
    do {
      const response = await call<Version[]>('/v2/crdt/versions/get', {
        ...editor('notes'),
        pageSize: 2,
        ...(pageToken ? { pageToken } : {}),
      });
      paged.push(...response.body.result.data);
      pageToken = response.body.result.nextPageToken;
    } while (pageToken);
    expect(all.length).toBeGreaterThan(2);
    expect(paged).toEqual(all);

    const [mine] = all;
    const foreign = await call('/v2/crdt/versions/get', { ...editor('notes'), versionId: mine.versionId }, other);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ error: { status: 'NOT_FOUND', message: 'Version not found.' } });
    expect(await versions('notes', other)).toEqual([]);
  });

  it('answers bad input with errors naming the field', async () => {
    const [mine] = await versions('notes');
    const noContent = await call('/v2/crdt/versions/save', { ...editor('notes', 'empty'), versionName: 'x' });
    expect(noContent.body).toEqual({
      error: { status: 'NOT_FOUND', message: 'No CRDT data found for this editor ID.' },
    });
    const noDocument = await call('/v2/crdt/versions/save', { ...editor('nope'), versionName: 'x' });
    expect(noDocument.body).toEqual({ error: { status: 'NOT_FOUND', message: 'Document does not exist.' } });
    const both = await call('/v2/crdt/versions/diff', { ...editor('notes'), fromVersionId: mine.versionId, from: 0 });
    expect(both.body).toEqual({
      error: { status: 'INVALID_ARGUMENT', message: 'Give fromVersionId or from, not both.' },
    });
    const reversed = await call('/v2/crdt/versions/diff', { ...editor('notes'), fromVersionId: mine.versionId, to: 0 });
    expect(reversed.status).toBe(400);
    for (const [data, field] of [
      [{ ...editor('notes'), versionName: 7 }, 'versionName'],
      [{ ...editor('notes') }, 'versionName'],
      [{ organizationId: 'org', documentId: 'notes', versionName: 'x' }, 'editorId'],
      [{ ...editor('notes'), versionName: 'x', extra: 1 }, 'extra'],
    ] as const) {
      const response = await call('/v2/crdt/versions/save', data);
      expect([response.status, response.body.error.status]).toEqual([400, 'INVALID_ARGUMENT']);
      expect(response.body.error.message).toContain(field);
    }
    const policy = await call('/v2/crdt/versions/config/update', { automaticMinutes: -1 });
    expect([policy.status, policy.body.error.message]).toEqual([
      400,
      expect.stringContaining('automaticMinutes') as string,
    ]);
  });

  it('takes automatic versions on the policy, keeps them through compaction, and thins them after their retention', async () => {
    expect(
      await succeed('/v2/crdt/versions/config/update', { automaticMinutes: 30, automaticRetentionDays: 1 }),
    ).toEqual({ automaticMinutes: 30, automaticRetentionDays: 1 });
    expect(await succeed('/v2/crdt/versions/config/get', {})).toEqual({
      automaticMinutes: 30,
      automaticRetentionDays: 1,
    });
    const ann = await open(a, 'ann', 'org/auto/body');
    await typed(ann, (e) => e.text().insert(0, 'auto'));
    const [automatic] = await eventually(async () => {
      const listed = await versions('auto');
      expect(listed.map((v) => [v.kind, v.createdBy])).toEqual([['automatic', null]]);
      return listed;
    });
    // The log is compacted away; the version still rebuilds.
    await eventually(async () =>
      expect(
        await count("SELECT count(*) AS n FROM crdt_update WHERE api_key_id = $1 AND document_id = 'auto'", [
          owner.apiKey,
        ]),
      ).toBe(0),
    );
    expect(await versionContent('auto', automatic.versionId)).toBe('auto');
    const named = await save('auto', 'kept');

    // Within the interval no second automatic version; past the retention the old one goes, named ones stay.
    await typed(ann, (e) => e.text().insert(4, ' more'));
    await eventually(async () =>
      expect(
        await count("SELECT count(*) AS n FROM crdt_update WHERE api_key_id = $1 AND document_id = 'auto'", [
          owner.apiKey,
        ]),
      ).toBe(0),
    );
    expect((await versions('auto')).map((v) => v.versionId)).toEqual([named.versionId, automatic.versionId]);
    await world.query(
      "UPDATE crdt_version SET created_at = now() - interval '2 days' WHERE api_key_id = $1 AND document_id = 'auto'",
      [owner.apiKey],
    );
    await typed(ann, (e) => e.text().insert(9, '!'));
    const thinned = await eventually(async () => {
      const listed = await versions('auto');
      expect(listed.map((v) => v.kind)).toEqual(['automatic', 'named']);
      return listed;
    });
    expect(thinned[1].versionId).toBe(named.versionId);
    expect(await versionContent('auto', thinned[0].versionId)).toBe('auto more!');
  });

  it('GDPR: users/data/get lists versions and attributions; users/data/delete anonymises them and leaves the content', async () => {
    // dan, whose erasure also takes his grants: no other test edits as him.
    await succeed('/v2/auth/permissions/add', {
      userId: 'dan',
      permissions: { resources: [{ type: 'document', id: 'gdpr', organizationId: 'org', accessRole: 'editor' }] },
    });
    const dan = await open(a, 'dan', 'org/gdpr/body');
    const bob = await open(b, 'bob', 'org/gdpr/body');
    await typed(dan, (e) => e.text().insert(0, 'dan wrote this. '), bob);
    const v1 = await save('gdpr', 'by dan', 'dan');
    await typed(bob, (e) => e.text().insert(16, 'bob too.'), dan);
    await typed(dan, (e) => e.text().delete(0, 4), bob);
    await save('gdpr', 'by bob', 'bob');
    const listed = await succeed<{ crdt: Array<{ documentId: string; versionIds: string[] }> }>('/v2/users/data/get', {
      organizationId: 'org',
      userId: 'dan',
    });
    expect(listed.crdt.find((entry) => entry.documentId === 'gdpr')).toMatchObject({ versionIds: [v1.versionId] });

    let worker: RunningProcess | undefined;
    try {
      worker = await startWorker(world.env, { WORKER_QUEUES: 'user-data' });
      const { jobId } = await succeed<{ jobId: string }>('/v2/users/data/delete', {
        userIds: ['dan'],
        organizationIds: ['org'],
      });
      await eventually(
        async () =>
          expect(
            (await succeed<{ isDeleteCompleted: boolean }>('/v2/users/data/delete/status', { jobId }))
              .isDeleteCompleted,
          ).toBe(true),
        {
          timeoutMs: 30_000,
          intervalMs: 100,
        },
      );
    } finally {
      await worker?.stop();
    }
    const named = (table: string, column: string) =>
      count(`SELECT count(*) AS n FROM ${table} WHERE api_key_id = $1 AND ${column} = 'dan'`, [owner.apiKey]);
    expect(
      await Promise.all([
        named('crdt_history', 'user_id'),
        named('crdt_version', 'created_by'),
        named('crdt_update', 'user_id'),
        named('crdt_editor', 'last_updated_by'),
      ]),
    ).toEqual([0, 0, 0, 0]);
    // The shared text stays, in the document and in its versions; only who wrote it is gone.
    expect(await versionContent('gdpr', v1.versionId)).toBe('dan wrote this. ');
    const after = await diff('gdpr', {});
    expect(after.after).toBe('wrote this. bob too.');
    expect(after.changes.map((c) => c.userId)).not.toContain('dan');
    expect(after.changes.map((c) => [c.userId, c.inserted])).toContainEqual(['bob', 'bob too.']);
    expect((await versions('gdpr')).filter((v) => v.kind === 'named').map((v) => v.createdBy)).toEqual(['bob', null]);
  }, 60_000);

  it('versions follow a document migration and go with a document delete', async () => {
    const ann = await open(a, 'ann', 'org/moves/body');
    await typed(ann, (e) => e.text().insert(0, 'moving'));
    const v1 = await save('moves', 'before the move');
    ann.destroy();
    await world.query(
      "UPDATE document SET id = 'moved' WHERE api_key_id = $1 AND organization_id = 'org' AND id = 'moves'",
      [owner.apiKey],
    );
    expect(await versionContent('moved', v1.versionId)).toBe('moving');
    expect(
      await count("SELECT count(*) AS n FROM crdt_history WHERE api_key_id = $1 AND document_id = 'moves'", [
        owner.apiKey,
      ]),
    ).toBe(0);

    const gone = await open(a, 'ann', 'org/goes/body');
    await typed(gone, (e) => e.text().insert(0, 'going'));
    await save('goes', 'soon gone');
    gone.destroy();
    await succeed('/v2/organizations/documents/delete', { organizationId: 'org', documentIds: ['goes'] });
    const left = await count(
      "SELECT (SELECT count(*) FROM crdt_history WHERE api_key_id = $1 AND document_id = 'goes') + (SELECT count(*) FROM crdt_version WHERE api_key_id = $1 AND document_id = 'goes') AS n",
      [owner.apiKey],
    );
    expect(left).toBe(0);
  });

  it('records version saves and restores as activities', async () => {
    await succeed('/v2/workspace/activityconfig/update', {
      activityServiceConfig: { isEnabled: true, triggers: { crdt: true } },
    });
    const ann = await open(a, 'ann', 'org/notes/body');
    await typed(ann, (e) => e.text().insert(0, 'x'));
    const saved = await save('notes', 'logged', 'ann');
    const restored = await restore('notes', saved.versionId, 'bob');
    const logged = await succeed<Array<{ actionType: string; actionUser: unknown; targetSubEntityId: string }>>(
      '/v2/activities/get',
      {
        organizationId: 'org',
        documentId: 'notes',
        featureTypes: ['crdt'],
        order: 'asc',
      },
    );
    // The edits themselves are crdt activities too (crdt.update_data); these are the versions'.
    const versions = logged.filter((activity) => activity.actionType.startsWith('crdt.version_'));
    expect(versions.map((activity) => [activity.actionType, activity.actionUser, activity.targetSubEntityId])).toEqual([
      ['crdt.version_save', { userId: 'ann' }, saved.versionId],
      ['crdt.version_restore', { userId: 'bob' }, restored.versionId],
    ]);
  });
});
