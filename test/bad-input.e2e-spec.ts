import { createTestEnvironment, TestEnvironment } from './support/test-environment';
import { RunningApi, startApi } from './support/processes';
import { apiKeyHeaders, createWorkspace, Credentials, post, workspaceHeaders } from './support/http-client';
import { apiRoutes, AuthClass, FieldRule, FieldSketch, Route } from './support/routes';
import { seedDocument, seedEditors, seedFolder } from './support/seed';

/**
 * Bad input generated over the DTOs of every registered route: each field gets every bad value of
 * its kind (read from its class-validator rules), each identifier the hostile ones (lone surrogate,
 * NUL, too long, empty, wrong type), and every field not declared @Nullable() gets null. Each must
 * answer INVALID_ARGUMENT naming the field and leave the database as it was.
 */
type Kind =
  | 'id'
  | 'name'
  | 'string'
  | 'email'
  | 'url'
  | 'date'
  | 'instant'
  | 'sourceIds'
  | 'bool'
  | 'int'
  | 'number'
  | 'enum'
  | 'metadata'
  | 'object'
  | 'json';

interface Field {
  /** `documents.0.documentId`: where the value sits inside `data`. */
  path: string;
  kind: Kind | null;
  rules: FieldRule[];
  array: boolean;
  required: boolean;
  nullable: boolean;
  nested?: FieldSketch;
}

interface Answer {
  error?: { status: string; message: string };
}

const REMOVE = Symbol('remove');
const HOSTILE_IDENTIFIERS: Array<[string, unknown]> = [
  ['a number', 42],
  ['an object', { id: 'x' }],
  ['an empty string', ''],
  ['257 characters', 'x'.repeat(257)],
  ['257 emoji', '😀'.repeat(257)],
  ['a NUL character', 'bad\u0000id'],
  ['an unpaired surrogate', 'bad\ud800id'],
];

const rule = (field: { rules: FieldRule[] }, name: string) => field.rules.find((r) => r.name === name);
const has = (field: { rules: FieldRule[] }, name: string) => rule(field, name) !== undefined;
const constraint = (field: { rules: FieldRule[] }, name: string, index = 0) =>
  rule(field, name)?.constraints[index] as number | undefined;

function kindOf(field: { rules: FieldRule[]; nested?: FieldSketch }): Kind | null {
  if (field.nested) return 'object';
  const byRule: Array<[string, Kind]> = [
    ['isIdentifier', 'id'],
    ['isName', 'name'],
    ['isMetadata', 'metadata'],
    ['isEmailAddress', 'email'],
    ['isUrl', 'url'],
    ['isDate', 'date'],
    ['isInstant', 'instant'],
    ['isSourceIds', 'sourceIds'],
    ['isBoolean', 'bool'],
    ['isInt', 'int'],
    ['isNumber', 'number'],
    ['isIn', 'enum'],
    ['isString', 'string'],
    ['isObject', 'object'],
    ['isJsonValue', 'json'],
  ];
  return byRule.find(([name]) => has(field, name))?.[1] ?? null;
}

function lengthBounds(field: Field): { min: number; max?: number } {
  const length = rule(field, 'isLength');
  if (length) return { min: Number(length.constraints[0] ?? 0), max: length.constraints[1] as number | undefined };
  return { min: 0, max: constraint(field, 'maxLength') };
}

