import { createTestEnvironment, TestEnvironment } from './support/test-environment';
import { RunningApi, startApi } from './support/processes';
import { apiKeyHeaders, BatchResult, createWorkspace, Credentials, post } from './support/http-client';

/**
 * Bad input generated over the DTOs: every field of every endpoint gets every bad value of its
 * kind; each must answer INVALID_ARGUMENT naming the field and leave the database as it was.
 */
type Kind = 'id' | 'name' | 'bool' | 'accessType' | 'metadata' | 'idArray' | 'objArray' | 'pageSize' | 'pageToken';
type FieldSpec = `${Kind}${'' | '!'}`;

interface Endpoint {
  path: string;
  base: Record<string, unknown>;
  fields: Record<string, FieldSpec>;
}

const REMOVE = Symbol('remove');
const thousandAndOne = <T>(make: (i: number) => T) => Array.from({ length: 1001 }, (_, i) => make(i));

const BAD_VALUES: Record<Kind, Array<[string, unknown]>> = {
  id: [
    ['a number', 42],
    ['an object', { id: 'x' }],
    ['an empty string', ''],
    ['257 characters', 'x'.repeat(257)],
    ['257 emoji', '😀'.repeat(257)],
    ['a NUL character', 'bad\u0000id'],
    ['an unpaired surrogate', 'bad\ud800id'],
  ],
  name: [
    ['a number', 7],
    ['1025 characters', 'n'.repeat(1025)],
    ['a NUL character', 'bad\u0000name'],
    ['an unpaired surrogate', '\udc00'],
  ],
  bool: [
    ['a string', 'true'],
    ['a number', 1],
  ],
  accessType: [
    ['an unknown value', 'private'],
    ['a number', 3],
  ],
  metadata: [
    ['a string', 'meta'],
    ['an array', [1, 2]],
    ['a reserved key', { id: 'spoofed' }],
    ['a NUL character inside', { note: 'a\u0000b' }],
    ['an unpaired surrogate key', { ['\ud800']: 1 }],
  ],
  idArray: [
    ['a string', 'acme'],
    ['an empty array', []],
    ['1001 items', thousandAndOne((i) => `id-${i}`)],
    ['a number item', [5]],
    ['a 257-character item', ['x'.repeat(257)]],
    ['a NUL item', ['a\u0000']],
  ],
  objArray: [
    ['a string', 'items'],
    ['an empty array', []],
    ['1001 items', thousandAndOne((i) => ({ id: i }))],
    ['a number item', [5]],
  ],
  pageSize: [
    ['0', 0],
    ['1001', 1001],
    ['a fraction', 1.5],
    ['a string', '10'],
  ],
  pageToken: [
    ['a number', 12],
    ['an empty string', ''],
    ['2049 characters', 't'.repeat(2049)],
  ],
};

