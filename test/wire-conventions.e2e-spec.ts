import { createTestEnvironment, TestEnvironment } from './support/test-environment';
import { RunningApi, startApi } from './support/processes';
import { apiKeyHeaders, createWorkspace, Credentials, post, postRaw } from './support/http-client';
import { stringMatching } from './support/matchers';

/** docs/architecture.md "Wire conventions" on every route: envelopes, status codes, and no client input producing a 500. */
describe('wire conventions', () => {
  let world: TestEnvironment;
  let api: RunningApi;
  let owner: Credentials;

  beforeAll(async () => {
    world = await createTestEnvironment();
    api = await startApi(world.env);
    owner = await createWorkspace(api.url);
  });

  afterAll(async () => {
    await api?.stop();
    await world?.dispose();
  });

  const invalid = (message: string | RegExp) => ({
    error: { status: 'INVALID_ARGUMENT', message: typeof message === 'string' ? message : stringMatching(message) },
  });

  it('answers NOT_FOUND for unknown paths and wrong methods', async () => {
    const unknown = await post(api.url, '/v2/nothing/here', {});
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ error: { status: 'NOT_FOUND', message: 'Route not found.' } });
    const wrongMethod = await fetch(`${api.url}/v2/workspace/create`);
    expect(wrongMethod.status).toBe(404);
    expect(await wrongMethod.json()).toEqual({ error: { status: 'NOT_FOUND', message: 'Route not found.' } });
  });

  it('rejects malformed JSON', async () => {
    const response = await postRaw(api.url, '/v2/workspace/create', '{"data": {');
    expect(response.status).toBe(400);
    expect(response.body).toEqual(invalid('Malformed JSON body.'));
  });

  it('rejects a non-JSON content type', async () => {
    const response = await postRaw(api.url, '/v2/workspace/create', '{"data":{}}', { 'content-type': 'text/plain' });
    expect(response.status).toBe(400);
    expect(response.body).toEqual(invalid('Content-Type must be application/json.'));
  });

  it.each([
    ['[]', 'Request body must be a JSON object of the form { data: object }.'],
    ['{}', 'data is required.'],
    ['{"data": null}', 'data must be an object.'],
    ['{"data": [1]}', 'data must be an object.'],
    ['{"data": "x"}', 'data must be an object.'],
  ])('rejects body %s', async (body, message) => {
    const response = await postRaw(api.url, '/v2/workspace/domains/get', body, apiKeyHeaders(owner));
    expect(response.status).toBe(400);
    expect(response.body).toEqual(invalid(message));
  });

  it('rejects any array over 1000 items, naming its path', async () => {
    const response = await post(
      api.url,
      '/v2/workspace/domains/get',
      { nested: { list: new Array(1001).fill(0) } },
      apiKeyHeaders(owner),
    );
    expect(response.status).toBe(400);
    expect(response.body).toEqual(invalid('data.nested.list must contain at most 1000 items.'));
  });

  it('rejects hostile nesting without crashing', async () => {
    const deep = '{"a":'.repeat(5000) + '1' + '}'.repeat(5000);
    const response = await postRaw(api.url, '/v2/workspace/domains/get', `{"data":${deep}}`, apiKeyHeaders(owner));
    expect(response.status).toBe(400);
    expect(response.body).toEqual(invalid(/nested deeper than 32 levels/));
  });

  it('rejects a body over 1 MiB', async () => {
    const response = await post(api.url, '/v2/workspace/create', { padding: 'x'.repeat(1024 * 1024) });
    expect(response.status).toBe(400);
    expect(response.body).toEqual(invalid('Request body exceeds the 1 MiB limit.'));
  });

  it('names wrong types and unknown enum values', async () => {
    const wrongType = await post(
      api.url,
      '/v2/workspace/domains/add',
      { domains: 'example.com' },
      apiKeyHeaders(owner),
    );
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.error.message).toMatch(/^data\.domains /);
  });

  it('rejects an array where a list of objects is expected', async () => {
    for (const item of [[], [{ organizationId: 'x' }], 'org', 7, null]) {
      const response = await post(api.url, '/v2/organizations/add', { organizations: [item] }, apiKeyHeaders(owner));
      expect(response.status).toBe(400);
      expect(response.body.error.message).toMatch(/^data\.organizations/);
    }
    expect(await world.query('SELECT id FROM organization WHERE api_key_id = $1', [owner.apiKey])).toEqual([]);
  });

  // Null is a value only where a DTO field is @Nullable() (it clears, or names the top level); anywhere
  // else it is refused by its path, never stored nor read as absent.
  it.each([
    [
      '/v2/organizations/add',
      { organizations: [{ organizationId: 'null-org', organizationName: null }] },
      'data.organizations[0].organizationName must not be null.',
    ],
    [
      '/v2/organizations/documents/add',
      {
        organizationId: 'null-org',
        createOrganization: true,
        documents: [{ documentId: 'null-doc', documentName: null }],
      },
      'data.documents[0].documentName must not be null.',
    ],
    [
      '/v2/organizations/documents/get',
      { organizationId: 'null-org', pageSize: null },
      'data.pageSize must not be null.',
    ],
    ['/v2/workflow/definitions/list', { cursor: null }, 'data.cursor must not be null.'],
    [
      '/v2/workspace/advancedwebhook/endpoints/update',
      { endpointId: 'ep_none', description: null },
      'data.description must not be null.',
    ],
  ])('refuses null in an optional field of %s, naming it', async (path, data, message) => {
    const response = await post(api.url, path, data, apiKeyHeaders(owner));
    expect({ status: response.status, body: response.body }).toEqual({ status: 400, body: invalid(message) });
    expect(
      await world.query(
        `SELECT id FROM organization WHERE api_key_id = $1 UNION ALL SELECT id FROM document WHERE api_key_id = $1`,
        [owner.apiKey],
      ),
    ).toEqual([]);
  });

  it.each([
    [
      '/v2/organizations/documents/add',
      { organizationId: 'top', createOrganization: true, folderId: null, documents: [{ documentId: 'top-doc' }] },
    ],
    ['/v2/workspace/webhookconfig/update', { webhookServiceConfig: { publicKey: null, triggers: null } }],
    ['/v2/workflow/agentendpoint/update', { url: null }],
  ])('takes null where the field is @Nullable(): %s', async (path, data) => {
    const response = await post(api.url, path, data, apiKeyHeaders(owner));
    expect({ status: response.status, error: (response.body as { error?: unknown }).error }).toEqual({ status: 200 });
  });

  it('answers UNAUTHENTICATED on API-key routes without valid headers', async () => {
    const attempts: Record<string, string>[] = [
      {},
      { 'x-svc-api-key': owner.apiKey },
      { 'x-svc-api-key': owner.apiKey, 'x-svc-auth-token': 'x'.repeat(5000) },
    ];
    for (const headers of attempts) {
      const response = await post(api.url, '/v2/workspace/domains/get', {}, headers);
      expect(response.status).toBe(401);
      expect(response.body.error.status).toBe('UNAUTHENTICATED');
    }
  });

  it('echoes a request id', async () => {
    const response = await post(
      api.url,
      '/v2/workspace/domains/get',
      {},
      { ...apiKeyHeaders(owner), 'x-request-id': 'trace-123' },
    );
    expect(response.headers.get('x-request-id')).toBe('trace-123');
    const generated = await post(api.url, '/v2/workspace/domains/get', {}, apiKeyHeaders(owner));
    expect(generated.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('never answers 5xx or leaks internals for odd inputs', async () => {
    const bodies = [
      'null',
      '"str"',
      '123',
      'true',
      '{"data":{"__proto__":{"polluted":1}}}',
      '{"data":{"constructor":{"prototype":{}}}}',
      '\u0000',
      '{"data":{"ownerEmail":"\u0000@x.com"}}',
    ];
    for (const path of [
      '/v2/workspace/create',
      '/v2/workspace/get',
      '/v2/workspace/domains/add',
      '/v2/workspace/apikey/create',
    ]) {
      for (const body of bodies) {
        const response = await postRaw(api.url, path, body, apiKeyHeaders(owner));
        expect(response.status).toBeLessThan(500);
        expect(Object.keys(response.body)).toEqual(['error']);
        expect(JSON.stringify(response.body)).not.toMatch(/at .*\.js|node_modules|QueryFailedError|SELECT /);
      }
    }
  });
});
