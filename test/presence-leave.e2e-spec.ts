import { Socket } from 'socket.io-client';
import { eventually } from './support/eventually';
import { apiKeyHeaders, createWorkspace, Credentials, post } from './support/http-client';
import { RunningApi, startApi } from './support/processes';
import { connect, request, userToken } from './support/realtime-client';
import { seedDocument } from './support/seed';
import { createTestEnvironment, TestEnvironment } from './support/test-environment';

const LONG = 180_000;
const SOCKETS = 500;
/** Of the sockets, these close while their subscribe is still under way. */
const IN_FLIGHT = 50;
const doc = { organizationId: 'org-pl', documentId: 'doc-pl' };

interface PresenceEvent {
  users: Array<{ userId: string }>;
}

/** A user's presence on a document ends with their last socket there, however many close at once, on two instances. */
describe('presence leaves with the last of many sockets', () => {
  let world: TestEnvironment;
  let apis: RunningApi[];
  let owner: Credentials;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    world = await createTestEnvironment();
    apis = await Promise.all([startApi(world.env), startApi(world.env)]);
    owner = await createWorkspace(apis[0].url);
    await seedDocument(world, owner.apiKey, doc.organizationId, doc.documentId, { accessType: 'public' });
  }, LONG);

  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await Promise.all((apis ?? []).map((api) => api.stop()));
    await world?.dispose();
  }, LONG);

  it(
    `after ${SOCKETS} sockets of one user close at once, ${IN_FLIGHT} of them mid-subscribe, the last presence push and the stored list leave the user out`,
    async () => {
      const watcher = await connect(apis[0].url, await userToken(apis[0].url, owner, 'watcher'));
      sockets.push(watcher);
      let last: string[] = [];
      watcher.on('presence', (event: PresenceEvent) => (last = event.users.map((user) => user.userId)));
      expect((await request(watcher, 'subscribe', doc)).status).toBe('success');

      const auth = await userToken(apis[0].url, owner, 'crowd');
      const crowd: Socket[] = [];
      for (let start = 0; start < SOCKETS; start += 50) {
        const opened = await Promise.all(
          Array.from({ length: Math.min(50, SOCKETS - start) }, (_, i) => connect(apis[(start + i) % 2].url, auth)),
        );
        sockets.push(...opened);
        crowd.push(...opened);
      }
      for (let start = 0; start < SOCKETS - IN_FLIGHT; start += 50) {
        const acks = await Promise.all(
          crowd.slice(start, start + 50).map((socket) => request(socket, 'subscribe', doc)),
        );
        expect(acks.filter((ack) => ack.status !== 'success')).toEqual([]);
      }
      await eventually(() => expect(last).toEqual(['crowd', 'watcher']), { timeoutMs: 30_000 });

      // Another user's sockets all close mid-subscribe: none of them ever got to be subscribed when it closed.
      const driveBy = await Promise.all(
        Array.from({ length: 10 }, async (_, i) =>
          connect(apis[i % 2].url, await userToken(apis[0].url, owner, 'drive-by')),
        ),
      );
      sockets.push(...driveBy);
      for (const socket of [...crowd.slice(-IN_FLIGHT), ...driveBy]) socket.emit('subscribe', doc);
      for (const socket of [...crowd, ...driveBy]) socket.close();
      await eventually(() => expect(last).toEqual(['watcher']), { timeoutMs: 30_000, intervalMs: 200 });
      const stored = await post<Array<{ userId: string }>>(apis[1].url, '/v2/presence/get', doc, apiKeyHeaders(owner));
      expect(stored.body.result.data.map((user) => user.userId)).toEqual(['watcher']);
    },
    LONG,
  );
});