const ENDPOINTS: Endpoint[] = [
  {
    path: '/v2/organizations/add',
    base: { organizations: [{ organizationId: 'fresh-org', organizationName: 'Fresh', metadata: { tier: 1 } }] },
    fields: { organizations: 'objArray!', 'organizations.0.organizationId': 'id!', 'organizations.0.organizationName': 'name', 'organizations.0.metadata': 'metadata' },
  },
  {
    path: '/v2/organizations/get',
    base: { organizationIds: ['acme'], pageSize: 10 },
    fields: { organizationIds: 'idArray', pageSize: 'pageSize', pageToken: 'pageToken' },
  },
  { path: '/v1/organizations/delete', base: { organizationIds: ['doomed'] }, fields: { organizationIds: 'idArray!' } },
  {
    path: '/v2/organizations/access/disablestate/update',
    base: { organizationIds: ['acme', 'fresh-state'], disabled: true },
    fields: { organizationIds: 'idArray!', disabled: 'bool!', createOrganization: 'bool' },
  },
  {
    path: '/v2/organizations/usergroups/add',
    base: { organizationId: 'fresh-group-org', createOrganization: true, organizationUserGroups: [{ groupId: 'g1', groupName: 'G' }] },
    fields: {
      organizationId: 'id!',
      createOrganization: 'bool',
      organizationUserGroups: 'objArray!',
      'organizationUserGroups.0.groupId': 'id!',
      'organizationUserGroups.0.groupName': 'name',
    },
  },
  {
    path: '/v2/organizations/folders/add',
    base: {
      organizationId: 'acme',
      createOrganization: false,
      folders: [{ folderId: 'fresh-folder', folderName: 'F', parentFolderId: 'f1', accessType: 'public', metadata: { k: 1 } }],
    },
    fields: {
      organizationId: 'id!',
      createOrganization: 'bool',
      folders: 'objArray!',
      'folders.0.folderId': 'id!',
      'folders.0.folderName': 'name',
      'folders.0.parentFolderId': 'id',
      'folders.0.accessType': 'accessType',
      'folders.0.metadata': 'metadata',
    },
  },
  {
    path: '/v2/organizations/folders/get',
    base: { organizationId: 'acme', folderIds: ['f1'], parentFolderId: 'f1', pageSize: 5 },
    fields: { organizationId: 'id!', folderIds: 'idArray', parentFolderId: 'id', pageSize: 'pageSize', pageToken: 'pageToken' },
  },
  {
    path: '/v2/organizations/folders/update',
    base: { organizationId: 'acme', folders: [{ folderId: 'f1', folderName: 'Renamed', accessType: 'restricted', metadata: { k: 2 } }] },
    fields: {
      organizationId: 'id!',
      folders: 'objArray!',
      'folders.0.folderId': 'id!',
      'folders.0.folderName': 'name',
      'folders.0.accessType': 'accessType',
      'folders.0.metadata': 'metadata',
    },
  },
  {
    path: '/v2/organizations/folders/delete',
    base: { organizationId: 'acme', folderIds: ['f-doomed'] },
    fields: { organizationId: 'id!', folderIds: 'idArray!' },
  },
  {
    path: '/v2/organizations/documents/add',
    base: {
      organizationId: 'acme',
      createOrganization: false,
      folderId: 'f1',
      createFolder: false,
      documents: [{ documentId: 'fresh-doc', documentName: 'D', accessType: 'restricted', metadata: { pages: 1 } }],
    },
    fields: {
      organizationId: 'id!',
      createOrganization: 'bool',
      folderId: 'id',
      createFolder: 'bool',
      documents: 'objArray!',
      'documents.0.documentId': 'id!',
      'documents.0.documentName': 'name',
      'documents.0.accessType': 'accessType',
      'documents.0.metadata': 'metadata',
    },
  },
  {
    path: '/v2/organizations/documents/get',
    base: { organizationId: 'acme', documentIds: ['d1'], folderId: 'f1', pageSize: 5 },
    fields: { organizationId: 'id!', documentIds: 'idArray', folderId: 'id', pageSize: 'pageSize', pageToken: 'pageToken' },
  },
  {
    path: '/v2/organizations/documents/update',
    base: { organizationId: 'acme', documents: [{ documentId: 'd1', documentName: 'New name', accessType: 'public', disabled: true, metadata: { x: 1 } }] },
    fields: {
      organizationId: 'id!',
      documents: 'objArray!',
      'documents.0.documentId': 'id!',
      'documents.0.documentName': 'name',
      'documents.0.accessType': 'accessType',
      'documents.0.disabled': 'bool',
      'documents.0.metadata': 'metadata',
    },
  },
  {
    path: '/v2/organizations/documents/delete',
    base: { organizationId: 'acme', documentIds: ['d-doomed'] },
    fields: { organizationId: 'id!', documentIds: 'idArray!' },
  },
  {
    path: '/v2/organizations/documents/move',
    base: { organizationId: 'acme', documentIds: ['d1'], folderId: 'f2' },
    fields: { organizationId: 'id!', documentIds: 'idArray!', folderId: 'id!' },
  },
];

function withValue(base: Record<string, unknown>, path: string, value: unknown): Record<string, unknown> {
  const copy = structuredClone(base);
  const keys = path.split('.');
  let node = copy;
  for (const key of keys.slice(0, -1)) node = node[key] as Record<string, unknown>;
  if (value === REMOVE) delete node[keys[keys.length - 1]];
  else node[keys[keys.length - 1]] = value;
  return copy;
}

