import { credentialsOf, renderOperations, typeOf } from './render';

describe('OpenAPI to SDK types', () => {
  it('renders schemas as TypeScript types', () => {
    expect(typeOf({ type: 'array', items: { $ref: '#/components/schemas/UserDto' } })).toBe('Array<UserDto>');
    expect(typeOf({ enum: ['a', 'b'] })).toBe('"a" | "b"');
    expect(
      typeOf({ type: 'object', properties: { id: { type: 'string' }, n: { type: 'integer' } }, required: ['id'] }),
    ).toBe('{\n  id: string;\n  n?: number;\n}');
    expect(typeOf({ type: 'object', additionalProperties: { type: 'boolean' } })).toBe('Record<string, boolean>');
    expect(typeOf({ description: 'any JSON value' })).toBe('unknown');
  });

  it('tells the credentials from the documented headers', () => {
    expect(credentialsOf({ parameters: [{ name: 'x-svc-api-key' }, { name: 'x-svc-auth-token' }] })).toBe('apiKey');
    expect(credentialsOf({ parameters: [{ name: 'x-svc-workspace-id' }] })).toBe('workspace');
    expect(credentialsOf({})).toBe('none');
  });

  it('makes an operation that is also a namespace callable under $call', () => {
    const body = {
      requestBody: { content: { 'application/json': { schema: { properties: { data: { type: 'object' } } } } } },
    };
    const text = renderOperations({
      paths: {
        '/v2/docs/migrate': { post: body },
        '/v2/docs/migrate/status': { post: body },
        '/v2/auth/generate_token': { post: body },
        '/v1/docs/get': { post: body },
      },
      components: { schemas: {} },
    });
    expect(text).toContain("migrate: {\n      $call: '/v2/docs/migrate';\n      status: '/v2/docs/migrate/status';");
    expect(text).toContain("generateToken: '/v2/auth/generate_token'");
    expect(text).not.toContain('/v1/docs/get');
  });
});