/** Bad values for one value of the field's kind (for an array: for one item). */
function badItems(field: Field): Array<[string, unknown]> {
  switch (field.kind) {
    case 'id':
      return HOSTILE_IDENTIFIERS;
    case 'name':
      return [
        ['a number', 7],
        ['1025 characters', 'n'.repeat(1025)],
        ['a NUL character', 'bad\u0000name'],
        ['an unpaired surrogate', '\udc00'],
      ];
    case 'string': {
      const { min, max } = lengthBounds(field);
      return [
        ['a number', 12],
        ['a NUL character', 'a\u0000b'],
        ...(min >= 1 ? [['an empty string', ''] as [string, unknown]] : []),
        ...(max !== undefined ? [[`${max + 1} characters`, 't'.repeat(max + 1)] as [string, unknown]] : []),
      ];
    }
    case 'email':
      return [
        ['a number', 5],
        ['not an address', 'nope'],
        ['an unpaired surrogate', 'a\ud800@example.com'],
      ];
    case 'url':
      return [
        ['a number', 5],
        ['not a URL', 'not a url'],
        ['another protocol', 'ftp://example.com/a.png'],
      ];
    case 'date':
      return [
        ['a number', 5],
        ['not a date', 'yesterday'],
      ];
    case 'instant':
      return [
        ['not a date', 'yesterday'],
        ['a boolean', true],
        ['an object', {}],
        ['a fraction', 1.5],
        ['a number past the range of a date', 1e300],
        ['digits past the range of a date', '9'.repeat(20)],
      ];
    case 'sourceIds':
      return [
        ...HOSTILE_IDENTIFIERS,
        ['a one-item array', ['s1']],
        ['31 items', Array.from({ length: 31 }, (_, i) => `s${i}`)],
        ['an array with a number', ['s1', 5]],
      ];
    case 'bool':
      return [
        ['a string', 'true'],
        ['a number', 1],
      ];
    case 'int': {
      const min = constraint(field, 'min');
      const max = constraint(field, 'max');
      return [
        ['a fraction', 1.5],
        ['a string', '10'],
        ...(min !== undefined ? [[`${min - 1}`, min - 1] as [string, unknown]] : []),
        ...(max !== undefined ? [[`${max + 1}`, max + 1] as [string, unknown]] : []),
      ];
    }
    case 'number': {
      const max = constraint(field, 'max');
      return [
        ['a string', '10'],
        ['a boolean', true],
        ...(has(field, 'isPositive')
          ? [['zero', 0] as [string, unknown], ['a negative number', -1] as [string, unknown]]
          : []),
        ...(max !== undefined ? [[`${max + 1}`, max + 1] as [string, unknown]] : []),
      ];
    }
    case 'json':
      return [
        ['a NUL character', 'a\u0000b'],
        ['an unpaired surrogate inside', { note: '\ud800' }],
      ];
    case 'enum':
      return [
        ['an unknown value', 'no-such-value'],
        ['a number', 3],
      ];
    case 'metadata':
      return [
        ['a string', 'meta'],
        ['an array', [1, 2]],
        ['a reserved key', { id: 'spoofed' }],
        ['a NUL character inside', { note: 'a\u0000b' }],
        ['an unpaired surrogate key', { ['\ud800']: 1 }],
      ];
    case 'object':
      return [
        ['a string', 'x'],
        ['an array', [1]],
        ['a number', 3],
      ];
    default:
      return [];
  }
}

function badValues(field: Field): Array<[string, unknown]> {
  if (!field.array) return badItems(field);
  const maxItems = constraint(field, 'arrayMaxSize') ?? 1000;
  return [
    ['a string', 'items'],
    ...(has(field, 'arrayNotEmpty') ? [['an empty array', []] as [string, unknown]] : []),
    [`${maxItems + 1} items`, Array.from({ length: maxItems + 1 }, () => validItem(field))],
    ...badItems(field).map(([description, value]): [string, unknown] => [`an item that is ${description}`, [value]]),
  ];
}

/** Valid identifiers by field name, so a base payload names the seeded world where it can. */
const VALID_IDS: Record<string, string> = {
  organizationId: 'acme',
  id: 'acme',
  folderId: 'f1',
  parentFolderId: 'f1',
  documentId: 'd1',
  annotationId: 'a1',
  commentId: 'c1',
  userId: 'u1',
  // Not the suite's own key: authtoken/reset on it would sign the suite out.
  apiKey: 'no-such-api-key',
};
const VALID_STRINGS: Record<string, string> = { domains: 'example.com' };

