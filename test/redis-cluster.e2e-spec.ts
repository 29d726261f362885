import { Cluster } from 'ioredis';
import { Socket } from 'socket.io-client';
import { Editor, openEditor } from './support/collab-client';
import { apiKeyHeaders, createWorkspace, Credentials, post } from './support/http-client';
import { eventually } from './support/eventually';
import { settled, startMigration, WORKER_TIMINGS } from './support/migrations';
import { RunningApi, RunningProcess, startApi, startWorker } from './support/processes';
import { PermissionProviderStub } from './support/permission-provider-stub';
import { connect, nextEvent, request, userToken } from './support/realtime-client';
import { RedisClusterHandle, startRedisCluster } from './support/redis-cluster';
import { seedDocument, seedEditors } from './support/seed';
import { createTestEnvironment, TestEnvironment } from './support/test-environment';
import { WebhookReceiver } from './support/webhook-receiver';

interface PresenceUser {
  userId: string;
  status: string;
}

interface LiveStateEvent {
  liveStateDataId: string;
  data: unknown;
}

/** Presence of 12 documents: the chance that all their hashes land on one of three masters is 3^-11. */
const SPREAD_DOCUMENTS = Array.from({ length: 12 }, (_, i) => `spread-${i}`);
const CREATE_LIMIT = 4;

/**
 * The same behaviours as the single-Redis suites (realtime across two API instances, presence, rate
 * limits, webhook delivery and migration by the worker), with REDIS_CLUSTER_NODES pointing at a real
 * 3-master Redis Cluster started for this suite.
 */
