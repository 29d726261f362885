import { Socket } from 'socket.io-client';
import { RealtimeClient } from '../packages/realtime/src';
import { Editor, openEditor } from './support/collab-client';
import { eventually } from './support/eventually';
import { apiKeyHeaders, createWorkspace, Credentials, post } from './support/http-client';
import { RunningApi, startApi } from './support/processes';
import { connect, nextEvent, request, userToken } from './support/realtime-client';
import { seedDocument, seedEditors } from './support/seed';
import { createTestEnvironment, TestEnvironment } from './support/test-environment';

const LIFETIME_S = 3;
const doc = { organizationId: 'org', documentId: 'doc' };

/** End-user tokens bound the connections they open: socket.io and CRDT sync close when the token expires. */
describe('token expiry on open connections', () => {
  let world: TestEnvironment;
  let api: RunningApi;
  let owner: Credentials;
  const sockets: Socket[] = [];
  const clients: RealtimeClient[] = [];
  const editors: Editor[] = [];

  beforeAll(async () => {
    world = await createTestEnvironment();
    api = await startApi(world.env, { USER_TOKEN_LIFETIME_S: String(LIFETIME_S) });
    owner = await createWorkspace(api.url);
    await seedDocument(world, owner.apiKey, doc.organizationId, doc.documentId);
    await seedEditors(api.url, owner, doc.organizationId, ['ann', 'bob', 'cid']);
  }, 60_000);

  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    for (const client of clients) client.disconnect();
    for (const editor of editors) editor.destroy();
    await api?.stop();
    await world?.dispose();
  });

  it('issues tokens with the configured lifetime', async () => {
    const { token } = await userToken(api.url, owner, 'ann');
    const payload = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as {
      iat: number;
      exp: number;
    };
    expect(payload.exp - payload.iat).toBe(LIFETIME_S);
  });

  it('tells a socket its token expired, then closes it', async () => {
    const socket = await connect(api.url, await userToken(api.url, owner, 'ann'));
    sockets.push(socket);
    expect((await request(socket, 'subscribe', doc)).status).toBe('success');
    const expired = nextEvent(socket, 'token_expired', () => true, (LIFETIME_S + 2) * 1000);
    const closed = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    await expired;
    expect(await closed).toBe('io server disconnect');
  });

  it('the realtime client fetches a fresh token, reconnects and keeps its room', async () => {
    let refreshed = 0;
    const client = new RealtimeClient({
      url: api.url,
      apiKey: owner.apiKey,
      token: (await userToken(api.url, owner, 'bob')).token,
      userId: 'bob',
      refreshToken: async () => {
        refreshed++;
        return (await userToken(api.url, owner, 'bob')).token;
      },
    });
    clients.push(client);
    const room = await client.enterDocument(doc.organizationId, doc.documentId);
    await eventually(() => expect(refreshed).toBe(1), { timeoutMs: (LIFETIME_S + 3) * 1000, intervalMs: 100 });
    await eventually(
      async () => {
        const at = Date.now();
        await post(
          api.url,
          '/v2/livestate/broadcast',
          { ...doc, liveStateDataId: 'after-expiry', data: { at } },
          apiKeyHeaders(owner),
        );
        expect(room.liveState.get('after-expiry')).toBeDefined();
      },
      { timeoutMs: 5000, intervalMs: 200 },
    );
    expect(room.closed).toBe(false);
  }, 20_000);

  it('closes a CRDT sync connection with token-expired', async () => {
    const editor = await openEditor(api.url, await userToken(api.url, owner, 'cid'), 'org/doc/notes');
    editors.push(editor);
    expect(editor.closes).toEqual([]);
    await eventually(() => expect(editor.closes).toContain('token-expired'), {
      timeoutMs: (LIFETIME_S + 2) * 1000,
      intervalMs: 100,
    });
  });
});