function validItem(field: Field): unknown {
  const name = field.path.split('.').pop()!;
  const singular = field.array ? name.replace(/s$/, '') : name;
  switch (field.kind) {
    case 'id':
      return VALID_IDS[singular] ?? `${singular}-1`;
    case 'name':
      return 'Name';
    case 'string':
      return VALID_STRINGS[name] ?? 'x'.repeat(Math.max(1, lengthBounds(field).min));
    case 'email':
      return 'someone@example.com';
    case 'url':
      return 'https://example.com/a.png';
    case 'date':
    case 'instant':
      return new Date().toISOString();
    case 'sourceIds':
      return `${singular}-1`;
    case 'bool':
      return false;
    case 'int':
    case 'number':
      return Math.max(1, constraint(field, 'min') ?? 1);
    case 'json':
      return {};
    case 'enum':
      return (rule(field, 'isIn')!.constraints[0] as unknown[])[0];
    case 'metadata':
      return {};
    case 'object':
      return field.nested ? validObject(field.nested, field.path + (field.array ? '.0' : '')) : {};
    default:
      return undefined;
  }
}

function toField(path: string, sketch: FieldSketch[string]): Field {
  const optional = sketch.rules.some((r) => r.name === 'isOptional' || r.name === 'conditionalValidation');
  return {
    path,
    kind: kindOf(sketch),
    rules: sketch.rules,
    array: sketch.array,
    required: !optional,
    nullable: sketch.nullable,
    nested: sketch.nested,
  };
}

/**
 * The smallest valid object: required fields, plus ValidateIf fields (required in some states,
 * always valid when present). Plain optional fields are left out; a case sets one when it tests it.
 */
function validObject(sketch: FieldSketch, prefix = ''): Record<string, unknown> {
  const object: Record<string, unknown> = {};
  for (const [name, fieldSketch] of Object.entries(sketch)) {
    if (fieldSketch.rules.some((r) => r.name === 'isOptional')) continue;
    const field = toField(prefix ? `${prefix}.${name}` : name, fieldSketch);
    object[name] = field.array ? [validItem(field)] : validItem(field);
  }
  return object;
}

/** Every field of a DTO, nested ones as `parent.sub` or `list.0.sub`. */
function fieldsOf(sketch: FieldSketch, prefix = ''): Field[] {
  return Object.entries(sketch).flatMap(([name, fieldSketch]) => {
    const field = toField(prefix ? `${prefix}.${name}` : name, fieldSketch);
    const inner = field.nested ? fieldsOf(field.nested, field.array ? `${field.path}.0` : field.path) : [];
    return [field, ...inner];
  });
}

const WORKFLOW_DEFINITION = {
  definitionId: 'bad-input-flow',
  nodes: [
    { nodeId: 'a', type: 'agent', config: { agentId: '__mock__', url: 'https://example.com' } },
    { nodeId: 'b', type: 'agent', config: { agentId: '__mock__', url: 'https://example.com' } },
  ],
  edges: [{ from: 'a', to: 'b' }],
};

/**
 * Where the smallest valid payload of a route is not enough for the service to take it (a rule that
 * spans fields). Each key must be a registered route, checked below.
 */
