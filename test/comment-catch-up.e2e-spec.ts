import { Socket } from 'socket.io-client';
import { RealtimeClient } from '../packages/realtime/src';
import { eventually } from './support/eventually';
import { apiKeyHeaders, createWorkspace, Credentials, post } from './support/http-client';
import { RunningApi, RunningProcess, startApi, startWorker } from './support/processes';
import { connect, request, userToken } from './support/realtime-client';
import { seedDocument, seedEditors } from './support/seed';
import { createTestEnvironment, TestEnvironment } from './support/test-environment';

const LONG = 60_000;
const doc = { organizationId: 'org-cu', documentId: 'doc-cu' };
const WORKER_ENV = { WORKER_QUEUES: 'comment', COMMENT_CHANGE_SWEEP_INTERVAL_MS: '200' };

interface Thread {
  annotationId: string;
  sourceType?: string;
  comments: Array<{ commentText: string }>;
}

interface Changes {
  cursor: string;
  threads?: Thread[];
  deleted?: string[];
  relist?: boolean;
}

/** Where a thread says it came from, and how a client that missed changes catches up: from the subscribe ack's cursor, or by relisting. */
describe('comment catch-up: sourceType, the subscribe cursor and the change log retention', () => {
  let world: TestEnvironment;
  let api: RunningApi;
  let worker: RunningProcess;
  let owner: Credentials;
  const sockets: Socket[] = [];
  const clients: RealtimeClient[] = [];

  const call = <T = unknown>(path: string, data: unknown) => post<T>(api.url, path, data, apiKeyHeaders(owner));
  const restThread = async (annotationId: string, text: string) => {
    const response = await call('/v2/commentannotations/add', {
      ...doc,
      commentAnnotations: [{ annotationId, commentData: [{ commentText: text, from: { userId: 'ann' } }] }],
    });
    expect([response.status, response.body.error]).toEqual([200, undefined]);
  };
  async function realtimeClient(userId: string): Promise<RealtimeClient> {
    const { token } = await userToken(api.url, owner, userId);
    const client = new RealtimeClient({ url: api.url, apiKey: owner.apiKey, token, userId });
    clients.push(client);
    return client;
  }
  const threadIds = (threads: Thread[]) => threads.map((thread) => thread.annotationId).sort();
  async function user(userId: string): Promise<Socket> {
    const socket = await connect(api.url, await userToken(api.url, owner, userId));
    sockets.push(socket);
    expect((await request(socket, 'subscribe', doc)).status).toBe('success');
    return socket;
  }

  beforeAll(async () => {
    world = await createTestEnvironment();
    api = await startApi(world.env);
    worker = await startWorker(world.env, WORKER_ENV);
    owner = await createWorkspace(api.url);
    await seedDocument(world, owner.apiKey, doc.organizationId, doc.documentId);
    await seedEditors(api.url, owner, doc.organizationId, ['ann', 'bob']);
  }, LONG);

  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.close();
    for (const client of clients.splice(0)) client.disconnect();
  });

  afterAll(async () => {
    await worker?.stop();
    await api?.stop();
    await world?.dispose();
  }, LONG);

  it("a thread made from the browser has no sourceType, as Velt's SDK threads; one made over REST says rest-api", async () => {
    const ann = await user('ann');
    const added = await request<{ thread: Thread }>(ann, 'comments:add', {
      ...doc,
      annotationId: 'from-browser',
      comment: { commentText: 'typed in the browser' },
    });
    expect(added.status).toBe('success');
    expect(added.thread.sourceType).toBeUndefined();
    await restThread('from-rest', 'sent by the server');
    const got = await call<Thread[]>('/v2/commentannotations/get', {
      ...doc,
      annotationIds: ['from-browser', 'from-rest'],
    });
    expect(
      Object.fromEntries(got.body.result.data.map((thread) => [thread.annotationId, thread.sourceType ?? null])),
    ).toEqual({ 'from-browser': null, 'from-rest': 'rest-api' });
  });

  it('the subscribe ack carries the cursor, so a client that never listed catches up on what it missed', async () => {
    const bob = await connect(api.url, await userToken(api.url, owner, 'bob'));
    sockets.push(bob);
    const subscribed = await request<{ cursor: string }>(bob, 'subscribe', doc);
    expect(subscribed.cursor).toMatch(/^\d+$/);
    await restThread('missed-by-socket', 'while bob had no list');
    const caught = await request<Changes>(bob, 'comments:changes', { ...doc, since: subscribed.cursor });
    expect(threadIds(caught.threads ?? [])).toEqual(['missed-by-socket']);

    // The realtime client: it enters the document, never lists, loses its connection and misses a thread.
    const client = await realtimeClient('bob');
    const room = await client.enterDocument(doc.organizationId, doc.documentId);
    client.socket.disconnect();
    await restThread('missed-by-client', 'while the client was away');
    client.socket.connect();
    await eventually(() => expect(threadIds(room.comments.threads())).toEqual(['missed-by-client']), {
      timeoutMs: 15_000,
      intervalMs: 100,
    });
  });

  it(
    'a worker deletes changes past COMMENT_CHANGE_RETENTION_S; an older cursor is answered relist, and the realtime client relists',
    async () => {
      const client = await realtimeClient('ann');
      const room = await client.enterDocument(doc.organizationId, doc.documentId);
      await room.comments.list({ pageSize: 50 });
      expect(room.comments.threads().length).toBeGreaterThan(0);
      const ann = await user('ann');
      const { cursor: old } = await request<{ cursor: string }>(ann, 'comments:list', doc);

      client.socket.disconnect();
      await restThread('after-the-window', 'new while the client was away');
      const deleted = await call('/v2/commentannotations/delete', { ...doc, annotationIds: ['from-rest'] });
      expect(deleted.status).toBe(200);
      // Every change so far is older than the 7-day default window; the worker's sweep deletes them all.
      await world.query(`UPDATE comment_change SET created_at = now() - interval '8 days'`);
      await eventually(
        async () => {
          const [row] = await world.query<{ n: string }>('SELECT count(*) AS n FROM comment_change');
          expect(row.n).toBe('0');
        },
        { timeoutMs: 30_000, intervalMs: 200 },
      );
      const [horizon] = await world.query<{ seq: string }>('SELECT seq::text AS seq FROM comment_change_horizon');
      expect(BigInt(horizon.seq)).toBeGreaterThan(BigInt(old));

      const stale = await request<Changes>(ann, 'comments:changes', { ...doc, since: old });
      expect(stale).toEqual({ status: 'success', relist: true, cursor: horizon.seq });
      // The cursors handed out from now on are at the horizon or above, so they catch up normally.
      const resubscribed = await request<{ cursor: string }>(ann, 'subscribe', doc);
      expect(resubscribed.cursor).toBe(horizon.seq);
      await restThread('after-the-sweep', 'heard by a catch-up');
      const fresh = await request<Changes>(ann, 'comments:changes', { ...doc, since: stale.cursor });
      expect([fresh.relist, threadIds(fresh.threads ?? []), fresh.deleted]).toEqual([
        undefined,
        ['after-the-sweep'],
        [],
      ]);

      const listed = await call<Thread[]>('/v2/commentannotations/get', doc);
      client.socket.connect();
      await eventually(() => expect(threadIds(room.comments.threads())).toEqual(threadIds(listed.body.result.data)), {
        timeoutMs: 15_000,
        intervalMs: 100,
      });
      expect(threadIds(room.comments.threads())).toContain('after-the-window');
      expect(threadIds(room.comments.threads())).not.toContain('from-rest');
    },
    LONG,
  );
});
