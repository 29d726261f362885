import { Socket } from 'socket.io-client';
import { apiKeyHeaders, createWorkspace, Credentials, post } from './support/http-client';
import { RunningApi, startApi } from './support/processes';
import { connect, request, userToken } from './support/realtime-client';
import { seedDocument, seedEditors } from './support/seed';
import { createTestEnvironment, TestEnvironment } from './support/test-environment';

const LONG = 60_000;
const doc = { organizationId: 'org-cu', documentId: 'doc-cu' };

interface Thread {
  annotationId: string;
  sourceType?: string;
  comments: Array<{ commentText: string }>;
}

/** Where a thread says it came from, and how a client that missed changes catches up: from the subscribe ack's cursor, or by relisting. */
describe('comment catch-up: sourceType, the subscribe cursor and the change log retention', () => {
  let world: TestEnvironment;
  let api: RunningApi;
  let owner: Credentials;
  const sockets: Socket[] = [];

  const call = <T = unknown>(path: string, data: unknown) => post<T>(api.url, path, data, apiKeyHeaders(owner));
  const restThread = async (annotationId: string, text: string) => {
    const response = await call('/v2/commentannotations/add', {
      ...doc,
      commentAnnotations: [{ annotationId, commentData: [{ commentText: text, from: { userId: 'ann' } }] }],
    });
    expect([response.status, response.body.error]).toEqual([200, undefined]);
  };
  async function user(userId: string): Promise<Socket> {
    const socket = await connect(api.url, await userToken(api.url, owner, userId));
    sockets.push(socket);
    expect((await request(socket, 'subscribe', doc)).status).toBe('success');
    return socket;
  }

  beforeAll(async () => {
    world = await createTestEnvironment();
    api = await startApi(world.env);
    owner = await createWorkspace(api.url);
    await seedDocument(world, owner.apiKey, doc.organizationId, doc.documentId);
    await seedEditors(api.url, owner, doc.organizationId, ['ann', 'bob']);
  }, LONG);

  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.close();
  });

  afterAll(async () => {
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
});