const BASE_OVERRIDES: Record<string, Record<string, unknown>> = {
  // Exactly one selector: the DTO allows either, the service refuses both.
  '/v2/workspace/webhooks/deliveries/retry': { failedSince: REMOVE },
  // A reaction is always some user's (checked by the service).
  '/v2/commentannotations/comments/reactions/add': { from: { userId: 'u1' } },
  '/v2/commentannotations/comments/reactions/delete': { from: { userId: 'u1' } },
  // Exactly one of folderId (Velt) and folderIds (ours); neither is required by the DTO alone.
  '/v2/organizations/folders/delete': { folderId: 'folder-1' },
  // At least one of the two settings (checked by the service).
  '/v2/workspace/emailconfig/update': { useEmailService: false },
  // accessType or inheritFromParent (checked by the service; Velt's inherit example omits accessType).
  '/v2/organizations/folders/access/update': { accessType: 'public' },
  // At least one setting (Velt's page; checked by the service).
  '/v2/workspace/apikeyconfig/update': { requireJwtToken: false },
  // At least one of the two members (Velt's page; checked by the service).
  '/v2/workspace/permissionproviderconfig/update': { usePermissionProvider: false },
  '/v2/workspace/webhookconfig/update': { useWebhookService: false },
  // At least one policy setting (checked by the service).
  '/v2/crdt/versions/config/update': { automaticMinutes: 30 },
  '/v2/workspace/notificationconfig/update': { useNotificationService: false },
  // At least one setting, and at least one endpoint field besides endpointId (Velt's pages; checked by the services).
  '/v2/workspace/advancedwebhookconfig/update': { isEnabled: false },
  '/v2/workspace/advancedwebhook/endpoints/update': { description: 'd' },
  // userIds unless deleteAll is true (Velt's two examples; checked by the service).
  '/v2/organizations/usergroups/users/delete': { userIds: ['u1'] },
  '/v1/organizations/usergroups/users/delete': { userIds: ['u1'] },
  // A location is matched by its id (else locationName), so it needs one (checked by the service).
  '/v1/organizations/documents/locations/update': { migrate: { oldLocation: { id: 'l1' }, newLocation: { id: 'l2' } } },
  '/v1/organizations/documents/locations/data/delete': { location: { id: 'l1' } },
  // At least one sub-field (Velt's page; checked by the service).
  '/v2/workspace/activityconfig/update': { activityServiceConfig: { isEnabled: false } },
  // An AI agent needs instructions (Velt's rule; checked by the service); extract reads text files only.
  '/v2/agents/create': { instructions: 'Check the page.' },
  '/v2/agents/extract': { mimeType: 'text/plain', fileBase64: 'aGVsbG8=' },
  // One of Velt's three filter shapes, and no page token on a first page (a made-up one is refused as tampered).
  '/v2/agents/execution/list': { agentId: 'agent-1', organizationId: REMOVE, documentId: REMOVE, pageToken: REMOVE },
  // name or description (Velt's page; checked by the service).
  '/v2/agents/groups/update': { name: 'Group' },
  // At least one of documentId, targetEntityId, activityIds (Velt's page; checked by the service).
  '/v2/activities/delete': { documentId: 'd1' },
  // Any JSON value, of the kind `type` names (checked by the service): a string for the first type, text.
  '/v2/crdt/add': { data: 'text' },
  '/v2/crdt/update': { data: 'text' },
  // A definition's graph is checked as a whole (the service's compiler): two nodes and the edge between them.
  '/v2/workflow/definitions/create': WORKFLOW_DEFINITION,
  '/v2/workflow/definitions/update': WORKFLOW_DEFINITION,
  // An absolute http(s) URL (checked by the service, as a webhook node's url).
  '/v2/workflow/agentendpoint/update': { url: 'https://example.com/agent' },
  // On the console's origin or a loopback host (checked by the service, with Velt's messages).
  '/v2/workspace/email/send-login-link': { continueUrl: 'http://localhost/console/' },
  // Base64 that decodes to at least one byte (checked by the service).
  '/v2/memory/knowledge/ingest': {
    file: { base64: 'aGVsbG8=', mimeType: 'text/plain', fileName: 'a.txt', fileSize: 5 },
  },
};

/**
 * Routes whose malformed values the spec answers with one fixed message instead of naming the field.
 * An unknown field, and a value the request-wide checks refuse (a NUL character), are still named.
 */
const SPEC_MESSAGES: Record<string, string> = {
  '/v2/workspace/webhookconfig/update': 'Invalid webhook service configuration.',
};

function basePayload(route: Route): Record<string, unknown> {
  const base = validObject(route.fields);
  for (const [key, value] of Object.entries(BASE_OVERRIDES[route.path] ?? {})) {
    if (value === REMOVE) delete base[key];
    else base[key] = value;
  }
  return base;
}

