import { Socket } from 'socket.io-client';
import { apiKeyHeaders, ApiResponse, createWorkspace, Credentials, post } from './support/http-client';
import { PermissionProviderStub } from './support/permission-provider-stub';
import { RunningApi, startApi } from './support/processes';
import { requestData, responseProblems, veltPage } from './support/velt-fixtures';
import { createTestEnvironment, TestEnvironment } from './support/test-environment';

const PROVIDER_TOKEN = 'provider-bearer-token-0123456789';

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
});
