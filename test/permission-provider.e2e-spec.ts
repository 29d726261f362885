import { createHmac, hkdfSync } from 'node:crypto';
import { Socket } from 'socket.io-client';
import { AppConfig } from '@app/common/config';
import { decryptSecret } from '@app/common/token-crypto';
import { apiKeyHeaders, ApiResponse, createWorkspace, Credentials, post } from './support/http-client';
import { PermissionProviderStub } from './support/permission-provider-stub';
import { RunningApi, startApi } from './support/processes';
import { requestData, responseProblems, veltPage } from './support/velt-fixtures';
import { createTestEnvironment, TestEnvironment } from './support/test-environment';

const PROVIDER_TOKEN = 'provider-bearer-token-0123456789';

/** The permission signing key of an API key, derived here from its token secret read from the database, as the service does. */
async function signingKey(world: TestEnvironment, apiKeyId: string): Promise<Buffer> {
  const [row] = await world.query<{ secret_ciphertext: string }>('SELECT secret_ciphertext FROM user_token_secret WHERE api_key_id = $1', [apiKeyId]);
  const secret = Buffer.from(decryptSecret(row.secret_ciphertext, new AppConfig(world.env).encryptionKey), 'base64url');
  return Buffer.from(hkdfSync('sha256', secret, apiKeyId, 'permission-provider-signature', 32));
}

/** The canonical form, written out independently of the service's code: fixed key order, optional members left out. */
function sign(key: Buffer, permissions: Array<Record<string, unknown>>): string {
  const ordered = permissions.map((p) => Object.fromEntries(['userId', 'resourceId', 'type', 'hasAccess', 'accessRole', 'expiresAt'].filter((k) => p[k] !== undefined).map((k) => [k, p[k]])));
  return createHmac('sha256', key).update(JSON.stringify(ordered)).digest('hex');
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
  const call = <T = unknown>(path: string, data: unknown, as: Credentials = owner) => post<T>(api.url, path, data, apiKeyHeaders(as));

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
      expect(response.body.result.data).toEqual({ ...example, permissionProviderConfig: { ...example.permissionProviderConfig, authTokenSet: false } });
      expect(responseProblems(getPage, response.body)).toEqual([]);
    });

    it("takes Velt's example, seeds the configuration on first enable and reads it back with the token masked", async () => {
      const first = await call(updatePage.path, requestData(updatePage.requestExamples[0]), other);
      expect(first.status).toBe(200);
      expect(first.body.result.message).toBe('Permission provider configuration updated successfully.');
      expect(first.body.result.data).toEqual({
        usePermissionProvider: true,
        permissionProviderConfig: { permissionProviderUrl: 'https://example.com/permissions', authToken: '...here', authTokenSet: true },
      });
      const update = await call(updatePage.path, { permissionProviderConfig: { authToken: PROVIDER_TOKEN } }, other);
      expect(update.body.result).toEqual(updatePage.responseExample?.result);
      const read = await call(getPage.path, {}, other);
      expect(read.body.result.data).toEqual({
        usePermissionProvider: true,
        permissionProviderConfig: { permissionProviderUrl: 'https://example.com/permissions', authToken: '...6789', authTokenSet: true },
      });
      expect(responseProblems(getPage, read.body)).toEqual([]);
      expectNoToken(read);
    });

    it('merges: a URL change keeps the token, an empty string clears a field', async () => {
      await call(updatePage.path, { usePermissionProvider: false, permissionProviderConfig: { permissionProviderUrl: 'https://example.org/p', authToken: PROVIDER_TOKEN } }, other);
      await call(updatePage.path, { permissionProviderConfig: { permissionProviderUrl: 'https://example.net/q' } }, other);
      let read = await call<{ permissionProviderConfig: object }>(getPage.path, {}, other);
      expect(read.body.result.data).toEqual({ usePermissionProvider: false, permissionProviderConfig: { permissionProviderUrl: 'https://example.net/q', authToken: '...6789', authTokenSet: true } });
      await call(updatePage.path, { permissionProviderConfig: { permissionProviderUrl: '', authToken: '' } }, other);
      read = await call(getPage.path, {}, other);
      expect(read.body.result.data).toEqual({ usePermissionProvider: false, permissionProviderConfig: { permissionProviderUrl: '', authToken: '', authTokenSet: false } });
    });

    it.each([['not a url'], ['ftp://example.com/p'], ['mailto:someone@example.com']])("refuses %s with Velt's message, storing nothing", async (url) => {
      const before = await call(getPage.path, {}, other);
      const response = await call(updatePage.path, { permissionProviderConfig: { permissionProviderUrl: url } }, other);
      expect(response.status).toBe(400);
      expect(response.body.error).toEqual({ status: 'INVALID_ARGUMENT', message: 'Please enter a valid URL' });
      expect((await call(getPage.path, {}, other)).body).toEqual(before.body);
    });

    it('refuses an update naming neither member, and an unknown field by its path', async () => {
      expect((await call(updatePage.path, {}, other)).body.error?.status).toBe('INVALID_ARGUMENT');
      const unknown = await call(updatePage.path, { permissionProviderConfig: { url: 'https://example.com' } }, other);
      expect(unknown.body.error?.message).toContain('data.permissionProviderConfig.url');
    });

    it("keeps each API key's configuration to itself", async () => {
      await call(updatePage.path, { usePermissionProvider: true, permissionProviderConfig: { permissionProviderUrl: 'https://tenant.example.com/p', authToken: PROVIDER_TOKEN } }, other);
      const mine = await call(getPage.path, {}, owner);
      expect(mine.body.result.data).toEqual({ usePermissionProvider: false, permissionProviderConfig: { permissionProviderUrl: '', authToken: '', authTokenSet: false } });
    });
  });

  describe('/v2/auth/generate_signature', () => {
    const page = veltPage('v2', 'auth-generate_signature');

    it.each(page.requestExamples.map((example, i) => [i + 1, example] as const))("signs Velt's example %i with the API key's HMAC key", async (_n, example) => {
      const response = await call<{ signature: string }>(page.path, requestData(example));
      expect(response.status).toBe(200);
      expect(response.body.result.message).toBe('Signature generated successfully.');
      expect(responseProblems(page, response.body)).toEqual([]);
      const permissions = requestData(example).permissions as Array<Record<string, unknown>>;
      expect(response.body.result.data).toEqual({ signature: sign(await signingKey(world, owner.apiKey), permissions) });
    });

    it("does not depend on the key order of the caller's objects, but on the array order and on the API key", async () => {
      const a = { userId: 'u1', resourceId: 'd1', type: 'document', hasAccess: true, accessRole: 'editor' };
      const b = { userId: 'u1', resourceId: 'org', type: 'organization', hasAccess: true };
      const signature = (permissions: object[], as = owner) => call<{ signature: string }>(page.path, { permissions }, as).then((r) => r.body.result.data.signature);
      const base = await signature([a, b]);
      expect(await signature([{ accessRole: 'editor', hasAccess: true, type: 'document', resourceId: 'd1', userId: 'u1' }, b])).toBe(base);
      expect(await signature([b, a])).not.toBe(base);
      expect(await signature([a, b], other)).not.toBe(base);
    });

    it('refuses a decision with an unknown type or role, naming the field', async () => {
      const response = await call(page.path, { permissions: [{ userId: 'u1', resourceId: 'd1', type: 'context', hasAccess: true }] });
      expect(response.body.error?.status).toBe('INVALID_ARGUMENT');
      expect(response.body.error?.message).toContain('data.permissions[0].type');
    });
  });
});