/** Sets (or removes) the value at `path`, building a missing parent object from its DTO's smallest valid form. */
function withValue(
  base: Record<string, unknown>,
  sketch: FieldSketch,
  path: string,
  value: unknown,
): Record<string, unknown> {
  const copy = structuredClone(base);
  const keys = path.split('.');
  // Arrays are walked by their index keys like objects.
  let node = copy;
  let nodeSketch: FieldSketch | undefined = sketch;
  for (const [i, key] of keys.slice(0, -1).entries()) {
    if (/^\d+$/.test(key)) {
      node = node[key] as Record<string, unknown>;
      continue;
    }
    const fieldSketch: FieldSketch[string] = nodeSketch![key];
    if (node[key] === undefined) {
      const field = toField(keys.slice(0, i + 1).join('.'), fieldSketch);
      node[key] = field.array ? [validItem(field)] : validItem(field);
    }
    node = node[key] as Record<string, unknown>;
    nodeSketch = fieldSketch.nested;
  }
  if (value === REMOVE) delete node[keys[keys.length - 1]];
  else node[keys[keys.length - 1]] = value;
  return copy;
}

/** `documents.0.documentId` -> `data.documents[0].documentId`, the form the API names fields in. */
function wirePath(path: string): string {
  return (
    'data' +
    path
      .split('.')
      .map((key) => (/^\d+$/.test(key) ? `[${key}]` : `.${key}`))
      .join('')
  );
}

interface Case {
  route: string;
  auth: AuthClass;
  field: string;
  kind: Kind | null;
  description: string;
  data: Record<string, unknown>;
}

const ROUTES = apiRoutes().filter((route) => route.method === 'POST' && Object.keys(route.fields).length > 0);

function generateCases(): Case[] {
  const cases: Case[] = [];
  for (const route of ROUTES) {
    const base = basePayload(route);
    for (const field of fieldsOf(route.fields)) {
      const make = (description: string, value: unknown): Case => ({
        route: route.path,
        auth: route.auth,
        field: field.path,
        kind: field.kind,
        description,
        data: withValue(base, route.fields, field.path, value),
      });
      for (const [description, value] of badValues(field)) cases.push(make(description, value));
      if (field.required) cases.push(make('missing', REMOVE));
      // Null is a value only where the DTO says so (@Nullable()); anywhere else it is refused, never read as absent.
      if (!field.nullable) cases.push(make('null', null));
    }
  }
  return cases;
}

const CASES = generateCases();

