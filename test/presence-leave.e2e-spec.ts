import { Socket } from 'socket.io-client';
import { eventually } from './support/eventually';
import { apiKeyHeaders, createWorkspace, Credentials, post } from './support/http-client';
import { RunningApi, startApi } from './support/processes';
import { PermissionProviderStub, ReceivedQuery } from './support/permission-provider-stub';
import { connect, nextEvent, request, userToken } from './support/realtime-client';
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
describe('presence ends with the last subscribed socket of a user', () => {
  let world: TestEnvironment;
  let apis: RunningApi[];
  let owner: Credentials;
  const sockets: Socket[] = [];
  let provider: PermissionProviderStub;

  beforeAll(async () => {
    world = await createTestEnvironment();
    apis = await Promise.all([startApi(world.env), startApi(world.env)]);
    owner = await createWorkspace(apis[0].url);
    await seedDocument(world, owner.apiKey, doc.organizationId, doc.documentId, { accessType: 'public' });
  }, LONG);

  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await provider?.stop();
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

  it(
    'a socket that closes while its subscribe waits for the access check never becomes present',
    async () => {
      // A tenant whose permission provider takes its time over one user: her subscribes are still
      // waiting for it when her sockets close.
      provider = await PermissionProviderStub.start();
      const slow = 'drive-by';
      const delayMs = 1500;
      provider.reply = (query) => ({ ...grantAll(query), delayMs: asks(query, slow) ? delayMs : 0 });
      const tenant = await createWorkspace(apis[0].url);
      await seedDocument(world, tenant.apiKey, doc.organizationId, doc.documentId, { accessType: 'restricted' });
      const config = await post(
        apis[0].url,
        '/v2/workspace/permissionproviderconfig/update',
        { usePermissionProvider: true, permissionProviderConfig: { permissionProviderUrl: provider.url() } },
        apiKeyHeaders(tenant),
      );
      expect(config.status).toBe(200);
      const socketOf = async (userId: string, api: RunningApi) => {
        const socket = await connect(api.url, await userToken(apis[0].url, tenant, userId));
        sockets.push(socket);
        return socket;
      };
      const watcher = await socketOf('watcher', apis[0]);
      const pushes: string[][] = [];
      watcher.on('presence', (event: PresenceEvent) => pushes.push(event.users.map((user) => user.userId)));
      expect((await request(watcher, 'subscribe', doc)).status).toBe('success');

      const driveBy = await Promise.all([0, 1, 2, 3].map((i) => socketOf(slow, apis[i % 2])));
      for (const socket of driveBy) socket.emit('subscribe', doc);
      await eventually(() => expect(provider.received.filter((query) => asks(query, slow))).toHaveLength(4));
      for (const socket of driveBy) socket.close();
      // Past the provider's answers, and past what the instances did with them.
      await new Promise((resolve) => setTimeout(resolve, delayMs + 1000));

      // A later change to the list: its push reads the whole list as it stands.
      const marker = await socketOf('marker', apis[1]);
      expect((await request(marker, 'subscribe', doc)).status).toBe('success');
      const markerGone = nextEvent<PresenceEvent>(watcher, 'presence', (event) =>
        event.users.every((user) => user.userId !== 'marker'),
      );
      expect((await request(marker, 'unsubscribe', doc)).status).toBe('success');
      expect((await markerGone).users.map((user) => user.userId)).toEqual(['watcher']);
      expect(pushes.filter((users) => users.includes(slow))).toEqual([]);
      const stored = await post<Array<{ userId: string }>>(apis[1].url, '/v2/presence/get', doc, apiKeyHeaders(tenant));
      expect(stored.body.result.data.map((user) => user.userId)).toEqual(['watcher']);
    },
    LONG,
  );
});

/** Whether the provider query is about `userId`. */
function asks(query: ReceivedQuery, userId: string): boolean {
  return query.body.data.requests.some((one) => one.userId === userId);
}

/** Velt's PermissionResult granting every request of the query, editor on documents. */
function grantAll(query: ReceivedQuery) {
  const data = query.body.data.requests.map(({ userId, resource }) => ({
    userId,
    resourceId: resource.id,
    type: resource.type,
    organizationId: resource.organizationId,
    hasAccess: true,
    ...(resource.type === 'document' ? { accessRole: 'editor' } : {}),
  }));
  return { status: 200, body: { data, success: true, statusCode: 200 } };
}
