import { createHmac, hkdfSync } from 'node:crypto';
import { Socket } from 'socket.io-client';
import { AppConfig } from '@app/common/config';
import { decryptSecret } from '@app/common/token-crypto';
import { apiKeyHeaders, ApiResponse, createWorkspace, Credentials, post } from './support/http-client';
import {
  PermissionProviderStub,
  PermissionQuery,
  ProviderReply,
  ReceivedQuery,
} from './support/permission-provider-stub';
import { RunningApi, startApi } from './support/processes';
import { connect, request, userToken } from './support/realtime-client';
import { seedDocument, seedFolder, seedOrganization } from './support/seed';
import { requestData, responseProblems, veltPage } from './support/velt-fixtures';
import { createTestEnvironment, TestEnvironment } from './support/test-environment';

const PROVIDER_TOKEN = 'provider-bearer-token-0123456789';

/** The permission signing key of an API key, derived here from its token secret read from the database, as the service does. */
async function signingKey(world: TestEnvironment, apiKeyId: string): Promise<Buffer> {
  const [row] = await world.query<{ secret_ciphertext: string }>(
    'SELECT secret_ciphertext FROM user_token_secret WHERE api_key_id = $1',
    [apiKeyId],
  );
  const secret = Buffer.from(decryptSecret(row.secret_ciphertext, new AppConfig(world.env).encryptionKey), 'base64url');
  return Buffer.from(hkdfSync('sha256', secret, apiKeyId, 'permission-provider-signature', 32));
}

/** The canonical form, written out independently of the service's code: fixed key order, optional members left out. */
function sign(key: Buffer, permissions: Array<Record<string, unknown>>): string {
  const ordered = permissions.map((p) =>
    Object.fromEntries(
      ['userId', 'resourceId', 'type', 'hasAccess', 'accessRole', 'expiresAt']
        .filter((k) => p[k] !== undefined)
        .map((k) => [k, p[k]]),
    ),
  );
  return createHmac('sha256', key).update(JSON.stringify(ordered)).digest('hex');
}

interface Decision {
  userId: string;
  resourceId: string;
  type: string;
  organizationId?: string;
  hasAccess: boolean;
  accessRole?: string;
  expiresAt?: number;
}

/** Velt's PermissionResult answering every request of the query; `decide` may change each decision. */
function answer(query: ReceivedQuery, decide: (decision: Decision) => Decision = (d) => d): ProviderReply {
  const data = query.body.data.requests.map(({ userId, resource }) =>
    decide({
      userId,
      resourceId: resource.id,
      type: resource.type,
      organizationId: resource.organizationId,
      hasAccess: true,
    }),
  );
  return { status: 200, body: { data, success: true, statusCode: 200, message: 'Permissions validated successfully' } };
}

/** The provider token may never come back in a response, whole or in a recognisable part. */
function expectNoToken(response: ApiResponse): void {
  expect(JSON.stringify(response.body)).not.toContain(PROVIDER_TOKEN.slice(0, -4));
}