describe('bad input over every field of every registered route', () => {
  let world: TestEnvironment;
  let api: RunningApi;
  let owner: Credentials;
  const headers = (auth: AuthClass) =>
    auth === 'apiKey' ? apiKeyHeaders(owner) : auth === 'workspace' ? workspaceHeaders(owner) : {};
  const call = (path: string, auth: AuthClass, data: unknown) => post<Answer>(api.url, path, data, headers(auth));
  const writes = async () => (await world.query<{ n: string }>('SELECT n FROM test_write_log'))[0].n;

  beforeAll(async () => {
    world = await createTestEnvironment();
    api = await startApi(world.env);
    owner = await createWorkspace(api.url);
    // A rejected request must not write anywhere: every row written to any table bumps one counter
    // (a digest of every table before and after each case cost more than the requests themselves).
    const tables = await world.query<{ name: string }>(
      `SELECT table_name AS name FROM information_schema.tables
       WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name <> 'migrations'`,
    );
    await world.query(`CREATE TABLE test_write_log (n bigint NOT NULL); INSERT INTO test_write_log VALUES (0);
      CREATE FUNCTION test_note_write() RETURNS trigger LANGUAGE plpgsql
        AS $$ BEGIN UPDATE test_write_log SET n = n + 1; RETURN NULL; END $$;
      ${tables
        .map(
          ({ name }) => `CREATE TRIGGER test_note_write AFTER INSERT OR UPDATE OR DELETE ON "${name}"
            FOR EACH ROW EXECUTE FUNCTION test_note_write();
          CREATE TRIGGER test_note_truncate AFTER TRUNCATE ON "${name}"
            FOR EACH STATEMENT EXECUTE FUNCTION test_note_write();`,
        )
        .join('\n')}`);
    await seedDocument(world, owner.apiKey, 'acme', 'd1');
    await seedFolder(world, owner.apiKey, 'acme', 'f1');
    await seedEditors(api.url, owner, 'acme', ['u1']);
    const annotation = await call('/v2/commentannotations/add', 'apiKey', {
      organizationId: 'acme',
      documentId: 'd1',
      commentAnnotations: [{ annotationId: 'a1', commentData: [{ commentText: 'Hello', from: { userId: 'u1' } }] }],
    });
    expect(annotation.status).toBe(200);
    // The seeding above wrote through the API and directly: the counter saw it.
    expect(Number(await writes())).toBeGreaterThan(3);
  });

  afterAll(async () => {
    await api?.stop();
    await world?.dispose();
  });

  it('reads every POST route with a DTO, and every field of them has a known kind', () => {
    expect(ROUTES.length).toBeGreaterThan(40);
    expect(ROUTES.map((route) => route.path)).toEqual(
      expect.arrayContaining([
        '/v2/commentannotations/comments/get',
        '/v2/users/add',
        '/v2/presence/delete',
        '/v2/livestate/get',
      ]),
    );
    expect(new Set(CASES.map((c) => c.route))).toEqual(new Set(ROUTES.map((route) => route.path)));
    expect(
      ROUTES.flatMap((route) =>
        fieldsOf(route.fields)
          .filter((field) => field.kind === null)
          .map((field) => `${route.path} ${field.path}`),
      ),
    ).toEqual([]);
    expect(
      [...Object.keys(BASE_OVERRIDES), ...Object.keys(SPEC_MESSAGES)].filter(
        (path) => !ROUTES.some((route) => route.path === path),
      ),
    ).toEqual([]);
  });

  it('gives every identifier field of every route every hostile identifier', () => {
    const identifiers = ROUTES.flatMap((route) =>
      fieldsOf(route.fields)
        .filter((field) => field.kind === 'id')
        .map((field) => ({ route: route.path, field })),
    );
    expect(identifiers.length).toBeGreaterThan(100);
    for (const { route, field } of identifiers) {
      const described = CASES.filter((c) => c.route === route && c.field === field.path).map((c) => c.description);
      const expected = HOSTILE_IDENTIFIERS.map(([description]) =>
        field.array ? `an item that is ${description}` : description,
      );
      expect({
        route,
        field: field.path,
        missing: expected.filter((description) => !described.includes(description)),
      }).toEqual({ route, field: field.path, missing: [] });
    }
    // The fields that once took any string: comments, users, live state, presence.
    const covered = new Set(identifiers.map(({ route, field }) => `${route} ${field.path}`));
    for (const key of [
      '/v2/commentannotations/comments/get annotationId',
      '/v2/commentannotations/add commentAnnotations.0.annotationId',
      '/v2/users/get userIds',
      '/v2/auth/permissions/add permissions.resources.0.id',
      '/v2/livestate/broadcast liveStateDataId',
      '/v2/presence/delete userIds',
      '/v2/presence/get documentId',
    ]) {
      expect(covered).toContain(key);
    }
  });

  it.each(CASES.map((c) => [c.route, c.field, c.description, c] as const))(
    '%s %s as %s: INVALID_ARGUMENT naming it, nothing stored',
    async (_r, _f, _d, c) => {
      const before = await writes();
      const response = await call(c.route, c.auth, c.data);
      expect(response.status).toBe(400);
      expect(response.body.error?.status).toBe('INVALID_ARGUMENT');
      const message = response.body.error?.message ?? '';
      const accepted = [wirePath(c.field), ...(c.route in SPEC_MESSAGES ? [SPEC_MESSAGES[c.route]] : [])];
      expect({ message, named: accepted.some((text) => message.includes(text)) }).toEqual({ message, named: true });
      expect(await writes()).toEqual(before);
    },
  );

  // Runs last, so the rows the valid requests write cannot hide a write by a rejected one above.
  it.each(ROUTES.map((route) => [route.path, route] as const))(
    '%s takes its base payload past validation, so each rejection above is the bad field alone',
    async (_p, route) => {
      const response = await call(route.path, route.auth, basePayload(route));
      // NOT_FOUND or a per-item failure may be the answer here; what matters is that validation let it through.
      expect({ path: route.path, error: response.body.error ?? null }).not.toMatchObject({
        error: { status: 'INVALID_ARGUMENT' },
      });
      expect([route.path, response.status < 500]).toEqual([route.path, true]);
    },
  );
});
