import { createTestEnvironment, TestEnvironment } from './support/test-environment';
import { RunningApi, startApi } from './support/processes';
import { apiKeyHeaders, BatchResult, createWorkspace, Credentials, post } from './support/http-client';

interface FolderView {
  id: string;
  folderName: string;
  accessType: string;
  parentFolderId?: string;
}

describe('folders', () => {
  let world: TestEnvironment;
  let api: RunningApi;
  let owner: Credentials;
  const call = <T = unknown>(path: string, data: unknown, who: Credentials = owner) => post<T>(api.url, path, data, apiKeyHeaders(who));
  const folderIds = async (organizationId: string) =>
    (await world.query<{ id: string }>('SELECT id FROM folder WHERE organization_id = $1 ORDER BY id', [organizationId])).map((row) => row.id);

  beforeAll(async () => {
    world = await createTestEnvironment();
    api = await startApi(world.env);
    owner = await createWorkspace(api.url);
    await call('/v2/organizations/add', { organizations: [{ organizationId: 'acme' }] });
  });

  afterAll(async () => {
    await api?.stop();
    await world?.dispose();
  });

  it('adds nested folders in any order within one request', async () => {
    const response = await call('/v2/organizations/folders/add', {
      organizationId: 'acme',
      folders: [
        { folderId: 'specs', folderName: 'Specs', parentFolderId: 'eng', metadata: { color: 'blue' } },
        { folderId: 'eng', folderName: 'Engineering', accessType: 'restricted' },
        { folderId: 'public', accessType: 'public' },
      ],
    });
    expect(response.status).toBe(200);
    expect(response.body.result).toEqual({
      status: 'success',
      message: 'Folder(s) added successfully.',
      data: {
        specs: { success: true, id: 'specs', message: 'Folder added.' },
        eng: { success: true, id: 'eng', message: 'Folder added.' },
        public: { success: true, id: 'public', message: 'Folder added.' },
      },
    });
    const got = await call('/v2/organizations/folders/get', { organizationId: 'acme' });
    expect(got.body.result).toEqual({
      status: 'success',
      message: 'Folders retrieved successfully.',
      data: [
        { id: 'eng', folderName: 'Engineering', accessType: 'restricted' },
        { id: 'public', folderName: 'public', accessType: 'public' },
        { id: 'specs', folderName: 'Specs', parentFolderId: 'eng', accessType: 'organizationPrivate', color: 'blue' },
      ],
    });
  });

  it('reports existing folders, missing parents and cycles per item', async () => {
    const response = await call('/v2/organizations/folders/add', {
      organizationId: 'acme',
      folders: [
        { folderId: 'eng' },
        { folderId: 'orphan', parentFolderId: 'ghost' },
        { folderId: 'loop-a', parentFolderId: 'loop-b' },
        { folderId: 'loop-b', parentFolderId: 'loop-a' },
        { folderId: 'self', parentFolderId: 'self' },
        { folderId: 'rfcs', parentFolderId: 'specs' },
      ],
    });
    expect(response.status).toBe(200);
    expect(response.body.result.data).toEqual({
      eng: { success: false, id: 'eng', message: 'Folder already exists.' },
      orphan: { success: false, id: 'orphan', message: 'Parent folder does not exist.' },
      'loop-a': { success: false, id: 'loop-a', message: 'Parent folder does not exist.' },
      'loop-b': { success: false, id: 'loop-b', message: 'Parent folder does not exist.' },
      self: { success: false, id: 'self', message: 'Parent folder does not exist.' },
      rfcs: { success: true, id: 'rfcs', message: 'Folder added.' },
    });
    expect(await folderIds('acme')).toEqual(['eng', 'public', 'rfcs', 'specs']);
  });

  it('filters by folder ids and by parent folder', async () => {
    const children = await call<FolderView[]>('/v2/organizations/folders/get', { organizationId: 'acme', parentFolderId: 'eng' });
    expect(children.body.result.data.map((f) => f.id)).toEqual(['specs']);
    const picked = await call<FolderView[]>('/v2/organizations/folders/get', { organizationId: 'acme', folderIds: ['rfcs', 'public', 'nope'] });
    expect(picked.body.result.data.map((f) => f.id)).toEqual(['public', 'rfcs']);
  });

  it('pages with result.pageToken', async () => {
    await call('/v2/organizations/folders/add', {
      organizationId: 'paged',
      createOrganization: true,
      folders: Array.from({ length: 7 }, (_, i) => ({ folderId: `f${i}` })),
    });
    const first = await call<FolderView[]>('/v2/organizations/folders/get', { organizationId: 'paged', pageSize: 4 });
    expect(first.body.result.data.map((f) => f.id)).toEqual(['f0', 'f1', 'f2', 'f3']);
    const second = await call<FolderView[]>('/v2/organizations/folders/get', { organizationId: 'paged', pageSize: 4, pageToken: first.body.result.pageToken });
    expect(second.body.result.data.map((f) => f.id)).toEqual(['f4', 'f5', 'f6']);
    expect(second.body.result.pageToken).toBeUndefined();
  });

  it('updates names, access type and merges metadata; missing folders fail per item', async () => {
    const response = await call('/v2/organizations/folders/update', {
      organizationId: 'acme',
      folders: [
        { folderId: 'specs', folderName: 'Specifications', metadata: { owner: 'pm' } },
        { folderId: 'public', accessType: 'organizationPrivate' },
        { folderId: 'nope', folderName: 'X' },
      ],
    });
    expect(response.body.result).toEqual({
      status: 'success',
      message: 'Folder(s) updated successfully.',
      data: {
        specs: { success: true, id: 'specs', message: 'Folder updated.' },
        public: { success: true, id: 'public', message: 'Folder updated.' },
        nope: { success: false, id: 'nope', message: 'Folder does not exist.' },
      },
    });
    const got = await call('/v2/organizations/folders/get', { organizationId: 'acme', folderIds: ['specs', 'public'] });
    expect(got.body.result.data).toEqual([
      { id: 'public', folderName: 'public', accessType: 'organizationPrivate' },
      { id: 'specs', folderName: 'Specifications', parentFolderId: 'eng', accessType: 'organizationPrivate', color: 'blue', owner: 'pm' },
    ]);
  });

  it('deleting a folder deletes its subfolders and every document inside them', async () => {
    await call('/v2/organizations/documents/add', { organizationId: 'acme', folderId: 'rfcs', documents: [{ documentId: 'rfc-1' }] });
    await call('/v2/organizations/documents/add', { organizationId: 'acme', folderId: 'eng', documents: [{ documentId: 'eng-doc' }] });
    await call('/v2/organizations/documents/add', { organizationId: 'acme', folderId: 'public', documents: [{ documentId: 'kept' }] });
    const response = await call('/v2/organizations/folders/delete', { organizationId: 'acme', folderIds: ['eng', 'never'] });
    expect(response.body.result).toEqual({
      status: 'success',
      message: 'Folder(s) deleted successfully.',
      data: {
        eng: { success: true, id: 'eng', message: 'Folder deleted.' },
        never: { success: true, id: 'never', message: 'Folder does not exist.' },
      },
    });
    expect(await folderIds('acme')).toEqual(['public']);
    const docs = await world.query<{ id: string }>(`SELECT id FROM document WHERE organization_id = 'acme' ORDER BY id`);
    expect(docs.map((row) => row.id)).toEqual(['kept']);
  });

  it('answers NOT_FOUND on a missing organization, creating it only on request', async () => {
    for (const [path, data] of [
      ['/v2/organizations/folders/add', { organizationId: 'ghost', folders: [{ folderId: 'x' }] }],
      ['/v2/organizations/folders/get', { organizationId: 'ghost' }],
      ['/v2/organizations/folders/update', { organizationId: 'ghost', folders: [{ folderId: 'x' }] }],
      ['/v2/organizations/folders/delete', { organizationId: 'ghost', folderIds: ['x'] }],
    ] as const) {
      const response = await call(path, data);
      expect([path, response.status, response.body]).toEqual([path, 404, { error: { status: 'NOT_FOUND', message: 'Organization does not exist.' } }]);
    }
    const created = await call<BatchResult>('/v2/organizations/folders/add', { organizationId: 'ghost', createOrganization: true, folders: [{ folderId: 'x' }] });
    expect(created.body.result.data.x.success).toBe(true);
  });

  it('rejects a repeated folder id naming its path', async () => {
    const response = await call('/v2/organizations/folders/add', { organizationId: 'acme', folders: [{ folderId: 'q' }, { folderId: 'r' }, { folderId: 'q' }] });
    expect(response.status).toBe(400);
    expect(response.body.error).toEqual({ status: 'INVALID_ARGUMENT', message: 'data.folders[2].folderId duplicates an earlier item.' });
    expect(await folderIds('acme')).toEqual(['public']);
  });

  it('another API key sees none of these folders', async () => {
    const stranger = await createWorkspace(api.url);
    const response = await call('/v2/organizations/folders/get', { organizationId: 'acme' }, stranger);
    expect(response.status).toBe(404);
    const deleted = await call('/v2/organizations/folders/delete', { organizationId: 'acme', folderIds: ['public'] }, stranger);
    expect(deleted.status).toBe(404);
    expect(await folderIds('acme')).toEqual(['public']);
  });
});
