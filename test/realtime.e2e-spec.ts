import { randomBytes } from 'node:crypto';
import { Socket } from 'socket.io-client';
import { apiKeyHeaders, BatchResult, createWorkspace, Credentials, post } from './support/http-client';
import { RunningApi, startApi } from './support/processes';
import {
  connect,
  Handshake,
  nextEvent,
  refusal,
  request,
  signJwt,
  signWithKeySecret,
  userToken,
} from './support/realtime-client';
import { eventually } from './support/eventually';
import { seedDocument, seedOrganization } from './support/seed';
import { createTestEnvironment, TestEnvironment } from './support/test-environment';

interface LiveStateEvent {
  organizationId: string;
  documentId: string;
  liveStateDataId: string;
  data: unknown;
}

interface PresenceEvent {
  users: Array<{ userId: string; name: string; email: string; status: string }>;
}

/** The success fields of a subscribe ack. */
interface Subscribed {
  liveStates: Array<{ liveStateDataId: string; data: unknown }>;
  role: string;
}

/** Two API processes sharing one database and one Redis: they must act as one realtime service. */
describe('realtime gateway across two API instances', () => {
  let world: TestEnvironment;
  let a: RunningApi;
  let b: RunningApi;
  let owner: Credentials;
  let other: Credentials;
  const sockets: Socket[] = [];
  const doc = { organizationId: 'org', documentId: 'doc' };

  const call = <T = unknown>(api: RunningApi, path: string, data: unknown, as: Credentials = owner) =>
    post<T>(api.url, path, data, apiKeyHeaders(as));
  const grant = (userId: string, accessRole: string, documentId = 'doc') =>
    call(a, '/v2/auth/permissions/add', {
      userId,
      permissions: { resources: [{ type: 'document', id: documentId, organizationId: 'org', accessRole }] },
    });
  async function client(api: RunningApi, auth: Handshake, origin?: string): Promise<Socket> {
    const socket = await connect(api.url, auth, origin);
    sockets.push(socket);
    return socket;
  }
  async function subscribed(api: RunningApi, userId: string, target = doc): Promise<Socket> {
    const socket = await client(api, await userToken(api.url, owner, userId, { name: userId }));
    const ack = await request(socket, 'subscribe', target);
    expect(ack.status).toBe('success');
    return socket;
  }

  beforeAll(async () => {
    world = await createTestEnvironment();
    [a, b] = await Promise.all([startApi(world.env), startApi(world.env)]);
    owner = await createWorkspace(a.url);
    other = await createWorkspace(a.url);
    await seedOrganization(world, owner.apiKey, 'org');
    await seedDocument(world, owner.apiKey, 'org', 'doc', { accessType: 'restricted' });
    await seedOrganization(world, other.apiKey, 'org');
    await seedDocument(world, other.apiKey, 'org', 'doc');
    await grant('ed', 'editor');
    await grant('ed2', 'editor');
    await grant('vi', 'viewer');
  }, 60_000);

  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.close();
  });

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await world?.dispose();
  });

  it('a REST broadcast posted to A reaches subscribers on A and on B, and is stored', async () => {
    const onA = await subscribed(a, 'ed');
    const onB = await subscribed(b, 'vi');
    const received = [nextEvent(onA, 'livestate'), nextEvent(onB, 'livestate')];
    const response = await call(a, '/v1/livestate/broadcast', {
      ...doc,
      liveStateDataId: 'cursor',
      data: { x: 1 },
      merge: false,
    });
    expect(response.status).toBe(200);
    expect(response.body.result).toEqual({
      status: 'success',
      message: 'Event broadcasted successfully.',
      data: { success: true },
    });
    for (const event of await Promise.all(received)) {
      expect(event).toMatchObject({ ...doc, liveStateDataId: 'cursor', data: { x: 1 } });
    }
    const late = await client(b, await userToken(b.url, owner, 'ed2'));
    const ack = await request<Subscribed>(late, 'subscribe', doc);
    expect(ack.liveStates).toEqual([expect.objectContaining({ liveStateDataId: 'cursor', data: { x: 1 } })]);
    expect(ack.role).toBe('editor');
  });

  it('stamps concurrent merges in the order they commit, so a client keeping the latest push keeps every key', async () => {
    const watcher = await subscribed(a, 'vi');
    const pushes: Array<{ data: Record<string, number>; updatedAt: string }> = [];
    watcher.on('livestate', (event: { liveStateDataId: string; data: Record<string, number>; updatedAt: string }) => {
      if (event.liveStateDataId === 'concurrent') pushes.push(event);
    });
    const writers = 40;
    await Promise.all(
      Array.from({ length: writers }, (_, i) =>
        call(i % 2 ? a : b, '/v2/livestate/broadcast', {
          ...doc,
          liveStateDataId: 'concurrent',
          data: { [`k${i}`]: i },
          merge: true,
        }),
      ),
    );
    await eventually(() => expect(pushes).toHaveLength(writers));
    // Each merge adds one key, so a push's key count is its place in commit order; its stamp must grow with it.
    const byCommit = [...pushes].sort((x, y) => Object.keys(x.data).length - Object.keys(y.data).length);
    const stamps = byCommit.map((push) => push.updatedAt);
    expect(stamps).toEqual([...stamps].sort());
    expect(new Set(stamps).size).toBe(writers);
  });

  it('presence added through B is pushed to a subscriber on A, and sockets join and leave presence', async () => {
    const onA = await subscribed(a, 'ed');
    const pushed = nextEvent<PresenceEvent>(onA, 'presence', (event) =>
      event.users.some((user) => user.userId === 'zed'),
    );
    const added = await call(b, '/v2/presence/add', {
      ...doc,
      users: [{ userId: 'zed', name: 'Zed', email: 'zed@example.com' }],
    });
    expect(added.body.result.data).toEqual({ success: true });
    const event = await pushed;
    expect(event.users).toEqual(
      expect.arrayContaining([
        { userId: 'zed', name: 'Zed', email: 'zed@example.com', status: 'online' },
        { userId: 'ed', name: 'ed', email: '', status: 'online' },
      ]),
    );
    const viewer = await subscribed(b, 'vi');
    const listed = await call<PresenceEvent['users']>(a, '/v2/presence/get', doc);
    expect(listed.body.result.data.map((user) => user.userId)).toEqual(['ed', 'vi', 'zed']);
    const gone = nextEvent<PresenceEvent>(onA, 'presence', (e) => !e.users.some((user) => user.userId === 'vi'));
    viewer.close();
    await gone;
  });

  it('a burst of joins on one document reaches every subscriber as fewer pushes, the last one the whole list', async () => {
    const crowd = { organizationId: 'org', documentId: 'crowd' };
    await seedDocument(world, owner.apiKey, 'org', 'crowd', { accessType: 'public' });
    const watchers = [await subscribed(a, 'watcher-a', crowd), await subscribed(b, 'watcher-b', crowd)];
    const joiners = Array.from({ length: 20 }, (_, i) => `joiner-${i}`);
    const everyone = ['watcher-a', 'watcher-b', ...joiners].sort();
    const received = watchers.map((watcher) => {
      const pushes: string[][] = [];
      watcher.on('presence', (event: PresenceEvent) => {
        const ids = event.users.map((user) => user.userId);
        if (ids.some((id) => id.startsWith('joiner-'))) pushes.push(ids);
      });
      return pushes;
    });
    const complete = watchers.map((watcher) =>
      nextEvent<PresenceEvent>(watcher, 'presence', (event) => event.users.length === everyone.length),
    );
    // Tokens first, so the joins land together. Every join goes through A, so the last push each
    // watcher gets is A's, made after the last join.
    const auths = await Promise.all(joiners.map((userId) => userToken(a.url, owner, userId, { name: userId })));
    const sockets = await Promise.all(auths.map((auth) => client(a, auth)));
    const acks = await Promise.all(sockets.map((socket) => request(socket, 'subscribe', crowd)));
    expect(acks.map((ack) => ack.status)).toEqual(joiners.map(() => 'success'));
    await Promise.all(complete);
    await new Promise((resolve) => setTimeout(resolve, 500));
    for (const pushes of received) {
      expect(pushes.length).toBeLessThan(joiners.length);
      expect(pushes.at(-1)).toEqual(everyone);
    }
  });

  it('refuses livestate:set from a viewer and accepts it from an editor, fanned out to the other instance', async () => {
    const viewer = await subscribed(a, 'vi');
    const editor = await subscribed(b, 'ed');
    const refused = await request(viewer, 'livestate:set', {
      ...doc,
      liveStateDataId: 'shape',
      data: { hacked: true },
    });
    expect(refused).toEqual({ error: { status: 'PERMISSION_DENIED', message: 'Only editors may set live state.' } });
    const seenByViewer = nextEvent<LiveStateEvent>(viewer, 'livestate', (e) => e.liveStateDataId === 'shape');
    const accepted = await request(editor, 'livestate:set', {
      ...doc,
      liveStateDataId: 'shape',
      data: { w: 2 },
      merge: true,
    });
    expect(accepted.status).toBe('success');
    expect((await seenByViewer).data).toEqual({ w: 2 });
    const stored = await call(a, '/v2/livestate/get', { ...doc, liveStateDataId: 'shape' });
    expect(stored.body.result.data).toEqual([expect.objectContaining({ liveStateDataId: 'shape', data: { w: 2 } })]);
    const bad = await request(editor, 'livestate:set', { ...doc, liveStateDataId: 'shape', data: 'nope' });
    expect(bad.error.status).toBe('INVALID_ARGUMENT');
  });

  it('refuses to subscribe without access or to a missing document', async () => {
    const stranger = await client(a, await userToken(a.url, owner, 'stranger'));
    expect((await request(stranger, 'subscribe', doc)).error.status).toBe('PERMISSION_DENIED');
    expect((await request(stranger, 'subscribe', { organizationId: 'org', documentId: 'nope' })).error.status).toBe(
      'NOT_FOUND',
    );
    expect((await request(stranger, 'subscribe', { organizationId: 7 })).error.status).toBe('INVALID_ARGUMENT');
  });

  it("removing a grant revokes the user's sockets on both instances and stops their broadcasts", async () => {
    await grant('temp', 'editor');
    const onA = await subscribed(a, 'temp');
    const onB = await subscribed(b, 'temp');
    const watcher = await subscribed(b, 'ed');
    const revoked = [nextEvent(onA, 'access_revoked'), nextEvent(onB, 'access_revoked')];
    const removed = await call(a, '/v2/auth/permissions/remove', {
      userId: 'temp',
      permissions: { resources: [{ type: 'document', id: 'doc', organizationId: 'org' }] },
    });
    expect(removed.status).toBe(200);
    for (const event of await Promise.all(revoked)) expect(event).toEqual(doc);
    let leaked = false;
    onA.on('livestate', () => (leaked = true));
    onB.on('livestate', () => (leaked = true));
    const delivered = nextEvent<LiveStateEvent>(watcher, 'livestate', (e) => e.liveStateDataId === 'after-revoke');
    await call(b, '/v2/livestate/broadcast', { ...doc, liveStateDataId: 'after-revoke', data: { y: 1 } });
    await delivered;
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(leaked).toBe(false);
    expect((await request(onA, 'subscribe', doc)).error.status).toBe('PERMISSION_DENIED');
  });

  it('a disabled organization denies everyone, admins included, and re-checks drop live sockets on both instances', async () => {
    await seedOrganization(world, owner.apiKey, 'org2');
    await seedDocument(world, owner.apiKey, 'org2', 'd2', { accessType: 'public' });
    const target = { organizationId: 'org2', documentId: 'd2' };
    await call(a, '/v2/users/add', { organizationId: 'org2', users: [{ userId: 'member', accessRole: 'editor' }] });
    const onA = await subscribed(a, 'member', target);
    const onB = await subscribed(b, 'member', target);
    const revoked = [nextEvent(onA, 'access_revoked'), nextEvent(onB, 'access_revoked')];
    const disabled = await call<BatchResult>(b, '/v2/organizations/access/disablestate/update', {
      organizationIds: ['org2'],
      disabled: true,
    });
    expect(disabled.body.result.data.org2).toEqual({ success: true, id: 'org2', message: 'Disabled state updated.' });
    for (const event of await Promise.all(revoked)) expect(event).toEqual(target);
    const admin = await client(a, await userToken(a.url, owner, 'boss', { isAdmin: true }));
    expect((await request(admin, 'subscribe', target)).error.status).toBe('PERMISSION_DENIED');
  });

  it('disabling (documents update or disable-state update) or deleting a document through REST revokes its live sockets on both instances', async () => {
    await seedDocument(world, owner.apiKey, 'org', 'pub', { accessType: 'public' });
    const target = { organizationId: 'org', documentId: 'pub' };
    for (const change of [
      () =>
        call(a, '/v2/organizations/documents/update', {
          organizationId: 'org',
          documents: [{ documentId: 'pub', disabled: true }],
        }),
      () =>
        call(b, '/v2/organizations/documents/access/disablestate/update', {
          organizationId: 'org',
          documentIds: ['pub'],
          disabled: true,
        }),
      () => call(b, '/v2/organizations/documents/delete', { organizationId: 'org', documentIds: ['pub'] }),
    ]) {
      const onA = await subscribed(a, 'ed', target);
      const onB = await subscribed(b, 'ed', target);
      const revoked = [nextEvent(onA, 'access_revoked'), nextEvent(onB, 'access_revoked')];
      expect((await change()).status).toBe(200);
      for (const event of await Promise.all(revoked)) expect(event).toEqual(target);
      await call(a, '/v2/organizations/documents/update', {
        organizationId: 'org',
        documents: [{ documentId: 'pub', disabled: false }],
      });
    }
  });

  it('refuses expired, forged and malformed tokens at the handshake', async () => {
    await userToken(a.url, owner, 'someone');
    const now = Math.floor(Date.now() / 1000);
    const claims = { userId: 'ed', name: '', email: '', isAdmin: false, apiKey: owner.apiKey, sub: 'ed' };
    const expired = await signWithKeySecret(world, owner.apiKey, { ...claims, iat: now - 200_000, exp: now - 10 });
    const valid = await signWithKeySecret(world, owner.apiKey, { ...claims, iat: now, exp: now + 60 });
    await client(b, { apiKey: owner.apiKey, token: valid });
    const forged = signJwt(randomBytes(32), { ...claims, iat: now, exp: now + 60 });
    const unsigned = `${valid.split('.').slice(0, 2).join('.')}.`;
    for (const token of [expired, forged, unsigned, 'not-a-jwt']) {
      const error = await refusal(b.url, { apiKey: owner.apiKey, token });
      expect(error.data).toEqual({ status: 'UNAUTHENTICATED' });
    }
    expect((await refusal(a.url, { apiKey: owner.apiKey } as Handshake)).data).toEqual({ status: 'UNAUTHENTICATED' });
  });

  it("another API key's token opens neither this key nor its documents", async () => {
    const theirs = await userToken(a.url, other, 'ed');
    expect((await refusal(a.url, { apiKey: owner.apiKey, token: theirs.token })).data).toEqual({
      status: 'UNAUTHENTICATED',
    });
    const now = Math.floor(Date.now() / 1000);
    const relabelled = await signWithKeySecret(world, other.apiKey, {
      userId: 'ed',
      apiKey: owner.apiKey,
      iat: now,
      exp: now + 60,
    });
    expect((await refusal(a.url, { apiKey: owner.apiKey, token: relabelled })).data).toEqual({
      status: 'UNAUTHENTICATED',
    });
    // Same organization and document ids under the other key are a different document.
    const foreign = await client(b, theirs);
    const ack = await request<Subscribed>(foreign, 'subscribe', doc);
    expect(ack.status).toBe('success');
    expect(ack.liveStates).toEqual([]);
    let leaked = false;
    foreign.on('livestate', () => (leaked = true));
    const mine = await subscribed(a, 'ed');
    const delivered = nextEvent<LiveStateEvent>(mine, 'livestate', (e) => e.liveStateDataId === 'tenant');
    await call(a, '/v2/livestate/broadcast', { ...doc, liveStateDataId: 'tenant', data: {} });
    await delivered;
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(leaked).toBe(false);
  });

  it("checks the Origin against the key's allowed domains once any are set", async () => {
    const scoped = await createWorkspace(a.url);
    await call(a, '/v2/workspace/domains/add', { domains: ['app.example.com'] }, scoped);
    const auth = await userToken(a.url, scoped, 'u');
    await client(b, auth, 'https://app.example.com');
    expect((await refusal(b.url, auth, 'https://evil.example.net')).data).toEqual({ status: 'PERMISSION_DENIED' });
    expect((await refusal(b.url, auth)).data).toEqual({ status: 'PERMISSION_DENIED' });
    await client(a, await userToken(a.url, owner, 'ed'), 'https://anywhere.example.org');
  });
});