/** `documents.0.documentId` -> `data.documents[0].documentId`, the form the API names fields in. */
function wirePath(path: string): string {
  return 'data' + path.split('.').map((key) => (/^\d+$/.test(key) ? `[${key}]` : `.${key}`)).join('');
}

interface Case {
  endpoint: string;
  field: string;
  description: string;
  data: Record<string, unknown>;
}

function generateCases(): Case[] {
  const cases: Case[] = [];
  for (const endpoint of ENDPOINTS) {
    for (const [field, spec] of Object.entries(endpoint.fields)) {
      const kind = spec.replace('!', '') as Kind;
      for (const [description, value] of BAD_VALUES[kind]) {
        cases.push({ endpoint: endpoint.path, field, description, data: withValue(endpoint.base, field, value) });
      }
      // Optional fields treat null as absent, so null is a bad value only where the field is required.
      if (spec.endsWith('!')) {
        cases.push({ endpoint: endpoint.path, field, description: 'missing', data: withValue(endpoint.base, field, REMOVE) });
        cases.push({ endpoint: endpoint.path, field, description: 'null', data: withValue(endpoint.base, field, null) });
      }
    }
  }
  return cases;
}

const CASES = generateCases();

describe('bad input over every DTO field', () => {
  let world: TestEnvironment;
  let api: RunningApi;
  let owner: Credentials;
  const call = (path: string, data: unknown) => post(api.url, path, data, apiKeyHeaders(owner));
  const snapshot = () =>
    world.query(
      `SELECT (SELECT json_agg(o ORDER BY id) FROM organization o) AS organizations,
              (SELECT json_agg(f ORDER BY organization_id, id) FROM folder f) AS folders,
              (SELECT json_agg(d ORDER BY organization_id, id) FROM document d) AS documents,
              (SELECT json_agg(g ORDER BY organization_id, id) FROM organization_user_group g) AS groups`,
    );

  beforeAll(async () => {
    world = await createTestEnvironment();
    api = await startApi(world.env);
    owner = await createWorkspace(api.url);
    await call('/v2/organizations/add', { organizations: [{ organizationId: 'acme' }, { organizationId: 'doomed' }] });
    await call('/v2/organizations/folders/add', { organizationId: 'acme', folders: [{ folderId: 'f1' }, { folderId: 'f2' }, { folderId: 'f-doomed' }] });
    await call('/v2/organizations/documents/add', { organizationId: 'acme', documents: [{ documentId: 'd1' }, { documentId: 'd-doomed' }] });
  });

  afterAll(async () => {
    await api?.stop();
    await world?.dispose();
  });

  it('generates a case for every field of every endpoint', () => {
    expect(new Set(CASES.map((c) => c.endpoint)).size).toBe(ENDPOINTS.length);
    expect(CASES.length).toBeGreaterThan(300);
  });

  it.each(CASES.map((c) => [c.endpoint, c.field, c.description, c] as const))('%s %s as %s: INVALID_ARGUMENT naming it, nothing stored', async (_e, _f, _d, c) => {
    const before = await snapshot();
    const response = await call(c.endpoint, c.data);
    expect(response.status).toBe(400);
    expect(response.body.error.status).toBe('INVALID_ARGUMENT');
    expect(response.body.error.message).toContain(wirePath(c.field));
    expect(await snapshot()).toEqual(before);
  });

  // Runs last, so the rows the valid requests write cannot hide a write by a rejected one above.
  it.each(ENDPOINTS.map((e) => [e.path, e] as const))('%s accepts its base payload, so each rejection above is the bad field alone', async (_p, endpoint) => {
    const response = await call(endpoint.path, endpoint.base);
    expect([endpoint.path, response.status]).toEqual([endpoint.path, 200]);
    if (response.body.result.data && !Array.isArray(response.body.result.data)) {
      for (const entry of Object.values(response.body.result.data as BatchResult)) expect(entry.success).toBe(true);
    }
  });
});
