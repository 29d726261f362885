import { createTestEnvironment, TestEnvironment } from './support/test-environment';
import { RunningApi, startApi } from './support/processes';
import { apiKeyHeaders, BatchResult, createWorkspace, Credentials, post } from './support/http-client';

interface FolderView {
  id: string;
  folderId: string;
  folderName: string;
  organizationId: string;
  accessType: string;
  parentFolderId: string;
  apiKey: string;
  createdAt: number;
  lastUpdated: number;
  ancestors: string[];
  inheritAccessFromParent: boolean;
  subFolders?: FolderView[];
  [key: string]: unknown;
}

/** The item without the keys every folder carries (Velt's bookkeeping), checked on their own below. */
const brief = ({
  folderId,
  organizationId,
  apiKey,
  createdAt,
  lastUpdated,
  ancestors,
  inheritAccessFromParent,
  ...rest
}: FolderView) => {
  void [folderId, organizationId, apiKey, createdAt, lastUpdated, ancestors, inheritAccessFromParent];
  return rest;
};

describe('folders', () => {
  let world: TestEnvironment;
  let api: RunningApi;
  let owner: Credentials;
  const call = <T = unknown>(path: string, data: unknown, who: Credentials = owner) =>
    post<T>(api.url, path, data, apiKeyHeaders(who));
  const folderIds = async (organizationId: string) =>
    (
      await world.query<{ id: string }>('SELECT id FROM folder WHERE organization_id = $1 ORDER BY id', [
        organizationId,
      ])
    ).map((row) => row.id);

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
    const got = await call<FolderView[]>('/v2/organizations/folders/get', { organizationId: 'acme' });
    expect(got.body.result.status).toBe('success');
    expect(got.body.result.message).toBe('Folders retrieved successfully.');
    expect(got.body.result.data.map(brief)).toEqual([
      { id: 'eng', folderName: 'Engineering', parentFolderId: 'root', accessType: 'restricted' },
      { id: 'public', folderName: 'public', parentFolderId: 'root', accessType: 'public' },
      { id: 'specs', folderName: 'Specs', parentFolderId: 'eng', accessType: 'organizationPrivate', color: 'blue' },
    ]);
    const specs = got.body.result.data[2];
    expect(specs).toMatchObject({
      folderId: 'specs',
      organizationId: 'acme',
      apiKey: owner.apiKey,
      ancestors: ['root', 'eng'],
      inheritAccessFromParent: true,
    });
    expect(got.body.result.data[0]).toMatchObject({ ancestors: ['root'], inheritAccessFromParent: false });
    expect(specs.createdAt).toBeGreaterThan(Date.now() - 600_000);
    expect(specs.lastUpdated).toBeGreaterThanOrEqual(specs.createdAt);
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
    const children = await call<FolderView[]>('/v2/organizations/folders/get', {
      organizationId: 'acme',
      parentFolderId: 'eng',
    });
    expect(children.body.result.data.map((f) => f.id)).toEqual(['specs']);
    const picked = await call<FolderView[]>('/v2/organizations/folders/get', {
      organizationId: 'acme',
      folderIds: ['rfcs', 'public', 'nope'],
    });
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
    const second = await call<FolderView[]>('/v2/organizations/folders/get', {
      organizationId: 'paged',
      pageSize: 4,
      pageToken: first.body.result.pageToken,
    });
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
    const got = await call<FolderView[]>('/v2/organizations/folders/get', {
      organizationId: 'acme',
      folderIds: ['specs', 'public'],
    });
    expect(got.body.result.data.map(brief)).toEqual([
      { id: 'public', folderName: 'public', parentFolderId: 'root', accessType: 'organizationPrivate' },
      {
        id: 'specs',
        folderName: 'Specifications',
        parentFolderId: 'eng',
        accessType: 'organizationPrivate',
        color: 'blue',
        owner: 'pm',
      },
    ]);
  });

  it('answers one folder as a tree of subFolders, maxDepth levels deep', async () => {
    await call('/v2/organizations/folders/add', {
      organizationId: 'acme',
      folders: [
        { folderId: 'drafts', parentFolderId: 'rfcs' },
        { folderId: 'old', parentFolderId: 'drafts' },
      ],
    });
    const ids = (node: FolderView): unknown => ({ [node.folderId]: node.subFolders?.map(ids) ?? 'leaf' });
    const one = await call<FolderView[]>('/v2/organizations/folders/get', { organizationId: 'acme', folderId: 'eng' });
    expect(one.body.result.data.map(ids)).toEqual([{ eng: [{ specs: 'leaf' }] }]);
    const deep = await call<FolderView[]>('/v2/organizations/folders/get', {
      organizationId: 'acme',
      folderId: 'eng',
      maxDepth: 5,
    });
    expect(deep.body.result.data.map(ids)).toEqual([{ eng: [{ specs: [{ rfcs: [{ drafts: [{ old: [] }] }] }] }] }]);
    const old = deep.body.result.data[0].subFolders?.[0].subFolders?.[0].subFolders?.[0].subFolders?.[0];
    expect(old).toMatchObject({
      folderId: 'old',
      parentFolderId: 'drafts',
      ancestors: ['root', 'eng', 'specs', 'rfcs', 'drafts'],
    });
    const mid = await call<FolderView[]>('/v2/organizations/folders/get', {
      organizationId: 'acme',
      folderId: 'rfcs',
      maxDepth: 0,
    });
    expect(mid.body.result.data).toEqual([
      expect.objectContaining({ folderId: 'rfcs', ancestors: ['root', 'eng', 'specs'] }),
    ]);
    expect(mid.body.result.data[0].subFolders).toBeUndefined();
  });

  it('refuses tree requests it cannot answer honestly', async () => {
    for (const [data, message] of [
      [{ organizationId: 'acme', maxDepth: 2 }, 'data.maxDepth needs data.folderId.'],
      [
        { organizationId: 'acme', folderId: 'eng', pageSize: 2 },
        'data.pageSize cannot be combined with data.folderId.',
      ],
    ] as const) {
      const response = await call('/v2/organizations/folders/get', data);
      expect([response.status, response.body]).toEqual([400, { error: { status: 'INVALID_ARGUMENT', message } }]);
    }
    const missing = await call('/v2/organizations/folders/get', { organizationId: 'acme', folderId: 'nope' });
    expect([missing.status, missing.body]).toEqual([
      404,
      { error: { status: 'NOT_FOUND', message: 'Folder does not exist.' } },
    ]);
  });

  it("moves folders with parentFolderId, refusing a move into the folder's own subtree", async () => {
    const cycle = await call('/v2/organizations/folders/update', {
      organizationId: 'acme',
      folders: [
        { folderId: 'public', folderName: 'Renamed' },
        { folderId: 'eng', parentFolderId: 'drafts' },
      ],
    });
    expect([cycle.status, cycle.body]).toEqual([
      400,
      {
        error: {
          status: 'FAILED_PRECONDITION',
          message: 'data.folders[1].parentFolderId: folder eng cannot move into itself or one of its subfolders.',
        },
      },
    ]);
    const untouched = await world.query<{ name: string }>(
      `SELECT name FROM folder WHERE organization_id = 'acme' AND id = 'public'`,
    );
    expect(untouched[0].name).toBe('public');

    const moved = await call<BatchResult>('/v2/organizations/folders/update', {
      organizationId: 'acme',
      folders: [
        { folderId: 'drafts', parentFolderId: 'public' },
        { folderId: 'old', parentFolderId: 'root' },
        { folderId: 'rfcs', parentFolderId: 'ghost' },
      ],
    });
    expect(moved.body.result.data).toEqual({
      drafts: { success: true, id: 'drafts', message: 'Folder updated.' },
      old: { success: true, id: 'old', message: 'Folder updated.' },
      rfcs: { success: false, id: 'rfcs', message: 'Parent folder does not exist.' },
    });
    const tree = await world.query<{ id: string; parent_folder_id: string | null }>(
      `SELECT id, parent_folder_id FROM folder WHERE organization_id = 'acme' AND id IN ('drafts', 'old', 'rfcs') ORDER BY id`,
    );
    expect(tree).toEqual([
      { id: 'drafts', parent_folder_id: 'public' },
      { id: 'old', parent_folder_id: null },
      { id: 'rfcs', parent_folder_id: 'specs' },
    ]);
    // Back where they were, so the cases below see the tree they expect.
    await call('/v2/organizations/folders/update', {
      organizationId: 'acme',
      folders: [
        { folderId: 'drafts', parentFolderId: 'rfcs' },
        { folderId: 'old', parentFolderId: 'drafts' },
      ],
    });
  });

  it("deletes one folder by Velt's folderId, answering data null, and NOT_FOUND when it is missing", async () => {
    await call('/v2/organizations/folders/add', { organizationId: 'acme', folders: [{ folderId: 'scratch' }] });
    const response = await call('/v2/organizations/folders/delete', { organizationId: 'acme', folderId: 'scratch' });
    expect(response.body).toEqual({
      result: { status: 'success', message: 'Folder deleted successfully.', data: null },
    });
    expect(await folderIds('acme')).not.toContain('scratch');
    const again = await call('/v2/organizations/folders/delete', { organizationId: 'acme', folderId: 'scratch' });
    expect([again.status, again.body]).toEqual([
      404,
      { error: { status: 'NOT_FOUND', message: 'Folder does not exist.' } },
    ]);
    const both = await call('/v2/organizations/folders/delete', {
      organizationId: 'acme',
      folderId: 'public',
      folderIds: ['public'],
    });
    expect(both.body).toEqual({
      error: { status: 'INVALID_ARGUMENT', message: 'Exactly one of data.folderId and data.folderIds is required.' },
    });
  });

  it('deleting a folder deletes its subfolders and every document inside them', async () => {
    await call('/v2/organizations/documents/add', {
      organizationId: 'acme',
      folderId: 'rfcs',
      documents: [{ documentId: 'rfc-1' }],
    });
    await call('/v2/organizations/documents/add', {
      organizationId: 'acme',
      folderId: 'eng',
      documents: [{ documentId: 'eng-doc' }],
    });
    await call('/v2/organizations/documents/add', {
      organizationId: 'acme',
      folderId: 'public',
      documents: [{ documentId: 'kept' }],
    });
    const response = await call('/v2/organizations/folders/delete', {
      organizationId: 'acme',
      folderIds: ['eng', 'never'],
    });
    expect(response.body.result).toEqual({
      status: 'success',
      message: 'Folder(s) deleted successfully.',
      data: {
        eng: { success: true, id: 'eng', message: 'Folder deleted.' },
        never: { success: true, id: 'never', message: 'Folder does not exist.' },
      },
    });
    expect(await folderIds('acme')).toEqual(['public']);
    const docs = await world.query<{ id: string }>(
      `SELECT id FROM document WHERE organization_id = 'acme' ORDER BY id`,
    );
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
      expect([path, response.status, response.body]).toEqual([
        path,
        404,
        { error: { status: 'NOT_FOUND', message: 'Organization does not exist.' } },
      ]);
    }
    const created = await call<BatchResult>('/v2/organizations/folders/add', {
      organizationId: 'ghost',
      createOrganization: true,
      folders: [{ folderId: 'x' }],
    });
    expect(created.body.result.data.x.success).toBe(true);
  });

  it('rejects a repeated folder id naming its path', async () => {
    const response = await call('/v2/organizations/folders/add', {
      organizationId: 'acme',
      folders: [{ folderId: 'q' }, { folderId: 'r' }, { folderId: 'q' }],
    });
    expect(response.status).toBe(400);
    expect(response.body.error).toEqual({
      status: 'INVALID_ARGUMENT',
      message: 'data.folders[2].folderId duplicates an earlier item.',
    });
    expect(await folderIds('acme')).toEqual(['public']);
  });

  it('another API key sees none of these folders', async () => {
    const stranger = await createWorkspace(api.url);
    const response = await call('/v2/organizations/folders/get', { organizationId: 'acme' }, stranger);
    expect(response.status).toBe(404);
    const deleted = await call(
      '/v2/organizations/folders/delete',
      { organizationId: 'acme', folderIds: ['public'] },
      stranger,
    );
    expect(deleted.status).toBe(404);
    expect(await folderIds('acme')).toEqual(['public']);
  });
});
