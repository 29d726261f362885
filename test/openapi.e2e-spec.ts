import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { createTestEnvironment, TestEnvironment } from './support/test-environment';
import { RunningApi, startApi } from './support/processes';

const run = promisify(execFile);

interface RegisteredRoute {
  method: string;
  path: string;
  controller: string;
  handler: string;
  guards: string[];
}

/**
 * The parts of the OpenAPI document these checks read. Members a check navigates are declared present:
 * one that is missing fails that check, as a wrong expectation would.
 */
interface SchemaObject {
  $ref?: string;
  type?: string;
  description?: string;
  required: string[];
  properties: Record<string, SchemaObject>;
  items: SchemaObject;
  enum: string[];
  allOf?: SchemaObject[];
}

interface Content {
  content: Record<string, { schema: SchemaObject }>;
}

interface Operation {
  parameters?: Array<{ in: string; name: string; required?: boolean; description?: string }>;
  requestBody: Content;
  responses: Record<string, Content>;
}

interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, SchemaObject> };
}

/** The routes the compiled API module declares, read from Nest's metadata in a separate Node process (Nest is ESM; Jest is not). */
async function registeredRoutes(): Promise<RegisteredRoute[]> {
  const script = [
    "require('reflect-metadata');",
    "const { listRoutes } = require('./dist/libs/http/openapi/registered-routes.js');",
    "const { ApiModule } = require('./dist/apps/api/src/api.module.js');",
    'process.stdout.write(JSON.stringify(listRoutes(ApiModule)));',
  ].join('\n');
  const { stdout } = await run(process.execPath, ['-e', script]);
  return JSON.parse(stdout) as RegisteredRoute[];
}

const AUTH_HEADERS: Record<string, string[]> = {
  WorkspaceAuthGuard: ['x-svc-workspace-id', 'x-svc-auth-token'],
  ApiKeyAuthGuard: ['x-svc-api-key', 'x-svc-auth-token'],
};