describe('on a Redis Cluster of three masters', () => {
  let cluster: RedisClusterHandle;
  let world: TestEnvironment;
  let redis: Cluster;
  let a: RunningApi;
  let b: RunningApi;
  let worker: RunningProcess;
  let receiver: WebhookReceiver;
  let owner: Credentials;
  const sockets: Socket[] = [];

  const call = <T = unknown>(api: RunningApi, path: string, data: unknown) =>
    post<T>(api.url, path, data, apiKeyHeaders(owner));
  const presenceKey = (documentId: string) =>
    `${world.name}:presence:{${JSON.stringify([owner.apiKey, 'org', documentId])}}`;
  async function subscribed(api: RunningApi, userId: string, documentId: string): Promise<Socket> {
    const socket = await connect(api.url, await userToken(api.url, owner, userId, { name: userId }));
    sockets.push(socket);
    expect((await request(socket, 'subscribe', { organizationId: 'org', documentId })).status).toBe('success');
    return socket;
  }

  beforeAll(async () => {
    [cluster, world, receiver] = await Promise.all([
      startRedisCluster(),
      createTestEnvironment(),
      WebhookReceiver.start(),
    ]);
    redis = cluster.client(`${world.name}:`);
    const env = { ...world.env, REDIS_CLUSTER_NODES: cluster.nodes };
    const limits = { WORKSPACE_CREATE_LIMIT: String(CREATE_LIMIT), WORKSPACE_CREATE_WINDOW_S: '600' };
    [a, b, worker] = await Promise.all([
      startApi(env, limits),
      startApi(env, limits),
      startWorker(env, { ...WORKER_TIMINGS, WEBHOOK_SWEEP_INTERVAL_MS: '1000' }),
    ]);
    owner = await createWorkspace(a.url);
    for (const documentId of ['doc', 'plan', ...SPREAD_DOCUMENTS])
      await seedDocument(world, owner.apiKey, 'org', documentId);
    await seedEditors(a.url, owner, 'org', ['ann', 'bob', 'u1']);
  });

  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await Promise.all([a?.stop(), b?.stop(), worker?.stop(), receiver?.down()]);
    await world?.dispose();
    await cluster?.stop();
  });

  it('syncs a CRDT document between editors on two API instances (Hocuspocus Redis extension on the cluster)', async () => {
    const editors: Editor[] = [];
    try {
      editors.push(await openEditor(a.url, await userToken(a.url, owner, 'ann'), 'org/plan/body'));
      editors.push(await openEditor(b.url, await userToken(b.url, owner, 'bob'), 'org/plan/body'));
      const [onA, onB] = editors;
      onA.text().insert(0, 'from A ');
      onB.text().insert(0, 'from B ');
      await Promise.all([onA.acknowledged(), onB.acknowledged()]);
      await eventually(() => {
        expect(onA.content()).toHaveLength(14);
        expect(onB.content()).toBe(onA.content());
      });
    } finally {
      for (const editor of editors) editor.destroy();
    }
  });

  it('counts the workspace-create limit once across two API instances (the throttler script on one slot)', async () => {
    // The suite's own workspace was the first create of this client.
    const statuses: number[] = [];
    for (let i = 0; i < CREATE_LIMIT + 1; i++) {
      const response = await post(i % 2 ? b.url : a.url, '/v2/workspace/create', {
        ownerEmail: `cluster-rl${i}@example.com`,
        name: 'R',
        workspaceName: 'W',
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
  });

  it('keeps each document’s presence in one hash on one master, the documents spread over the masters', async () => {
    for (const documentId of SPREAD_DOCUMENTS) {
      const added = await call(documentId.endsWith('1') ? b : a, '/v2/presence/add', {
        organizationId: 'org',
        documentId,
        users: [{ userId: 'ann', name: 'Ann' }, { userId: 'bob' }],
      });
      expect(added.status).toBe(200);
    }
    const masters = new Set(
      await Promise.all(SPREAD_DOCUMENTS.map((documentId) => cluster.masterOf(presenceKey(documentId)))),
    );
    expect(masters.size).toBeGreaterThan(1);
    const doc = { organizationId: 'org', documentId: 'spread-0' };
    const updated = await call(b, '/v2/presence/update', {
      ...doc,
      users: [
        { userId: 'bob', status: 'away' },
        { userId: 'nobody', status: 'away' },
      ],
    });
    expect(updated.status).toBe(200);
    expect((await call(a, '/v2/presence/delete', { ...doc, userIds: ['ann'] })).status).toBe(200);
    const listed = await call<PresenceUser[]>(a, '/v2/presence/get', doc);
    expect(listed.body.result.data.map((user) => [user.userId, user.status])).toEqual([['bob', 'away']]);
    expect(await redis.hlen(`presence:{${JSON.stringify([owner.apiKey, 'org', 'spread-1'])}}`)).toBe(2);
  });

  it("finds a user's presence on every master for the user-data route (SCAN per master)", async () => {
    const response = await call<{ presence: Array<{ documentId: string }> }>(a, '/v2/users/data/get', {
      organizationId: 'org',
      userId: 'bob',
    });
    expect(response.status).toBe(200);
    expect(response.body.result.data.presence.map((entry) => entry.documentId).sort()).toEqual(
      [...SPREAD_DOCUMENTS].sort(),
    );
  });

  it('fans a broadcast and a presence change out from one API instance to sockets on both (sharded pub/sub)', async () => {
    const onA = await subscribed(a, 'ann', 'doc');
    const onB = await subscribed(b, 'bob', 'doc');
    const broadcasts = [onA, onB].map((socket) =>
      nextEvent<LiveStateEvent>(socket, 'livestate', (event) => event.liveStateDataId === 'cursor'),
    );
    expect(
      (
        await call(b, '/v2/livestate/broadcast', {
          organizationId: 'org',
          documentId: 'doc',
          liveStateDataId: 'cursor',
          data: { x: 1 },
        })
      ).status,
    ).toBe(200);
    for (const event of await Promise.all(broadcasts)) expect(event.data).toEqual({ x: 1 });
    // The sharded adapter's channel of this document's room (SSUBSCRIBEd by both instances).
    const roomChannels = await cluster.shardChannels(`${world.name}:socket.io#/#doc:*`);
    expect(roomChannels).toContain(`${world.name}:socket.io#/#doc:${JSON.stringify([owner.apiKey, 'org', 'doc'])}#`);
    const presence = nextEvent<{ users: PresenceUser[] }>(onA, 'presence', (event) =>
      event.users.some((user) => user.userId === 'zed'),
    );
    await call(b, '/v2/presence/add', { organizationId: 'org', documentId: 'doc', users: [{ userId: 'zed' }] });
    expect((await presence).users.map((user) => user.userId)).toContain('zed');
  });

  it('carries access re-checks (serverSideEmit) to both instances: a disabled document drops sockets on each', async () => {
    const onA = await subscribed(a, 'ann', 'doc');
    const onB = await subscribed(b, 'bob', 'doc');
    const revoked = [nextEvent(onA, 'access_revoked'), nextEvent(onB, 'access_revoked')];
    const disabled = await call(a, '/v2/organizations/documents/access/disablestate/update', {
      organizationId: 'org',
      documentIds: ['doc'],
      disabled: true,
    });
    expect(disabled.status).toBe(200);
    for (const event of await Promise.all(revoked)) expect(event).toEqual({ organizationId: 'org', documentId: 'doc' });
  });

  it('delivers a webhook through the worker (BullMQ queue under a hash-tagged prefix)', async () => {
    // Configured on the instance that writes the comment: another instance may hold the key's sink settings,
    // read by an earlier test's event, for AUTH_CACHE_TTL_MS (docs/write-path.md), and this test is about the queue.
    const configured = await call(b, '/v2/workspace/webhookconfig/update', {
      useWebhookService: true,
      webhookServiceConfig: { rawNotificationUrl: receiver.url('/raw') },
    });
    expect(configured.status).toBe(200);
    const annotated = await call(b, '/v2/commentannotations/add', {
      organizationId: 'org',
      documentId: 'plan',
      commentAnnotations: [
        {
          annotationId: 'c1',
          commentData: [{ commentText: 'on a cluster', from: { userId: 'u1' }, triggerNotification: true }],
        },
      ],
    });
    expect(annotated.status).toBe(200);
    await eventually(() => expect(receiver.received.map((hook) => hook.body).join('\n')).toContain('on a cluster'), {
      timeoutMs: 15_000,
    });
    // No keyPrefix for BullMQ (it refuses one): its prefix is the hash tag itself.
    expect(await cluster.client().exists(`{${world.name}}:bull:webhook:meta`)).toBe(1);
  });

  it('migrates a document in the worker: presence moves to the new hash (another slot), sockets hear it from the worker', async () => {
    await call(a, '/v2/presence/add', {
      organizationId: 'org',
      documentId: 'plan',
      users: [{ userId: 'ann', name: 'Ann' }],
    });
    const watcher = await subscribed(b, 'bob', 'plan');
    // One notice on the namespace channel carries both the event and the re-check, so the re-check
    // cannot drop the socket from the room before the event reaches it (they used to travel apart).
    const revoked = nextEvent(watcher, 'access_revoked', () => true, 15_000);
    const migrated = nextEvent<{ newDocumentId: string }>(watcher, 'document_migrated', () => true, 15_000);
    const migrationId = await startMigration((path, data) => call(a, path, data), 'org', 'plan', 'plan-v2');
    expect(await settled((path, data) => call(a, path, data), 'org', migrationId)).toEqual({
      migrationId,
      status: 'completed',
    });
    expect((await migrated).newDocumentId).toBe('plan-v2');
    expect(await revoked).toEqual({ organizationId: 'org', documentId: 'plan' });
    const presence = await call<PresenceUser[]>(a, '/v2/presence/get', {
      organizationId: 'org',
      documentId: 'plan-v2',
    });
    expect(presence.body.result.data.map((user) => user.userId)).toContain('ann');
    expect(await redis.exists(`presence:{${JSON.stringify([owner.apiKey, 'org', 'plan'])}}`)).toBe(0);
  });

  it("caches a permission provider's decisions for a user in one slot: one MGET reads them, one MULTI writes them", async () => {
    const provider = await PermissionProviderStub.start();
    try {
      provider.reply = (query) => ({
        status: 200,
        body: {
          data: query.body.data.requests.map(({ userId, resource }) => ({
            userId,
            resourceId: resource.id,
            type: resource.type,
            organizationId: resource.organizationId,
            hasAccess: true,
            accessRole: 'editor',
          })),
          success: true,
          statusCode: 200,
        },
      });
      const configured = await call(a, '/v2/workspace/permissionproviderconfig/update', {
        usePermissionProvider: true,
        permissionProviderConfig: {
          permissionProviderUrl: provider.url(),
          authToken: 'provider-bearer-token-0123456789',
        },
      });
      expect(configured.status).toBe(200);
      await subscribed(a, 'pp', 'spread-2');
      await subscribed(b, 'pp', 'spread-2');
      expect(provider.received).toHaveLength(1);
      expect(provider.received[0].body.data.requests.map((request) => request.resource.type)).toEqual([
        'organization',
        'document',
      ]);
      const cached = await redis.mget(
        `permission-decision:{${JSON.stringify([owner.apiKey, 'pp'])}}${JSON.stringify(['organization', 'org', 'org'])}`,
        `permission-decision:{${JSON.stringify([owner.apiKey, 'pp'])}}${JSON.stringify(['document', 'org', 'spread-2'])}`,
      );
      expect(
        cached.map((value) => (value === null ? null : (JSON.parse(value) as { hasAccess: boolean }).hasAccess)),
      ).toEqual([true, true]);
    } finally {
      await provider.stop();
    }
  });
});
