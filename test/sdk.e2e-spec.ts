import { generateKeyPairSync } from 'node:crypto';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createServer, Server } from 'node:http';
import { join } from 'node:path';
import { RealtimeClient, RealtimeError } from '../packages/realtime/src';
import { OpenApiDocument, renderOperations } from '../packages/sdk/codegen/render';
import { CollabApiError, CollabClient, createClient, readWebhook } from '../packages/sdk/src';
import { eventually } from './support/eventually';
import { anyString } from './support/matchers';
import { freePort, RunningApi, RunningProcess, startApi, startWorker } from './support/processes';
import { createTestEnvironment, TestEnvironment } from './support/test-environment';
import { WebhookReceiver } from './support/webhook-receiver';

const ORG = 'org-sdk';

/** The SDKs against a real API and worker: generated types in step with /docs/json, paging, errors, retries, webhooks, realtime. */
describe('@collab-backend/sdk and @collab-backend/realtime', () => {
  let world: TestEnvironment;
  let api: RunningApi;
  let worker: RunningProcess;
  let client: CollabClient;
  let credentials: { apiKey: string; authToken: string };
  const realtimeClients: RealtimeClient[] = [];

  async function realtime(
    userId: string,
    token?: string,
    refreshToken?: () => Promise<string>,
  ): Promise<RealtimeClient> {
    const rt = new RealtimeClient({
      url: api.url,
      apiKey: credentials.apiKey,
      token: token ?? (await userToken(userId)),
      userId,
      refreshToken,
    });
    realtimeClients.push(rt);
    return rt;
  }
  async function userToken(userId: string): Promise<string> {
    return (await client.auth.generateToken<{ token: string }>({ userId, userProperties: { name: userId } })).data
      .token;
  }

  beforeAll(async () => {
    world = await createTestEnvironment();
    [api, worker] = await Promise.all([startApi(world.env), startWorker(world.env)]);
    const anonymous = createClient({ baseUrl: api.url });
    const workspace = await anonymous.workspace.create<{
      id: string;
      authToken: string;
      apiKeyList: Record<string, unknown>;
    }>({
      ownerEmail: 'sdk@example.com',
      name: 'SDK',
      workspaceName: 'SDK tests',
    });
    const apiKey = Object.keys(workspace.data.apiKeyList)[0];
    const owner = createClient({
      baseUrl: api.url,
      workspaceId: workspace.data.id,
      workspaceAuthToken: workspace.data.authToken,
    });
    const tokens = await owner.workspace.authtokens.get<{ authTokens: Array<{ token: string }> }>({ apiKey });
    credentials = { apiKey, authToken: tokens.data.authTokens[0].token };
    client = createClient({ baseUrl: api.url, ...credentials });
    await client.organizations.add({ organizations: [{ organizationId: ORG, organizationName: 'SDK' }] });
  }, 90_000);

  afterEach(() => {
    for (const rt of realtimeClients.splice(0)) rt.disconnect();
  });

  afterAll(async () => {
    await Promise.all([api?.stop(), worker?.stop()]);
    await world?.dispose();
  });

  it("the committed generated types are those of the API's OpenAPI document (run npm run sdk:generate when this fails)", async () => {
    const document = (await (await fetch(`${api.url}/docs/json`)).json()) as OpenApiDocument;
    const committed = readFileSync(join(__dirname, '../packages/sdk/src/generated/operations.ts'), 'utf8');
    expect(renderOperations(document)).toBe(committed);
  });

  it('iterates a paged listing with for await, one request per page', async () => {
    const ids = Array.from({ length: 7 }, (_, i) => `doc-${i}`);
    await client.organizations.documents.add({
      organizationId: ORG,
      documents: ids.map((documentId) => ({ documentId, documentName: documentId })),
    });
    let requests = 0;
    const counting = createClient({
      baseUrl: api.url,
      ...credentials,
      fetch: (input, init) => (requests++, fetch(input, init)),
    });
    const seen: string[] = [];
    for await (const doc of counting.documents.list<{ id: string }>({ organizationId: ORG, pageSize: 3 }))
      seen.push(doc.id);
    expect(seen.sort()).toEqual(ids);
    expect(requests).toBe(3);
  });

  it('throws one error class carrying the API status and message', async () => {
    const missing = await client.organizations.documents.migrate
      .status({ organizationId: ORG, migrationId: 'no-such-migration' })
      .catch((error: unknown) => error);
    expect(missing).toBeInstanceOf(CollabApiError);
    expect(missing).toMatchObject({ status: 'NOT_FOUND', httpStatus: 404 });
    const unknown = await client
      .call('/v2/organizations/get', { organizationIds: [ORG], nope: 1 } as never)
      .catch((error: unknown) => error);
    expect(unknown).toMatchObject({
      status: 'INVALID_ARGUMENT',
      message: 'data.nope is not a known field.',
      httpStatus: 400,
    });
  });

  describe('retries', () => {
    let proxy: Server;
    let proxyUrl: string;
    let refusals = 0;
    let seen = 0;

    /** A real HTTP hop in front of the API that answers the first `refusals` requests 429 with Retry-After: 1. */
    beforeAll(async () => {
      proxy = createServer((request, response) => {
        const chunks: Buffer[] = [];
        request.on('data', (chunk: Buffer) => chunks.push(chunk));
        request.on('end', () => {
          seen++;
          if (refusals > 0) {
            refusals--;
            response.writeHead(429, { 'content-type': 'application/json', 'retry-after': '1' });
            response.end(JSON.stringify({ error: { status: 'RESOURCE_EXHAUSTED', message: 'Too many requests.' } }));
            return;
          }
          const headers = Object.fromEntries(
            Object.entries(request.headers).filter(([name]) => name.startsWith('x-svc-') || name === 'content-type'),
          ) as Record<string, string>;
          void fetch(`${api.url}${request.url}`, { method: 'POST', headers, body: Buffer.concat(chunks) }).then(
            async (answer) => {
              response.writeHead(answer.status, { 'content-type': 'application/json' });
              response.end(await answer.text());
            },
          );
        });
      });
      const port = await freePort();
      proxy.listen(port, '127.0.0.1');
      await once(proxy, 'listening');
      proxyUrl = `http://127.0.0.1:${port}`;
    });

    afterAll(() => proxy.close());

    it('waits as Retry-After asks on RESOURCE_EXHAUSTED, then succeeds', async () => {
      refusals = 1;
      seen = 0;
      const started = Date.now();
      const result = await createClient({ baseUrl: proxyUrl, ...credentials }).organizations.get({
        organizationIds: [ORG],
      });
      expect(result.status).toBe('success');
      expect(seen).toBe(2);
      expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    });

    it('gives up after the configured retries with the last error, and never retries a client error', async () => {
      refusals = 5;
      seen = 0;
      const limited = createClient({ baseUrl: proxyUrl, ...credentials, retry: { retries: 1, maxDelayMs: 50 } });
      await expect(limited.organizations.get({ organizationIds: [ORG] })).rejects.toMatchObject({
        status: 'RESOURCE_EXHAUSTED',
        httpStatus: 429,
      });
      expect(seen).toBe(2);
      refusals = 0;
      seen = 0;
      await expect(limited.call('/v2/organizations/get', { nope: 1 } as never)).rejects.toMatchObject({
        status: 'INVALID_ARGUMENT',
      });
      expect(seen).toBe(1);
    });
  });

  it('verifies and decrypts a real encryptData webhook delivery', async () => {
    const receiver = await WebhookReceiver.start();
    try {
      const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
      await client.workspace.webhookconfig.update({
        useWebhookService: true,
        webhookServiceConfig: {
          authToken: 'sdk-hook-token',
          rawNotificationUrl: receiver.url('/raw'),
          encryptData: true,
          publicKey: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
        },
      });
      await client.users.add({ organizationId: ORG, users: [{ userId: 'author', accessRole: 'editor' }] });
      await client.commentannotations.add({
        organizationId: ORG,
        documentId: 'doc-0',
        triggerNotification: true,
        commentAnnotations: [
          { annotationId: 'hooked', commentData: [{ commentText: 'secret words', from: { userId: 'author' } }] },
        ],
      });
      await eventually(() => expect(receiver.received.length).toBeGreaterThan(0), {
        timeoutMs: 15_000,
        intervalMs: 100,
      });
      const [delivery] = receiver.received;
      expect(JSON.parse(delivery.body)).toEqual({
        encryptedData: anyString(),
        encryptedKey: anyString(),
        iv: anyString(),
      });
      const payload = await readWebhook<Record<string, unknown>>(
        delivery.body,
        delivery.headers as Record<string, string>,
        {
          secret: 'sdk-hook-token',
          privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
        },
      );
      expect(JSON.stringify(payload)).toContain('secret words');
      await expect(
        readWebhook(delivery.body, delivery.headers as Record<string, string>, { secret: 'wrong' }),
      ).rejects.toMatchObject({ status: 'UNAUTHENTICATED' });
    } finally {
      await receiver.down();
    }
  }, 30_000);

  describe('realtime client', () => {
    const doc = { organizationId: ORG, documentId: 'doc-1' };

    it('refreshes a refused token through the callback and connects', async () => {
      let refreshed = 0;
      const rt = await realtime('refresher', 'not-a-token', async () => {
        refreshed++;
        return userToken('refresher');
      });
      await client.auth.permissions.add({
        userId: 'refresher',
        permissions: {
          resources: [{ type: 'document', id: doc.documentId, organizationId: ORG, accessRole: 'editor' }],
        },
      });
      const room = await rt.enterDocument(doc.organizationId, doc.documentId);
      expect(refreshed).toBe(1);
      expect(room.role).toBe('editor');
    });

    it('refreshes once: a refreshed token that is refused too rejects connect()', async () => {
      let refreshed = 0;
      const rt = await realtime('looper', 'not-a-token', () => {
        refreshed++;
        return Promise.resolve('still-not-a-token');
      });
      await expect(rt.connect()).rejects.toMatchObject({ name: 'RealtimeError', status: 'UNAUTHENTICATED' });
      expect(refreshed).toBe(1);
    });

    it('refuses a document without access with a typed error', async () => {
      await client.organizations.documents.add({
        organizationId: ORG,
        documents: [{ documentId: 'closed', documentName: 'closed', accessType: 'restricted' }],
      });
      const rt = await realtime('stranger');
      await expect(rt.enterDocument(ORG, 'closed')).rejects.toEqual(
        new RealtimeError('PERMISSION_DENIED', 'No access to this document.'),
      );
    });

    it('subscribes again after a dropped connection and keeps receiving live state', async () => {
      const rt = await realtime('dropper');
      const room = await rt.enterDocument(doc.organizationId, doc.documentId);
      const reconnected = new Promise<void>((resolve) => rt.onStatus((status) => status === 'connected' && resolve()));
      rt.socket.io.engine.close();
      await reconnected;
      await eventually(
        async () => {
          await client.livestate.broadcast({ ...doc, liveStateDataId: 'after-drop', data: { at: Date.now() } });
          expect(room.liveState.get('after-drop')).toBeDefined();
        },
        { timeoutMs: 10_000, intervalMs: 200 },
      );
    });

    it('a set made as soon as a migration is heard waits for the new subscription and lands on the new id', async () => {
      await client.organizations.documents.add({
        organizationId: ORG,
        documents: [{ documentId: 'moving', documentName: 'moving' }],
      });
      await client.auth.permissions.add({
        userId: 'mover',
        permissions: { resources: [{ type: 'document', id: 'moving', organizationId: ORG, accessRole: 'editor' }] },
      });
      const rt = await realtime('mover');
      const room = await rt.enterDocument(ORG, 'moving');
      const setOnMigrated = new Promise<void>((resolve, reject) =>
        room.onMigrated(({ to }) => {
          expect(to).toBe('moved');
          room.liveState.set('after-move', { landed: true }).then(resolve, reject);
        }),
      );
      await client.organizations.documents.migrate({
        organizationId: ORG,
        documentId: 'moving',
        newDocumentId: 'moved',
      });
      await setOnMigrated;
      const stored = await client.livestate.get<Array<{ id: string; data: unknown }>>({
        organizationId: ORG,
        documentId: 'moved',
        liveStateDataId: 'after-move',
      });
      expect(stored.data).toEqual([expect.objectContaining({ data: { landed: true } })]);
    });

    it('delivers pushed notifications to the user', async () => {
      const rt = await realtime('reader');
      await rt.connect();
      const received = new Promise<{ id: string; displayBodyMessage?: string }>((resolve) =>
        rt.onNotification(resolve),
      );
      await client.notifications.add({
        organizationId: ORG,
        documentId: doc.documentId,
        notificationId: 'sdk-note',
        actionUser: { userId: 'author' },
        displayHeadlineMessageTemplate: '{actionUser} pinged you',
        displayBodyMessage: 'from the SDK test',
        notifyUsers: [{ userId: 'reader', email: 'reader@example.com' }],
      });
      expect(await received).toMatchObject({ id: 'sdk-note', displayBodyMessage: 'from the SDK test' });
    });
  });
});