describe('OpenAPI document', () => {
  let world: TestEnvironment;
  let api: RunningApi;
  let document: OpenApiDocument;
  let routes: RegisteredRoute[];

  beforeAll(async () => {
    world = await createTestEnvironment();
    [api, routes] = await Promise.all([startApi(world.env), registeredRoutes()]);
    const response = await fetch(`${api.url}/docs/json`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/json');
    document = (await response.json()) as OpenApiDocument;
  });

  afterAll(async () => {
    await api?.stop();
    await world?.dispose();
  });

  const resolve = (schema: SchemaObject): SchemaObject =>
    schema?.$ref ? document.components.schemas[schema.$ref.split('/').pop() ?? ''] : schema;

  it('serves Swagger UI at /docs', async () => {
    const response = await fetch(`${api.url}/docs`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(await response.text()).toContain('swagger-ui');
  });

  it('documents every registered route with its method, auth headers, body and responses', () => {
    expect(routes.length).toBeGreaterThan(40);
    const problems: string[] = [];
    for (const route of routes) {
      // OpenAPI writes a path parameter `{id}` where Express writes `:id`.
      const operation = document.paths[route.path.replace(/:(\w+)/g, '{$1}')]?.[route.method.toLowerCase()];
      if (!operation) {
        problems.push(`${route.method} ${route.path}: missing`);
        continue;
      }
      if (route.method !== 'POST') continue;
      const headers = (operation.parameters ?? [])
        .filter((p) => p.in === 'header' && p.required)
        .map((p) => p.name)
        .sort();
      const expected = route.guards.flatMap((guard) => AUTH_HEADERS[guard] ?? []).sort();
      if (JSON.stringify(headers) !== JSON.stringify(expected))
        problems.push(`${route.path}: headers ${headers.join(',')} instead of ${expected.join(',')}`);
      const body = operation.requestBody?.content?.['application/json']?.schema;
      if (!body?.required?.includes('data') || !resolve(body.properties?.data))
        problems.push(`${route.path}: no { data } request body`);
      if (body?.properties?.data?.$ref && !resolve(body.properties.data))
        problems.push(`${route.path}: dangling ${body.properties.data.$ref}`);
      for (const status of ['200', '400', '503', ...(expected.length > 0 ? ['401'] : [])]) {
        const schema = resolve(operation.responses?.[status]?.content?.['application/json']?.schema);
        if (!schema?.properties?.[status === '200' ? 'result' : 'error'])
          problems.push(`${route.path}: no ${status} envelope`);
      }
    }
    expect(problems).toEqual([]);
    // Every route the API declares is a POST operation of the spec, apart from the operators' GET /health and /metrics
    // and memory knowledge's signed links (docs/ai.md "Knowledge").
    expect(
      routes
        .filter((route) => route.method !== 'POST')
        .map((route) => route.path)
        .sort(),
    ).toEqual([
      '/health',
      '/metrics',
      '/v2/memory/knowledge/files/:sourceId/:kind',
      '/v2/memory/knowledge/uploads/:id',
    ]);
  });

  it('derives request schemas from the DTOs, nested ones included', () => {
    const body = document.paths['/v2/organizations/documents/add'].post.requestBody.content['application/json'].schema;
    const dto = resolve(body.properties.data);
    expect(dto.required).toEqual(expect.arrayContaining(['organizationId', 'documents']));
    expect(dto.required).not.toContain('folderId');
    expect(dto.properties.documents).toMatchObject({ type: 'array', minItems: 1, maxItems: 1000 });
    const item = resolve(dto.properties.documents.items);
    expect(item.required).toEqual(['documentId']);
    expect(item.properties.documentId).toEqual({ type: 'string', minLength: 1, maxLength: 256 });
    expect(item.properties.accessType.enum).toContain('public');

    const create = resolve(
      document.paths['/v2/workspace/create'].post.requestBody.content['application/json'].schema.properties.data,
    );
    expect(create.properties.ownerEmail).toMatchObject({ type: 'string', format: 'email' });
    // Velt's create needs only ownerEmail; the names have defaults.
    expect(create.required).toEqual(['ownerEmail']);
    expect(Object.keys(create.properties)).toEqual(expect.arrayContaining(['name', 'workspaceName', 'avatar']));

    const webhook = resolve(
      document.paths['/v2/workspace/webhookconfig/update'].post.requestBody.content['application/json'].schema
        .properties.data,
    );
    const serviceConfigField = webhook.properties.webhookServiceConfig;
    expect(serviceConfigField).toMatchObject({
      nullable: true,
      description: expect.stringContaining('null clears it') as unknown,
    });
    const serviceConfig = resolve(serviceConfigField.allOf?.[0] ?? serviceConfigField);
    expect(Object.keys(serviceConfig.properties)).toEqual(
      expect.arrayContaining([
        'authToken',
        'rawNotificationUrl',
        'processedNotificationUrl',
        'encodeData',
        'encryptData',
        'publicKey',
        'triggers',
      ]),
    );
    expect(serviceConfig.properties.rawNotificationUrl).toMatchObject({
      type: 'string',
      format: 'uri',
      nullable: true,
    });
    const triggers = serviceConfig.properties.triggers;
    expect(triggers).toMatchObject({ type: 'object', nullable: true, additionalProperties: false });
    expect(triggers.properties['huddle.create']).toEqual({ type: 'boolean', nullable: true });
    expect(Object.keys(triggers.properties.comment.properties)).toEqual(['add', 'update', 'delete']);
    expect(triggers.description).toContain('never delivered, because their feature is not served here');
    expect(triggers.description).toContain('comment_annotation.suggestion_reject');
    const view =
      document.paths['/v2/workspace/webhookconfig/get'].post.responses['200'].content['application/json'].schema
        .properties.result.properties.data;
    expect(view.properties.webhookServiceConfig.properties.authTokenSet.type).toBe('boolean');
    expect(view.properties.webhookServiceConfig.properties.authToken).toBeUndefined();

    const workspaceHeaders = document.paths['/v2/workspace/get'].post.parameters ?? [];
    expect(workspaceHeaders.find((p) => p.name === 'x-svc-auth-token')?.description).toContain(
      'x-svc-workspace-auth-token',
    );
    expect(workspaceHeaders.find((p) => p.name === 'x-svc-workspace-auth-token')).toMatchObject({
      in: 'header',
      required: false,
      description: expect.stringContaining('Alias of x-svc-auth-token') as unknown,
    });
  });

  it('says which Velt fields are accepted without effect, in the field description', () => {
    const apiKeyCreate = resolve(
      document.paths['/v2/workspace/apikey/create'].post.requestBody.content['application/json'].schema.properties.data,
    );
    expect(apiKeyCreate.properties.persistenceDBRegion.description).toMatch(
      /^Accepted for Velt compatibility; has no effect here: .+/,
    );
    expect(apiKeyCreate.properties.apiKeyName.description).toBeUndefined();
  });

  it('documents the error envelope and codes', () => {
    const schemaOf = (response: Content) => resolve(response.content['application/json'].schema);
    const responses = document.paths['/v2/workspace/create'].post.responses;
    expect(responses['401']).toBeUndefined();
    expect(schemaOf(responses['429']).properties.error.properties.status.enum).toEqual(['RESOURCE_EXHAUSTED']);
    const invalid = schemaOf(responses['400']);
    expect(invalid.required).toEqual(['error']);
    expect(invalid.properties.error.properties.status.enum).toEqual(['INVALID_ARGUMENT']);
    expect(schemaOf(responses['200']).properties.result.properties.status.enum).toEqual(['success']);
    const auth = schemaOf(document.paths['/v2/organizations/add'].post.responses['401']);
    expect(auth.properties.error.properties.status.enum).toEqual(['UNAUTHENTICATED']);
  });
});