describe("Velt's permission provider mode", () => {
  let world: TestEnvironment;
  let api: RunningApi;
  let owner: Credentials;
  let other: Credentials;
  let provider: PermissionProviderStub;
  const sockets: Socket[] = [];
  const call = <T = unknown>(path: string, data: unknown, as: Credentials = owner) =>
    post<T>(api.url, path, data, apiKeyHeaders(as));

  beforeAll(async () => {
    world = await createTestEnvironment();
    provider = await PermissionProviderStub.start();
    api = await startApi(world.env, { PERMISSION_PROVIDER_TIMEOUT_MS: '1000', PERMISSION_PROVIDER_CACHE_TTL_S: '60' });
    owner = await createWorkspace(api.url);
    other = await createWorkspace(api.url);
  }, 60_000);

  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.close();
  });

  afterAll(async () => {
    await api?.stop();
    await provider?.stop();
    await world?.dispose();
  });

  describe('/v2/workspace/permissionproviderconfig/*', () => {
    const getPage = veltPage('v2', 'workspace-permissionproviderconfig-get');
    const updatePage = veltPage('v2', 'workspace-permissionproviderconfig-update');

    it("answers Velt's defaults for a key never configured", async () => {
      const response = await call(getPage.path, requestData(getPage.requestExamples[0]));
      expect(response.status).toBe(200);
      expect(response.body.result.message).toBe('Permission provider configuration retrieved successfully.');
      const example = getPage.responseExample?.result.data as { permissionProviderConfig: object };
      expect(response.body.result.data).toEqual({
        ...example,
        permissionProviderConfig: { ...example.permissionProviderConfig, authTokenSet: false },
      });
      expect(responseProblems(getPage, response.body)).toEqual([]);
    });

    it("takes Velt's example, seeds the configuration on first enable and reads it back with the token masked", async () => {
      const first = await call(updatePage.path, requestData(updatePage.requestExamples[0]), other);
      expect(first.status).toBe(200);
      expect(first.body.result.message).toBe('Permission provider configuration updated successfully.');
      expect(first.body.result.data).toEqual({
        usePermissionProvider: true,
        permissionProviderConfig: {
          permissionProviderUrl: 'https://example.com/permissions',
          authToken: '...here',
          authTokenSet: true,
        },
      });
      const update = await call(updatePage.path, { permissionProviderConfig: { authToken: PROVIDER_TOKEN } }, other);
      expect(update.body.result).toEqual(updatePage.responseExample?.result);
      const read = await call(getPage.path, {}, other);
      expect(read.body.result.data).toEqual({
        usePermissionProvider: true,
        permissionProviderConfig: {
          permissionProviderUrl: 'https://example.com/permissions',
          authToken: '...6789',
          authTokenSet: true,
        },
      });
      expect(responseProblems(getPage, read.body)).toEqual([]);
      expectNoToken(read);
    });

    it('merges: a URL change keeps the token, an empty string clears a field', async () => {
      await call(
        updatePage.path,
        {
          usePermissionProvider: false,
          permissionProviderConfig: { permissionProviderUrl: 'https://example.org/p', authToken: PROVIDER_TOKEN },
        },
        other,
      );
      await call(
        updatePage.path,
        { permissionProviderConfig: { permissionProviderUrl: 'https://example.net/q' } },
        other,
      );
      // The app settings share the stored row: updating them keeps the provider configuration.
      expect((await call('/v2/workspace/apikeyconfig/update', { requireJwtToken: true }, other)).status).toBe(200);
      let read = await call<{ permissionProviderConfig: object }>(getPage.path, {}, other);
      expect(read.body.result.data).toEqual({
        usePermissionProvider: false,
        permissionProviderConfig: {
          permissionProviderUrl: 'https://example.net/q',
          authToken: '...6789',
          authTokenSet: true,
        },
      });
      // JSON null is refused by its path, as on every field not declared nullable: both values stay.
      expect(
        (
          await call(
            updatePage.path,
            { permissionProviderConfig: { permissionProviderUrl: null, authToken: null } },
            other,
          )
        ).body,
      ).toEqual({
        error: {
          status: 'INVALID_ARGUMENT',
          message: 'data.permissionProviderConfig.permissionProviderUrl must not be null.',
        },
      });
      expect((await call(getPage.path, {}, other)).body.result.data).toEqual(read.body.result.data);
      await call(updatePage.path, { permissionProviderConfig: { permissionProviderUrl: '', authToken: '' } }, other);
      read = await call(getPage.path, {}, other);
      expect(read.body.result.data).toEqual({
        usePermissionProvider: false,
        permissionProviderConfig: { permissionProviderUrl: '', authToken: '', authTokenSet: false },
      });
    });

    it.each([['not a url'], ['ftp://example.com/p'], ['mailto:someone@example.com']])(
      "refuses %s with Velt's message, storing nothing",
      async (url) => {
        const before = await call(getPage.path, {}, other);
        const response = await call(
          updatePage.path,
          { permissionProviderConfig: { permissionProviderUrl: url } },
          other,
        );
        expect(response.status).toBe(400);
        expect(response.body.error).toEqual({ status: 'INVALID_ARGUMENT', message: 'Please enter a valid URL' });
        expect((await call(getPage.path, {}, other)).body).toEqual(before.body);
      },
    );

    it('refuses an update naming neither member, and an unknown field by its path', async () => {
      expect((await call(updatePage.path, {}, other)).body.error?.status).toBe('INVALID_ARGUMENT');
      const unknown = await call(updatePage.path, { permissionProviderConfig: { url: 'https://example.com' } }, other);
      expect(unknown.body.error?.message).toContain('data.permissionProviderConfig.url');
    });

    it("keeps each API key's configuration to itself", async () => {
      await call(
        updatePage.path,
        {
          usePermissionProvider: true,
          permissionProviderConfig: {
            permissionProviderUrl: 'https://tenant.example.com/p',
            authToken: PROVIDER_TOKEN,
          },
        },
        other,
      );
      const mine = await call(getPage.path, {}, owner);
      expect(mine.body.result.data).toEqual({
        usePermissionProvider: false,
        permissionProviderConfig: { permissionProviderUrl: '', authToken: '', authTokenSet: false },
      });
    });
  });

  describe('/v2/auth/generate_signature', () => {
    const page = veltPage('v2', 'auth-generate_signature');

    it.each(page.requestExamples.map((example, i) => [i + 1, example] as const))(
      "signs Velt's example %i with the API key's HMAC key",
      async (_n, example) => {
        const response = await call<{ signature: string }>(page.path, requestData(example));
        expect(response.status).toBe(200);
        expect(response.body.result.message).toBe('Signature generated successfully.');
        expect(responseProblems(page, response.body)).toEqual([]);
        const permissions = requestData(example).permissions as Array<Record<string, unknown>>;
        expect(response.body.result.data).toEqual({
          signature: sign(await signingKey(world, owner.apiKey), permissions),
        });
      },
    );

    it("does not depend on the key order of the caller's objects, but on the array order and on the API key", async () => {
      const a = { userId: 'u1', resourceId: 'd1', type: 'document', hasAccess: true, accessRole: 'editor' };
      const b = { userId: 'u1', resourceId: 'org', type: 'organization', hasAccess: true };
      const signature = (permissions: object[], as = owner) =>
        call<{ signature: string }>(page.path, { permissions }, as).then((r) => r.body.result.data.signature);
      const base = await signature([a, b]);
      expect(
        await signature([
          { accessRole: 'editor', hasAccess: true, type: 'document', resourceId: 'd1', userId: 'u1' },
          b,
        ]),
      ).toBe(base);
      expect(await signature([b, a])).not.toBe(base);
      expect(await signature([a, b], other)).not.toBe(base);
    });

    it('refuses a decision with an unknown type or role, naming the field', async () => {
      const response = await call(page.path, {
        permissions: [{ userId: 'u1', resourceId: 'd1', type: 'context', hasAccess: true }],
      });
      expect(response.body.error?.status).toBe('INVALID_ARGUMENT');
      expect(response.body.error?.message).toContain('data.permissions[0].type');
    });
  });

  describe('the provider deciding realtime access', () => {
    const doc = { organizationId: 'org', documentId: 'doc' };
    const asked = (userId: string) =>
      provider.received.filter((query) => query.body.data.requests[0]?.userId === userId);
    const withRole = (accessRole: string, expiresAt?: number) => (d: Decision) =>
      d.type === 'document' ? { ...d, accessRole, ...(expiresAt ? { expiresAt } : {}) } : d;
    async function socketFor(userId: string, as: Credentials = owner): Promise<Socket> {
      const socket = await connect(api.url, await userToken(api.url, as, userId));
      sockets.push(socket);
      return socket;
    }

    beforeAll(async () => {
      await seedOrganization(world, owner.apiKey, 'org');
      await seedFolder(world, owner.apiKey, 'org', 'fold');
      // Restricted and granted to nobody: only the provider can let anyone in.
      await seedDocument(world, owner.apiKey, 'org', 'doc', { folderId: 'fold', accessType: 'restricted' });
      await seedDocument(world, owner.apiKey, 'org', 'loose', { accessType: 'restricted' });
      await seedDocument(world, other.apiKey, 'org', 'doc', { accessType: 'restricted' });
      const update = await call('/v2/workspace/permissionproviderconfig/update', {
        usePermissionProvider: true,
        permissionProviderConfig: { permissionProviderUrl: provider.url(), authToken: PROVIDER_TOKEN },
      });
      expect(update.status).toBe(200);
    });

    it("asks in one POST with Velt's request shape and Bearer token; an editor subscribes and sets live state", async () => {
      provider.reply = (query) => answer(query, withRole('editor'));
      const socket = await socketFor('ed');
      const subscribed = await request<{ role: string }>(socket, 'subscribe', doc);
      expect(subscribed.status).toBe('success');
      expect(subscribed.role).toBe('editor');
      const set = await request(socket, 'livestate:set', { ...doc, liveStateDataId: 'cursor', data: { x: 1 } });
      expect(set.status).toBe('success');
      const queries = asked('ed');
      expect(queries).toHaveLength(1);
      expect(queries[0].headers.authorization).toBe(`Bearer ${PROVIDER_TOKEN}`);
      expect(queries[0].headers['content-type']).toBe('application/json');
      expect(queries[0].body).toEqual<PermissionQuery>({
        data: {
          requests: [
            { userId: 'ed', resource: { id: 'org', type: 'organization', source: 'subscribe', organizationId: 'org' } },
            { userId: 'ed', resource: { id: 'fold', type: 'folder', source: 'subscribe', organizationId: 'org' } },
            {
              userId: 'ed',
              resource: {
                id: 'doc',
                type: 'document',
                source: 'subscribe',
                organizationId: 'org',
                parentFolderId: 'fold',
              },
            },
          ],
        },
      });
    });

    it('leaves parentFolderId out, and asks no folder, for a document without one', async () => {
      provider.reply = (query) => answer(query);
      const subscribed = await request<{ role: string }>(await socketFor('loner'), 'subscribe', {
        organizationId: 'org',
        documentId: 'loose',
      });
      expect(subscribed.role).toBe('editor');
      const [query] = asked('loner');
      expect(query.body.data.requests.map((r) => r.resource)).toEqual([
        { id: 'org', type: 'organization', source: 'subscribe', organizationId: 'org' },
        { id: 'loose', type: 'document', source: 'subscribe', organizationId: 'org' },
      ]);
      expect('parentFolderId' in query.body.data.requests[1].resource).toBe(false);
    });

    it('a viewer subscribes but may not set live state', async () => {
      provider.reply = (query) => answer(query, withRole('viewer'));
      const socket = await socketFor('vi');
      const subscribed = await request<{ role: string }>(socket, 'subscribe', doc);
      expect(subscribed.role).toBe('viewer');
      const set = await request(socket, 'livestate:set', { ...doc, liveStateDataId: 'cursor', data: { x: 2 } });
      expect(set.error).toEqual({ status: 'PERMISSION_DENIED', message: 'Only editors may set live state.' });
    });

    it.each([['organization'], ['folder'], ['document']])(
      'hasAccess false on the %s refuses the subscribe',
      async (type) => {
        provider.reply = (query) => answer(query, (d) => (d.type === type ? { ...d, hasAccess: false } : d));
        const subscribed = await request(await socketFor(`denied-${type}`), 'subscribe', doc);
        expect(subscribed.error).toEqual({ status: 'PERMISSION_DENIED', message: 'No access to this document.' });
      },
    );

    it('a resource the provider leaves unanswered is no access', async () => {
      provider.reply = (query) =>
        answer(query, (d) => (d.type === 'folder' ? { ...d, resourceId: 'another-folder' } : d));
      const subscribed = await request(await socketFor('unanswered'), 'subscribe', doc);
      expect(subscribed.error?.status).toBe('PERMISSION_DENIED');
    });

    it('a provider answering 500 or a malformed body refuses with UNAVAILABLE; the API carries on', async () => {
      provider.reply = () => ({ status: 500, body: { error: 'boom' } });
      const socket = await socketFor('outage');
      const failed = await request(socket, 'subscribe', doc);
      expect(failed.error).toEqual({ status: 'UNAVAILABLE', message: 'Permission provider: answered HTTP 500.' });
      provider.reply = () => ({ status: 200, body: { data: [{ userId: 'outage', hasAccess: 'yes' }] } });
      const malformed = await request(socket, 'subscribe', doc);
      expect(malformed.error?.status).toBe('UNAVAILABLE');
      expect(malformed.error?.message).toContain('answer unusable');
      // The same socket and the REST API still work once the provider answers again.
      provider.reply = (query) => answer(query);
      expect((await request(socket, 'subscribe', doc)).status).toBe('success');
      expect((await call('/v2/workspace/permissionproviderconfig/get', {})).status).toBe(200);
    });

    it('a provider that hangs is given up on after PERMISSION_PROVIDER_TIMEOUT_MS', async () => {
      provider.reply = (query) => ({ ...answer(query), delayMs: 4000 });
      const started = Date.now();
      const failed = await request(await socketFor('hang'), 'subscribe', doc);
      const elapsed = Date.now() - started;
      expect(failed.error).toEqual({
        status: 'UNAVAILABLE',
        message: 'Permission provider: no answer within 1000 ms.',
      });
      expect(elapsed).toBeGreaterThanOrEqual(900);
      expect(elapsed).toBeLessThan(3000);
    });

    it('reuses decisions until their expiresAt, then asks again', async () => {
      provider.reply = (query) => answer(query, (d) => ({ ...d, expiresAt: Date.now() + 1500 }));
      const socket = await socketFor('cached');
      expect((await request(socket, 'subscribe', doc)).status).toBe('success');
      expect((await request(socket, 'unsubscribe', doc)).status).toBe('success');
      expect((await request(socket, 'subscribe', doc)).status).toBe('success');
      expect(asked('cached')).toHaveLength(1);
      await new Promise((resolve) => setTimeout(resolve, 1700));
      provider.reply = (query) => answer(query, (d) => ({ ...d, hasAccess: false }));
      expect((await request(socket, 'subscribe', doc)).error?.status).toBe('PERMISSION_DENIED');
      expect(asked('cached')).toHaveLength(2);
    });

    it('caches decisions without expiresAt for PERMISSION_PROVIDER_CACHE_TTL_S, per user', async () => {
      provider.reply = (query) => answer(query);
      const first = await socketFor('ttl');
      expect((await request(first, 'subscribe', doc)).status).toBe('success');
      const second = await socketFor('ttl');
      expect((await request(second, 'subscribe', doc)).status).toBe('success');
      expect(asked('ttl')).toHaveLength(1);
      const ttl = await world.redis.pttl(
        `permission-decision:{${JSON.stringify([owner.apiKey, 'ttl'])}}${JSON.stringify(['document', 'org', 'doc'])}`,
      );
      expect(ttl).toBeGreaterThan(50_000);
      expect(ttl).toBeLessThanOrEqual(60_000);
      // Another user is asked about afresh.
      expect((await request(await socketFor('ttl-2'), 'subscribe', doc)).status).toBe('success');
      expect(asked('ttl-2')).toHaveLength(1);
    });

    it('accepts an answer signed with generate_signature and refuses a wrong signature', async () => {
      const decisions = [
        { userId: 'signed', resourceId: 'org', type: 'organization', hasAccess: true },
        { userId: 'signed', resourceId: 'fold', type: 'folder', hasAccess: true },
        { userId: 'signed', resourceId: 'doc', type: 'document', hasAccess: true, accessRole: 'editor' },
      ];
      const signed = await call<{ signature: string }>('/v2/auth/generate_signature', { permissions: decisions });
      const { signature } = signed.body.result.data;
      // organizationId is part of Velt's answer but not of what generate_signature signs.
      const data = decisions.map((decision) => ({ ...decision, organizationId: 'org' }));
      provider.reply = () => ({ status: 200, body: { data, signature, success: true, statusCode: 200 } });
      expect((await request<{ role: string }>(await socketFor('signed'), 'subscribe', doc)).role).toBe('editor');

      const forged = data.map((decision) => ({ ...decision, userId: 'forged' }));
      provider.reply = () => ({ status: 200, body: { data: forged, signature, success: true, statusCode: 200 } });
      const refused = await request(await socketFor('forged'), 'subscribe', doc);
      expect(refused.error).toEqual({
        status: 'PERMISSION_DENIED',
        message: 'Permission provider: answer signature does not match; no access.',
      });
      const otherKeySignature = await call<{ signature: string }>(
        '/v2/auth/generate_signature',
        { permissions: decisions.map((d) => ({ ...d, userId: 'forged' })) },
        other,
      );
      provider.reply = () => ({
        status: 200,
        body: { data: forged, signature: otherKeySignature.body.result.data.signature, success: true, statusCode: 200 },
      });
      expect((await request(await socketFor('forged'), 'subscribe', doc)).error?.status).toBe('PERMISSION_DENIED');
    });

    it('changes nothing for a key with the provider off, nor once it is turned off', async () => {
      // The tenancy test above turned the other key's provider on (at an address that does not answer here).
      await call('/v2/workspace/permissionproviderconfig/update', { usePermissionProvider: false }, other);
      const before = provider.received.length;
      const otherSocket = await socketFor('outsider', other);
      expect((await request(otherSocket, 'subscribe', doc)).error).toEqual({
        status: 'PERMISSION_DENIED',
        message: 'No access to this document.',
      });
      const grant = await call(
        '/v2/auth/permissions/add',
        {
          userId: 'outsider',
          permissions: { resources: [{ type: 'document', id: 'doc', organizationId: 'org', accessRole: 'viewer' }] },
        },
        other,
      );
      expect(grant.status).toBe(200);
      expect((await request<{ role: string }>(otherSocket, 'subscribe', doc)).role).toBe('viewer');

      await call('/v2/workspace/permissionproviderconfig/update', { usePermissionProvider: false });
      provider.reply = (query) => answer(query);
      expect((await request(await socketFor('after-off'), 'subscribe', doc)).error?.status).toBe('PERMISSION_DENIED');
      expect(provider.received.length).toBe(before);
    });
  });
});
