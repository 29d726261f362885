import { Socket } from 'socket.io-client';
import { eventually } from './support/eventually';
import { apiKeyHeaders, createWorkspace, Credentials, post, workspaceHeaders } from './support/http-client';
import { RunningApi, startApi } from './support/processes';
import { connect, userToken } from './support/realtime-client';
import { createTestEnvironment, TestEnvironment } from './support/test-environment';

interface Session {
  workspaceId: string;
  csrfToken: string;
}

interface Usage {
  organizations: number;
  documents: number;
  users: number;
  monthlyActiveUsers: number;
  eventsLastDay: number;
}

/**
 * The console's routes over plain HTTP, what the browser suite does not reach: Velt's send-login-link
 * refusals, the sign-in rate limits, sessions beside header credentials, auth token create and revoke,
 * the usage figures (monthly active users from socket connections), prefix search paging, and the
 * console turned off.
 */
describe('console routes', () => {
  let world: TestEnvironment;
  let api: RunningApi;
  let acme: Credentials;
  let other: Credentials;
  const sockets: Socket[] = [];

  const asAcme = <T = unknown>(path: string, data: unknown) => post<T>(api.url, path, data, apiKeyHeaders(acme));
  /** A client address of its own (TRUST_PROXY is on), so one test's sign-ins never count toward another's limit. */
  let clients = 0;
  const from = () => ({ 'x-forwarded-for': `10.0.0.${++clients}` });

  async function signIn(credentials: Credentials): Promise<{ cookie: string; session: Session }> {
    const response = await fetch(`${api.url}/v2/workspace/console/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...from() },
      body: JSON.stringify({ data: { workspaceId: credentials.workspaceId, authToken: credentials.workspaceToken } }),
    });
    const cookie = (response.headers.get('set-cookie') ?? '').split(';')[0];
    const body = (await response.json()) as { result: { data: Session } };
    return { cookie, session: body.result.data };
  }

  beforeAll(async () => {
    world = await createTestEnvironment();
    api = await startApi(world.env, {
      CONSOLE_ENABLED: 'false',
      CONSOLE_SIGN_IN_LIMIT: '3',
      AUTH_CACHE_TTL_MS: '0',
      TRUST_PROXY: 'true',
    });
    [acme, other] = await Promise.all([
      createWorkspace(api.url, 'owner-acme@example.com'),
      createWorkspace(api.url, 'owner-other@example.com'),
    ]);
  }, 90_000);

  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await api?.stop();
    await world?.dispose();
  });

  it("send-login-link refuses Velt's way: a bad continueUrl, a foreign domain, a disposable address, an unknown field", async () => {
    const send = (data: Record<string, unknown>) => post(api.url, '/v2/workspace/email/send-login-link', data, from());
    const owner = 'owner-acme@example.com';
    expect((await send({ email: owner, continueUrl: 'not a url' })).body).toEqual({
      error: { status: 'INVALID_ARGUMENT', message: 'Invalid url for continueUrl' },
    });
    expect((await send({ email: owner, continueUrl: 'https://console.evil.example/' })).body).toEqual({
      error: { status: 'INVALID_ARGUMENT', message: 'The continueUrl domain is not allowed.' },
    });
    expect((await send({ email: 'x@mailinator.com', continueUrl: 'http://localhost:3000/' })).body).toEqual({
      error: { status: 'INVALID_ARGUMENT', message: 'This email domain is not supported.' },
    });
    const unknown = await send({ email: owner, continueUrl: 'http://localhost:3000/', extra: 1 });
    expect([unknown.status, unknown.body.error.message]).toEqual([400, 'data.extra is not a known field.']);
  });

  it('limits sign-in attempts per workspace, per e-mail address and per client address', async () => {
    const limited = {
      status: 429,
      error: { status: 'RESOURCE_EXHAUSTED', message: 'Rate limit exceeded for this endpoint. Try again later.' },
    };
    const outcome = (response: { status: number; body: { error: unknown } }) => ({
      status: response.status,
      error: response.body.error,
    });
    // One workspace, from four addresses: the fourth is refused, with the right token too.
    const signIn = (authToken: string) =>
      post(api.url, '/v2/workspace/console/signin', { workspaceId: other.workspaceId, authToken }, from());
    for (let attempt = 0; attempt < 3; attempt++) expect((await signIn('wrong')).status).toBe(401);
    const refused = await signIn(other.workspaceToken);
    expect(outcome(refused)).toEqual(limited);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // One address mailed from four addresses.
    const send = () =>
      post(
        api.url,
        '/v2/workspace/email/send-login-link',
        { email: 'someone@example.com', continueUrl: 'http://localhost/' },
        from(),
      );
    for (let attempt = 0; attempt < 3; attempt++) expect((await send()).status).toBe(200);
    expect(outcome(await send())).toEqual(limited);
    // One client address trying four workspaces.
    const address = from();
    const guess = (n: number) =>
      post(api.url, '/v2/workspace/console/signin', { workspaceId: `guess-${n}`, authToken: 'x' }, address);
    for (let n = 0; n < 3; n++) expect((await guess(n)).status).toBe(401);
    expect(outcome(await guess(3))).toEqual(limited);
  });

  it('a session: read by its cookie alone, needs its CSRF token elsewhere, loses to header credentials, ends on sign-out', async () => {
    const { cookie, session } = await signIn(acme);
    expect(cookie).toMatch(/^svc_console=[\w-]{40,}$/);
    expect((await post(api.url, '/v2/workspace/console/session/get', {})).status).toBe(401);
    const read = await post<Session>(api.url, '/v2/workspace/console/session/get', {}, { cookie });
    expect(read.body.result.data).toMatchObject({ workspaceId: acme.workspaceId, csrfToken: session.csrfToken });
    const keyRoute = (headers: Record<string, string>) =>
      post(api.url, '/v2/organizations/get', {}, { 'x-svc-api-key': acme.apiKey, cookie, ...headers });
    expect((await keyRoute({})).status).toBe(403);
    expect((await keyRoute({ 'x-svc-csrf-token': 'forged' })).status).toBe(403);
    expect((await keyRoute({ 'x-svc-csrf-token': session.csrfToken })).status).toBe(200);
    // A token header wins over the cookie, and needs no CSRF token: it is a server's call.
    expect((await keyRoute({ 'x-svc-auth-token': acme.authToken })).status).toBe(200);
    expect((await keyRoute({ 'x-svc-auth-token': 'wrong' })).status).toBe(401);
    const out = await post(
      api.url,
      '/v2/workspace/console/signout',
      {},
      { cookie, 'x-svc-csrf-token': session.csrfToken },
    );
    expect(out.status).toBe(200);
    expect(out.headers.get('set-cookie')).toMatch(/^svc_console=;/);
    expect((await keyRoute({ 'x-svc-csrf-token': session.csrfToken })).status).toBe(401);
    const audit = await post<Array<{ action: string; actor: string }>>(
      api.url,
      '/v2/workspace/auditlog/get',
      {},
      workspaceHeaders(acme),
    );
    // No worker runs here: the audit events wait in their queue.
    expect(audit.status).toBe(200);
  });

  it("auth tokens: one more for a key, working at once, and revoked; never another workspace's", async () => {
    const created = await post<{ authToken: { id: string; token: string; name: string } }>(
      api.url,
      '/v2/workspace/authtoken/create',
      { apiKey: acme.apiKey, name: 'CI' },
      workspaceHeaders(acme),
    );
    expect(created.body.result.data.authToken.name).toBe('CI');
    const { id, token } = created.body.result.data.authToken;
    const withToken = () =>
      post(api.url, '/v2/organizations/get', {}, { 'x-svc-api-key': acme.apiKey, 'x-svc-auth-token': token });
    expect((await withToken()).status).toBe(200);
    const listed = await post<{ authTokens: Array<{ id: string }> }>(
      api.url,
      '/v2/workspace/authtokens/get',
      { apiKey: acme.apiKey },
      workspaceHeaders(acme),
    );
    expect(listed.body.result.data.authTokens.map((entry) => entry.id)).toContain(id);
    const foreign = await post(
      api.url,
      '/v2/workspace/authtoken/revoke',
      { apiKey: acme.apiKey, authTokenId: id },
      workspaceHeaders(other),
    );
    expect([foreign.status, foreign.body.error.message]).toEqual([404, 'API key not found.']);
    const revoked = await post(
      api.url,
      '/v2/workspace/authtoken/revoke',
      { apiKey: acme.apiKey, authTokenId: id },
      workspaceHeaders(acme),
    );
    expect(revoked.status).toBe(200);
    expect((await withToken()).status).toBe(401);
    expect(
      (
        await post(
          api.url,
          '/v2/workspace/authtoken/revoke',
          { apiKey: acme.apiKey, authTokenId: id },
          workspaceHeaders(acme),
        )
      ).status,
    ).toBe(404);
  });

  it('usage: counts, monthly active users from socket connections (each user once), and events', async () => {
    await asAcme('/v2/organizations/add', { organizations: [{ organizationId: 'acme', organizationName: 'Acme' }] });
    await asAcme('/v2/organizations/documents/add', {
      organizationId: 'acme',
      documents: [{ documentId: 'a' }, { documentId: 'b' }],
    });
    await asAcme('/v2/users/add', { organizationId: 'acme', users: [{ userId: 'ann' }, { userId: 'bob' }] });
    for (const userId of ['ann', 'bob', 'ann'])
      sockets.push(await connect(api.url, await userToken(api.url, acme, userId)));
    const usage = await eventually(
      async () => {
        const read = await asAcme<Usage>('/v2/workspace/usage/get', {});
        expect(read.body.result.data.monthlyActiveUsers).toBe(2);
        return read.body.result.data;
      },
      { timeoutMs: 20_000, intervalMs: 500 },
    );
    expect(usage).toMatchObject({ organizations: 1, documents: 2, users: 2 });
    expect(usage.eventsLastDay).toBeGreaterThanOrEqual(3);
    const elsewhere = await post<Usage>(api.url, '/v2/workspace/usage/get', {}, apiKeyHeaders(other));
    expect(elsewhere.body.result.data).toMatchObject({
      organizations: 0,
      documents: 0,
      users: 0,
      monthlyActiveUsers: 0,
    });
  }, 60_000);

  it('prefix searches page through every match once, by id and by name, refuse a token of another search, and stay in their key', async () => {
    await asAcme('/v2/organizations/documents/add', {
      organizationId: 'acme',
      documents: Array.from({ length: 7 }, (_, i) => ({
        documentId: `plan-${i}`,
        documentName: `Plan_${i % 2 ? 'A' : 'b'}%${i}`,
      })),
    });
    const search = async (body: Record<string, unknown>) => {
      const seen: string[] = [];
      let pageToken: string | undefined;
      do {
        const page = await asAcme<Array<{ id: string }>>('/v2/organizations/documents/search', {
          organizationId: 'acme',
          pageSize: 3,
          ...body,
          ...(pageToken ? { pageToken } : {}),
        });
        expect(page.status).toBe(200);
        seen.push(...page.body.result.data.map((document) => document.id));
        pageToken = page.body.result.pageToken;
      } while (pageToken);
      return seen;
    };
    expect(await search({ prefix: 'plan-', searchBy: 'id' })).toEqual(Array.from({ length: 7 }, (_, i) => `plan-${i}`));
    // Any case, and the LIKE wildcards in the prefix match themselves only.
    expect((await search({ prefix: 'PLAN_B%', searchBy: 'name' })).sort()).toEqual([
      'plan-0',
      'plan-2',
      'plan-4',
      'plan-6',
    ]);
    expect(await search({ prefix: 'plan%', searchBy: 'name' })).toEqual([]);
    const first = await asAcme<unknown[]>('/v2/organizations/documents/search', {
      organizationId: 'acme',
      prefix: 'plan-',
      searchBy: 'id',
      pageSize: 3,
    });
    const foreign = await asAcme('/v2/organizations/documents/search', {
      organizationId: 'acme',
      prefix: 'pla',
      searchBy: 'id',
      pageToken: first.body.result.pageToken,
    });
    expect(foreign.status).toBe(400);
    const otherKey = await post<unknown[]>(
      api.url,
      '/v2/organizations/documents/search',
      { organizationId: 'acme', prefix: 'plan', searchBy: 'id' },
      apiKeyHeaders(other),
    );
    expect(otherKey.body.result.data).toEqual([]);
    const organizations = await asAcme<Array<{ id: string }>>('/v2/organizations/search', {
      prefix: 'AC',
      searchBy: 'name',
    });
    expect(organizations.body.result.data.map((organization) => organization.id)).toEqual(['acme']);
  });

  it('the access explanation names the deciding step, and a delivery of another key has no attempts to show', async () => {
    await asAcme('/v2/auth/permissions/add', {
      userId: 'bob',
      permissions: { resources: [{ type: 'document', id: 'a', organizationId: 'acme', accessRole: 'viewer' }] },
    });
    const explained = await asAcme<{ users: Array<{ userId: string; accessRole: string | null; reason: string }> }>(
      '/v2/organizations/documents/access/get',
      { organizationId: 'acme', documentId: 'a' },
    );
    expect(explained.body.result.data.users.find((user) => user.userId === 'bob')).toMatchObject({
      accessRole: 'viewer',
      reason: 'document-grant',
    });
    const missing = await post(
      api.url,
      '/v2/organizations/documents/access/get',
      { organizationId: 'acme', documentId: 'a' },
      apiKeyHeaders(other),
    );
    expect(missing.status).toBe(404);
    const attempts = await asAcme('/v2/workspace/webhooks/deliveries/attempts/get', { deliveryId: 'not-a-delivery' });
    expect([attempts.status, attempts.body.error.message]).toEqual([404, 'Delivery does not exist.']);
  });

  it('CONSOLE_ENABLED=false: /console is an unknown route', async () => {
    const response = await fetch(`${api.url}/console/`);
    expect(response.status).toBe(404);
    expect(((await response.json()) as { error: { status: string } }).error.status).toBe('NOT_FOUND');
  });
});
