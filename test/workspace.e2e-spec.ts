import { createTestEnvironment, TestEnvironment } from './support/test-environment';
import { RunningApi, startApi } from './support/processes';
import {
  apiKeyHeaders,
  AuthTokens,
  createWorkspace,
  Credentials,
  post,
  Workspace,
  workspaceHeaders,
} from './support/http-client';
import { anyString } from './support/matchers';

interface ResetToken {
  apiKey: string;
  newAuthToken: AuthTokens['authTokens'][number];
}

interface CreatedApiKey {
  apiKey: string;
  authToken: string;
}

interface Domains {
  domainsAdded?: string[];
  domainsRemoved?: string[];
  allowedDomains?: string[];
  skippedDomains?: string[];
}

interface EmailConfigRow {
  config: { useEmailService: boolean; emailServiceConfig: { fromEmail: string } };
}

describe('workspaces and credentials', () => {
  let world: TestEnvironment;
  let api: RunningApi;
  let owner: Credentials;

  beforeAll(async () => {
    world = await createTestEnvironment();
    api = await startApi(world.env, { AUTH_CACHE_TTL_MS: '1000' });
    owner = await createWorkspace(api.url);
  });

  afterAll(async () => {
    await api?.stop();
    await world?.dispose();
  });

  describe('/v2/workspace/create', () => {
    it('returns the Workspace object with apiKeyList keyed by API key id', async () => {
      const response = await post<Workspace>(api.url, '/v2/workspace/create', {
        ownerEmail: 'Jane@Example.com',
        name: 'Jane',
        workspaceName: 'Acme',
        avatar: 'https://example.com/jane.png',
      });
      expect(response.status).toBe(200);
      expect(response.body.result.status).toBe('success');
      expect(response.body.result.message).toBe('Workspace created successfully.');
      const workspace = response.body.result.data;
      expect(workspace).toMatchObject({
        name: 'Acme',
        owner: { email: 'jane@example.com', name: 'Jane', avatar: 'https://example.com/jane.png' },
      });
      expect(typeof workspace.id).toBe('string');
      expect(typeof workspace.owner.id).toBe('string');
      expect(workspace.authToken.length).toBeGreaterThanOrEqual(43);
      const keys = Object.keys(workspace.apiKeyList);
      expect(Array.isArray(workspace.apiKeyList)).toBe(false);
      expect(keys).toHaveLength(1);
      expect(workspace.apiKeyList[keys[0]]).toEqual({ apiKeyName: 'Default API Key', id: keys[0], type: 'testing' });
    });

    it('accepts an empty avatar', async () => {
      const response = await post<Workspace>(api.url, '/v2/workspace/create', {
        ownerEmail: 'noavatar@example.com',
        name: 'N',
        workspaceName: 'W',
        avatar: '',
      });
      expect(response.status).toBe(200);
      expect(response.body.result.data.owner.avatar).toBe('');
    });

    it('rejects disposable e-mail domains', async () => {
      const response = await post(api.url, '/v2/workspace/create', {
        ownerEmail: 'x@mailinator.com',
        name: 'X',
        workspaceName: 'W',
      });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        error: { status: 'INVALID_ARGUMENT', message: 'Disposable email domains are not allowed.' },
      });
    });

    it('allows at most 5 workspaces per owner e-mail, case-insensitively', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        const email = i % 2 ? 'five@example.com' : 'FIVE@example.com';
        statuses.push(
          (await post(api.url, '/v2/workspace/create', { ownerEmail: email, name: 'F', workspaceName: `W${i}` }))
            .status,
        );
      }
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
      const rows = await world.query<{ count: string }>(
        `SELECT count(*) FROM workspace w JOIN account a ON a.id = w.account_id WHERE a.email = 'five@example.com'`,
      );
      expect(rows[0].count).toBe('5');
    });

    it('keeps the limit under concurrent creates', async () => {
      const responses = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          post(api.url, '/v2/workspace/create', { ownerEmail: 'race@example.com', name: 'R', workspaceName: `W${i}` }),
        ),
      );
      expect(responses.filter((r) => r.status === 200)).toHaveLength(5);
      expect(responses.filter((r) => r.status === 429)).toHaveLength(3);
    });

    it.each([
      [{ name: 'N', workspaceName: 'W' }, 'data.ownerEmail'],
      [{ ownerEmail: 'a@example.com', name: '' }, 'data.name'],
      [{ ownerEmail: 'not-an-email', name: 'N', workspaceName: 'W' }, 'data.ownerEmail'],
      [{ ownerEmail: 'a@example.com', name: 7, workspaceName: 'W' }, 'data.name'],
      [{ ownerEmail: 'a@example.com', name: 'N', workspaceName: '' }, 'data.workspaceName'],
      [{ ownerEmail: 'a@example.com', name: 'N', workspaceName: 'x'.repeat(257) }, 'data.workspaceName'],
      [{ ownerEmail: 'a@example.com', name: 'N', workspaceName: 'W', avatar: 'javascript:alert(1)' }, 'data.avatar'],
    ])('rejects invalid data %j naming %s', async (data, field) => {
      const before = await world.query<{ count: string }>('SELECT count(*) FROM workspace');
      const response = await post(api.url, '/v2/workspace/create', data);
      expect(response.status).toBe(400);
      expect(response.body.error.status).toBe('INVALID_ARGUMENT');
      expect(response.body.error.message).toContain(field);
      expect(await world.query('SELECT count(*) FROM workspace')).toEqual(before);
    });
  });

  describe('/v2/workspace/get', () => {
    it('returns the same Workspace object as create', async () => {
      const created = await post<Workspace>(api.url, '/v2/workspace/create', {
        ownerEmail: 'get@example.com',
        name: 'G',
        workspaceName: 'Gee',
      });
      const workspace = created.body.result.data;
      const response = await post(
        api.url,
        '/v2/workspace/get',
        {},
        { 'x-svc-workspace-id': workspace.id, 'x-svc-auth-token': workspace.authToken },
      );
      expect(response.status).toBe(200);
      expect(response.body.result.message).toBe('Workspace retrieved successfully.');
      expect(response.body.result.data).toEqual(workspace);
    });

    it('answers NOT_FOUND for an unknown workspace', async () => {
      const response = await post(
        api.url,
        '/v2/workspace/get',
        {},
        { 'x-svc-workspace-id': 'nope', 'x-svc-auth-token': 'whatever' },
      );
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ error: { status: 'NOT_FOUND', message: 'Workspace not found.' } });
    });

    it('answers UNAUTHENTICATED for a wrong or missing token', async () => {
      const wrong = await post(
        api.url,
        '/v2/workspace/get',
        {},
        { 'x-svc-workspace-id': owner.workspaceId, 'x-svc-auth-token': 'wrong' },
      );
      expect(wrong.status).toBe(401);
      expect(wrong.body.error.status).toBe('UNAUTHENTICATED');
      const missing = await post(api.url, '/v2/workspace/get', {}, { 'x-svc-workspace-id': owner.workspaceId });
      expect(missing.status).toBe(401);
    });

    it("also takes the token as x-svc-workspace-auth-token (Velt's header name with our prefix)", async () => {
      const alias = await post<Workspace>(
        api.url,
        '/v2/workspace/get',
        {},
        { 'x-svc-workspace-id': owner.workspaceId, 'x-svc-workspace-auth-token': owner.workspaceToken },
      );
      expect(alias.status).toBe(200);
      expect(alias.body.result.data.id).toBe(owner.workspaceId);
      const both = await post(
        api.url,
        '/v2/workspace/get',
        {},
        { ...workspaceHeaders(owner), 'x-svc-workspace-auth-token': owner.workspaceToken },
      );
      expect(both.status).toBe(200);
      const wrong = await post(
        api.url,
        '/v2/workspace/get',
        {},
        { 'x-svc-workspace-id': owner.workspaceId, 'x-svc-workspace-auth-token': `${owner.workspaceToken}x` },
      );
      expect(wrong.status).toBe(401);
      expect(wrong.body.error.status).toBe('UNAUTHENTICATED');
      // Two different tokens are refused, even when one of them is right.
      const conflicting = await post(
        api.url,
        '/v2/workspace/get',
        {},
        { ...workspaceHeaders(owner), 'x-svc-workspace-auth-token': 'wrong' },
      );
      expect(conflicting.status).toBe(401);
      // The alias is for workspace auth only: API-key operations keep x-svc-auth-token.
      const apiKeyAlias = await post(
        api.url,
        '/v2/workspace/domains/get',
        {},
        { 'x-svc-api-key': owner.apiKey, 'x-svc-workspace-auth-token': owner.authToken },
      );
      expect(apiKeyAlias.status).toBe(401);
    });

    it('never opens one workspace with another workspace token, nor with an API-key token', async () => {
      const other = await createWorkspace(api.url);
      const crossed = await post(
        api.url,
        '/v2/workspace/get',
        {},
        { 'x-svc-workspace-id': owner.workspaceId, 'x-svc-auth-token': other.workspaceToken },
      );
      expect(crossed.status).toBe(401);
      const apiToken = await post(
        api.url,
        '/v2/workspace/get',
        {},
        { 'x-svc-workspace-id': owner.workspaceId, 'x-svc-auth-token': owner.authToken },
      );
      expect(apiToken.status).toBe(401);
      const tokens = await post(
        api.url,
        '/v2/workspace/authtokens/get',
        { apiKey: other.apiKey },
        workspaceHeaders(owner),
      );
      expect(tokens.status).toBe(404);
      expect(tokens.body.error).toEqual({ status: 'NOT_FOUND', message: 'API key not found.' });
    });
  });

  describe('API keys and auth tokens', () => {
    it('lists the auth tokens of a key and opens API-key routes with them', async () => {
      const tokens = await post(
        api.url,
        '/v2/workspace/authtokens/get',
        { apiKey: owner.apiKey },
        workspaceHeaders(owner),
      );
      expect(tokens.status).toBe(200);
      expect(tokens.body.result.data).toEqual({
        apiKey: owner.apiKey,
        authTokens: [
          { id: expect.any(String) as string, token: owner.authToken, name: 'Default Auth Token', domains: [] },
        ],
      });
      const domains = await post(api.url, '/v2/workspace/domains/get', {}, apiKeyHeaders(owner));
      expect(domains.status).toBe(200);
    });

    it('stores tokens only as hash and ciphertext', async () => {
      const rows = await world.query<{ token_hash: Buffer; token_ciphertext: string }>(
        'SELECT token_hash, token_ciphertext FROM auth_token',
      );
      for (const row of rows) expect(row.token_ciphertext).not.toContain(owner.authToken);
      const dump =
        JSON.stringify(await world.query('SELECT * FROM auth_token')) +
        JSON.stringify(await world.query('SELECT * FROM workspace'));
      expect(dump).not.toContain(owner.authToken);
      expect(dump).not.toContain(owner.workspaceToken);
    });

    it('reset issues a new token and the old one stops working within the cache bound', async () => {
      const mine = await createWorkspace(api.url);
      expect((await post(api.url, '/v2/workspace/domains/get', {}, apiKeyHeaders(mine))).status).toBe(200);
      const reset = await post<ResetToken>(
        api.url,
        '/v2/workspace/authtoken/reset',
        { apiKey: mine.apiKey },
        workspaceHeaders(mine),
      );
      expect(reset.status).toBe(200);
      expect(reset.body.result.data.apiKey).toBe(mine.apiKey);
      const fresh = reset.body.result.data.newAuthToken;
      expect(fresh).toMatchObject({ name: 'Default Auth Token', domains: [] });
      expect(fresh.token).not.toBe(mine.authToken);
      expect(
        (
          await post(
            api.url,
            '/v2/workspace/domains/get',
            {},
            { ...apiKeyHeaders(mine), 'x-svc-auth-token': fresh.token },
          )
        ).status,
      ).toBe(200);
      // AUTH_CACHE_TTL_MS is 1000 for this API: past that the old token must be refused.
      await new Promise((resolve) => setTimeout(resolve, 1100));
      const old = await post(api.url, '/v2/workspace/domains/get', {}, apiKeyHeaders(mine));
      expect(old.status).toBe(401);
      expect(old.body.error.status).toBe('UNAUTHENTICATED');
    });

    it('needs only ownerEmail, naming the owner and workspace as Velt does', async () => {
      const response = await post<Workspace>(api.url, '/v2/workspace/create', { ownerEmail: 'Minimal@example.com' });
      expect(response.status).toBe(200);
      expect(response.body.result.data).toMatchObject({
        name: 'Minimal@example.com workspace',
        owner: { email: 'minimal@example.com', name: 'Minimal@example.com', avatar: '' },
      });
    });

    it("applies Velt's API key settings: allowed domains and e-mail config; refuses webhook settings it cannot apply", async () => {
      const created = await post<CreatedApiKey>(
        api.url,
        '/v2/workspace/apikey/create',
        {
          ownerEmail: 'owner@example.com',
          type: 'production',
          apiKeyName: 'EU Production Key',
          persistenceDBRegion: 'eur3',
          realtimeDBRegion: 'europe-west1',
          createAuthToken: true,
          allowedDomains: ['app.example.com'],
          addLocalHostToAllowedDomains: true,
          useEmailService: true,
          emailServiceConfig: { type: 'default', fromEmail: 'noreply@example.com', fromCompany: 'Example' },
          useWebhookService: false,
          useNotificationService: false,
          setDefaultNotificationTriggers: true,
          setDefaultEmailTriggers: true,
          requireAutoOrgUser: false,
          enablePrivateComments: false,
        },
        workspaceHeaders(owner),
      );
      expect(created.status).toBe(200);
      const { apiKey, authToken } = created.body.result.data;
      const domains = await post<Domains>(
        api.url,
        '/v2/workspace/domains/get',
        {},
        { 'x-svc-api-key': apiKey, 'x-svc-auth-token': authToken },
      );
      expect(domains.body.result.data).toEqual({ allowedDomains: ['app.example.com', 'localhost'] });
      const [row] = await world.query<EmailConfigRow>('SELECT config FROM email_config WHERE api_key_id = $1', [
        apiKey,
      ]);
      expect(row.config).toEqual({
        useEmailService: true,
        emailServiceConfig: { type: 'default', fromEmail: 'noreply@example.com', fromCompany: 'Example' },
      });

      const before = await world.query('SELECT count(*) FROM api_key');
      for (const [data, field] of [
        [{ type: 'testing', useWebhookService: true }, 'data.useWebhookService'],
        [
          { type: 'testing', webhookServiceConfig: { rawNotificationUrl: 'https://example.com/hook' } },
          'data.webhookServiceConfig',
        ],
      ] as const) {
        const refused = await post(api.url, '/v2/workspace/apikey/create', data, workspaceHeaders(owner));
        expect([refused.status, refused.body.error.message]).toEqual([
          400,
          `${field} is not applied by API key create here; set it with /v2/workspace/webhookconfig/update and the new key.`,
        ]);
      }
      expect(await world.query('SELECT count(*) FROM api_key')).toEqual(before);
    });

    it('creates API keys of either type, with a token when asked', async () => {
      const withToken = await post<CreatedApiKey>(
        api.url,
        '/v2/workspace/apikey/create',
        { type: 'production', apiKeyName: 'Prod', createAuthToken: true },
        workspaceHeaders(owner),
      );
      expect(withToken.status).toBe(200);
      const { apiKey, authToken } = withToken.body.result.data;
      expect(typeof apiKey).toBe('string');
      const domains = await post(
        api.url,
        '/v2/workspace/domains/get',
        {},
        { 'x-svc-api-key': apiKey, 'x-svc-auth-token': authToken },
      );
      expect(domains.status).toBe(200);
      const without = await post(api.url, '/v2/workspace/apikey/create', { type: 'testing' }, workspaceHeaders(owner));
      expect(without.body.result.data).toEqual({ apiKey: anyString() });
      const workspace = await post<Workspace>(api.url, '/v2/workspace/get', {}, workspaceHeaders(owner));
      expect(workspace.body.result.data.apiKeyList[apiKey]).toEqual({
        apiKeyName: 'Prod',
        id: apiKey,
        type: 'production',
      });
      const bad = await post(api.url, '/v2/workspace/apikey/create', { type: 'staging' }, workspaceHeaders(owner));
      expect(bad.status).toBe(400);
      expect(bad.body.error.message).toContain('data.type');
    });

    it('an API key token never opens another API key', async () => {
      const other = await createWorkspace(api.url);
      const crossed = await post(
        api.url,
        '/v2/workspace/domains/get',
        {},
        { 'x-svc-api-key': owner.apiKey, 'x-svc-auth-token': other.authToken },
      );
      expect(crossed.status).toBe(401);
      expect(crossed.body.error.status).toBe('UNAUTHENTICATED');
    });
  });

  describe('domains and e-mail config', () => {
    it('adds normalized domains, lists and deletes them', async () => {
      const mine = await createWorkspace(api.url);
      const added = await post<Domains>(
        api.url,
        '/v2/workspace/domains/add',
        { domains: ['https://www.Example.com/app', '*.apps.io', 'example.com'] },
        apiKeyHeaders(mine),
      );
      expect(added.status).toBe(200);
      expect(added.body.result).toEqual({
        status: 'success',
        message: 'Domain(s) added successfully to allowed domains.',
        data: { domainsAdded: ['example.com', '*.apps.io'], skippedDomains: [] },
      });
      const again = await post<Domains>(
        api.url,
        '/v2/workspace/domains/add',
        { domains: ['example.com', 'new.io'] },
        apiKeyHeaders(mine),
      );
      expect(again.body.result.data).toEqual({ domainsAdded: ['new.io'], skippedDomains: ['example.com'] });
      const removed = await post<Domains>(
        api.url,
        '/v2/workspace/domains/delete',
        { domains: ['example.com', 'never.io'] },
        apiKeyHeaders(mine),
      );
      expect(removed.body.result).toEqual({
        status: 'success',
        message: 'Domain(s) removed successfully from allowed domains.',
        data: { domainsRemoved: ['example.com'], skippedDomains: ['never.io'] },
      });
      const listed = await post<Domains>(api.url, '/v2/workspace/domains/get', {}, apiKeyHeaders(mine));
      expect(listed.body.result).toEqual({
        status: 'success',
        message: 'Allowed domains retrieved successfully.',
        data: { allowedDomains: ['*.apps.io', 'new.io'] },
      });
    });

    it('rejects bad domains and more than 100 per call, storing nothing', async () => {
      const mine = await createWorkspace(api.url);
      const bad = await post(
        api.url,
        '/v2/workspace/domains/add',
        { domains: ['ok.com', 'not a domain'] },
        apiKeyHeaders(mine),
      );
      expect(bad.status).toBe(400);
      expect(bad.body.error.message).toBe('data.domains[1] is not a valid domain.');
      const many = await post(
        api.url,
        '/v2/workspace/domains/add',
        { domains: Array.from({ length: 101 }, (_, i) => `d${i}.com`) },
        apiKeyHeaders(mine),
      );
      expect(many.status).toBe(400);
      expect(many.body.error.message).toContain('data.domains');
      const listed = await post<Domains>(api.url, '/v2/workspace/domains/get', {}, apiKeyHeaders(mine));
      expect(listed.body.result.data.allowedDomains).toEqual([]);
    });

    it('stores a validated e-mail configuration with the provider key encrypted', async () => {
      const updated = await post(
        api.url,
        '/v2/workspace/emailconfig/update',
        {
          useEmailService: true,
          emailServiceConfig: { type: 'sendgrid', apiKey: 'SG.secret-value', fromEmail: 'noreply@example.com' },
        },
        apiKeyHeaders(owner),
      );
      expect(updated.status).toBe(200);
      expect(updated.body.result).toEqual({
        status: 'success',
        message: 'Email configuration updated successfully.',
        data: {
          useEmailService: true,
          emailServiceConfig: { type: 'sendgrid', apiKey: '...alue', fromEmail: 'noreply@example.com' },
        },
      });
      expect(JSON.stringify(updated.body)).not.toContain('SG.secret-value');
      const [row] = await world.query<EmailConfigRow>('SELECT config FROM email_config WHERE api_key_id = $1', [
        owner.apiKey,
      ]);
      expect(row.config.useEmailService).toBe(true);
      expect(row.config.emailServiceConfig.fromEmail).toBe('noreply@example.com');
      expect(JSON.stringify(row.config)).not.toContain('SG.secret-value');
      const invalid = await post(
        api.url,
        '/v2/workspace/emailconfig/update',
        { useEmailService: true, emailServiceConfig: { type: 'sendgrid' } },
        apiKeyHeaders(owner),
      );
      expect(invalid.status).toBe(400);
      expect(invalid.body.error.message).toContain('data.emailServiceConfig.apiKey');
      const triggers = await post(
        api.url,
        '/v2/workspace/emailconfig/update',
        {
          emailServiceConfig: {
            type: 'default',
            fromCompany: 'Acme',
            triggers: { 'comment.add': true, 'comment_annotation.assign': false },
          },
        },
        apiKeyHeaders(owner),
      );
      expect(triggers.body.result.data).toEqual({
        useEmailService: true,
        emailServiceConfig: {
          type: 'default',
          fromCompany: 'Acme',
          triggers: { 'comment.add': true, 'comment_annotation.assign': false },
        },
      });
      const badTrigger = await post(
        api.url,
        '/v2/workspace/emailconfig/update',
        { emailServiceConfig: { type: 'default', triggers: { 'comment.explode': true } } },
        apiKeyHeaders(owner),
      );
      expect([badTrigger.status, badTrigger.body.error.message]).toEqual([
        400,
        expect.stringContaining('data.emailServiceConfig.triggers'),
      ]);
      const empty = await post(api.url, '/v2/workspace/emailconfig/update', {}, apiKeyHeaders(owner));
      expect([empty.status, empty.body.error.message]).toEqual([
        400,
        'data.useEmailService or data.emailServiceConfig is required.',
      ]);
    });
  });
});
