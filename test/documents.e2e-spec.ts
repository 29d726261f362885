import { createTestEnvironment, TestEnvironment } from './support/test-environment';
import { RunningApi, startApi } from './support/processes';
import { apiKeyHeaders, ApiResponse, BatchResult, createWorkspace, Credentials, post } from './support/http-client';

interface DocumentView {
  id: string;
  documentName: string;
  disabled: boolean;
  accessType: string;
  folderId?: string;
}

describe('documents', () => {
  let world: TestEnvironment;
  let api: RunningApi;
  let owner: Credentials;
  const call = <T = unknown>(path: string, data: unknown, who: Credentials = owner) =>
    post<T>(api.url, path, data, apiKeyHeaders(who));
  const ids = (response: ApiResponse<DocumentView[]>) => response.body.result.data.map((doc) => doc.id);

  beforeAll(async () => {
    world = await createTestEnvironment();
    api = await startApi(world.env);
    owner = await createWorkspace(api.url);
    await call('/v2/organizations/add', { organizations: [{ organizationId: 'acme' }] });
    await call('/v2/organizations/folders/add', {
      organizationId: 'acme',
      folders: [{ folderId: 'drafts' }, { folderId: 'final' }],
    });
  });

  afterAll(async () => {
    await api?.stop();
    await world?.dispose();
  });

  describe('/v2/organizations/documents/add', () => {
    it('adds documents keyed by document id, accessType defaulting to public', async () => {
      const response = await call('/v2/organizations/documents/add', {
        organizationId: 'acme',
        documents: [
          { documentId: 'doc-1', documentName: 'One' },
          { documentId: 'doc-2', documentName: 'Two', accessType: 'restricted', metadata: { pages: 3, tags: ['a'] } },
        ],
      });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        result: {
          status: 'success',
          message: 'Document(s) added successfully.',
          data: {
            'doc-1': { success: true, id: 'doc-1', message: 'Document added.' },
            'doc-2': { success: true, id: 'doc-2', message: 'Document added.' },
          },
        },
      });
      const got = await call('/v2/organizations/documents/get', {
        organizationId: 'acme',
        documentIds: ['doc-1', 'doc-2'],
      });
      expect(got.body.result.data).toEqual([
        { id: 'doc-1', documentName: 'One', disabled: false, accessType: 'public' },
        { id: 'doc-2', documentName: 'Two', disabled: false, accessType: 'restricted', pages: 3, tags: ['a'] },
      ]);
    });

    it('reports an existing document per item, batch status still success', async () => {
      const response = await call('/v2/organizations/documents/add', {
        organizationId: 'acme',
        documents: [{ documentId: 'doc-1', documentName: 'Clobber?' }, { documentId: 'doc-3' }],
      });
      expect(response.status).toBe(200);
      expect(response.body.result.status).toBe('success');
      expect(response.body.result.data).toEqual({
        'doc-1': { success: false, id: 'doc-1', message: 'Document already exists.', code: 'already-exists' },
        'doc-3': { success: true, id: 'doc-3', message: 'Document added.' },
      });
      const [row] = await world.query<{ name: string }>(`SELECT name FROM document WHERE id = 'doc-1'`);
      expect(row.name).toBe('One');
    });

    it('places documents in a folder, creating folder or organization only when asked', async () => {
      const noFolder = await call('/v2/organizations/documents/add', {
        organizationId: 'acme',
        folderId: 'inbox',
        documents: [{ documentId: 'in-1' }],
      });
      expect(noFolder.status).toBe(404);
      expect(noFolder.body).toEqual({ error: { status: 'NOT_FOUND', message: 'Folder does not exist.' } });
      const noOrg = await call('/v2/organizations/documents/add', {
        organizationId: 'newco',
        documents: [{ documentId: 'n-1' }],
      });
      expect(noOrg.status).toBe(404);
      expect(noOrg.body).toEqual({ error: { status: 'NOT_FOUND', message: 'Organization does not exist.' } });
      expect(await world.query(`SELECT id FROM document WHERE id IN ('in-1', 'n-1')`)).toEqual([]);

      const both = await call<BatchResult>('/v2/organizations/documents/add', {
        organizationId: 'newco',
        createOrganization: true,
        folderId: 'inbox',
        createFolder: true,
        documents: [{ documentId: 'n-1', documentName: 'New' }],
      });
      expect(both.body.result.data['n-1'].success).toBe(true);
      const got = await call('/v2/organizations/documents/get', { organizationId: 'newco', folderId: 'inbox' });
      expect(got.body.result.data).toEqual([
        { id: 'n-1', documentName: 'New', disabled: false, accessType: 'public', folderId: 'inbox' },
      ]);
      const folders = await call('/v2/organizations/folders/get', { organizationId: 'newco' });
      expect(folders.body.result.data).toEqual([
        expect.objectContaining({
          folderId: 'inbox',
          folderName: 'inbox',
          parentFolderId: 'root',
          accessType: 'organizationPrivate',
        }),
      ]);
    });

    it('stores custom top-level keys of a document (Velt) as metadata and returns them', async () => {
      const added = await call<BatchResult>('/v2/organizations/documents/add', {
        organizationId: 'acme',
        documents: [
          { documentId: 'custom-doc', documentName: 'C', projectId: 'p-7', tags: ['a'], metadata: { color: 'red' } },
        ],
      });
      expect(added.body.result.data['custom-doc'].success).toBe(true);
      const updated = await call<BatchResult>('/v2/organizations/documents/update', {
        organizationId: 'acme',
        documents: [{ documentId: 'custom-doc', projectId: 'p-8' }],
      });
      expect(updated.body.result.data['custom-doc'].success).toBe(true);
      const got = await call('/v2/organizations/documents/get', {
        organizationId: 'acme',
        documentIds: ['custom-doc'],
      });
      expect(got.body.result.data).toEqual([
        {
          id: 'custom-doc',
          documentName: 'C',
          disabled: false,
          accessType: 'public',
          projectId: 'p-8',
          tags: ['a'],
          color: 'red',
        },
      ]);
      await call('/v2/organizations/documents/delete', { organizationId: 'acme', documentIds: ['custom-doc'] });
    });

    it('refuses a document key that would shadow an output field, by its path', async () => {
      const response = await call('/v2/organizations/documents/add', {
        organizationId: 'acme',
        documents: [{ documentId: 'shadow-doc', disabled: true }],
      });
      expect(response.status).toBe(400);
      expect(response.body.error).toEqual({
        status: 'INVALID_ARGUMENT',
        message: 'data.documents[0].disabled is not a known field.',
      });
      expect(await world.query(`SELECT 1 FROM document WHERE id = 'shadow-doc'`)).toEqual([]);
    });

    it('keeps metadata from the nested metadata object', async () => {
      await call('/v2/organizations/documents/add', {
        organizationId: 'acme',
        documents: [{ documentId: 'meta-doc', metadata: { color: 'blue' } }],
      });
      const got = await call('/v2/organizations/documents/get', { organizationId: 'acme', documentIds: ['meta-doc'] });
      expect(got.body.result.data).toEqual([
        { id: 'meta-doc', documentName: 'meta-doc', disabled: false, accessType: 'public', color: 'blue' },
      ]);
      await call('/v2/organizations/documents/delete', { organizationId: 'acme', documentIds: ['meta-doc'] });
    });

    it('treats a null folderId as the top level', async () => {
      const response = await call<BatchResult>('/v2/organizations/documents/add', {
        organizationId: 'acme',
        folderId: null,
        documents: [{ documentId: 'top-null' }],
      });
      expect(response.body.result.data['top-null'].success).toBe(true);
      const [row] = await world.query<{ folder_id: string | null }>(
        `SELECT folder_id FROM document WHERE id = 'top-null'`,
      );
      expect(row.folder_id).toBeNull();
      await call('/v2/organizations/documents/delete', { organizationId: 'acme', documentIds: ['top-null'] });
    });

    it('adds 1000 documents in one request', async () => {
      const documents = Array.from({ length: 1000 }, (_, i) => ({
        documentId: `bulk-${String(i).padStart(4, '0')}`,
        documentName: `Bulk ${i}`,
      }));
      const response = await call<BatchResult>('/v2/organizations/documents/add', {
        organizationId: 'bulk',
        createOrganization: true,
        documents,
      });
      expect(response.status).toBe(200);
      expect(Object.values(response.body.result.data).filter((entry) => entry.success)).toHaveLength(1000);
      const [row] = await world.query<{ n: string }>(
        `SELECT count(*) AS n FROM document WHERE organization_id = 'bulk'`,
      );
      expect(row.n).toBe('1000');
    });

    it('rejects repeated document ids, naming the later one, storing nothing', async () => {
      const documents = ['r0', 'r1', 'r2', 'r1', 'r0'].map((documentId) => ({ documentId }));
      const response = await call('/v2/organizations/documents/add', { organizationId: 'acme', documents });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        error: { status: 'INVALID_ARGUMENT', message: 'data.documents[3].documentId duplicates an earlier item.' },
      });
      expect(await world.query(`SELECT id FROM document WHERE id LIKE 'r_'`)).toEqual([]);
    });
  });

  describe('/v2/organizations/documents/get', () => {
    beforeAll(async () => {
      await call('/v2/organizations/documents/add', {
        organizationId: 'acme',
        folderId: 'drafts',
        documents: [{ documentId: 'draft-1' }, { documentId: 'draft-2' }],
      });
    });

    it('organization only: every document of the organization', async () => {
      const response = await call<DocumentView[]>('/v2/organizations/documents/get', { organizationId: 'acme' });
      expect(response.body.result.message).toBe('Documents retrieved successfully.');
      expect(ids(response)).toEqual(['doc-1', 'doc-2', 'doc-3', 'draft-1', 'draft-2']);
      expect('pageToken' in response.body.result).toBe(false);
    });

    it('organization with document ids: result.data holds the documents found, result.notFound each missing id', async () => {
      const missing = (id: string) => ({ success: false, id, message: 'Document does not exist', code: 'not-found' });
      const response = await call<DocumentView[]>('/v2/organizations/documents/get', {
        organizationId: 'acme',
        documentIds: ['draft-2', 'gone', 'doc-3', 'lost'],
      });
      expect(response.status).toBe(200);
      expect(response.body.result.data).toEqual([
        { id: 'doc-3', documentName: 'doc-3', disabled: false, accessType: 'public' },
        { id: 'draft-2', documentName: 'draft-2', disabled: false, accessType: 'public', folderId: 'drafts' },
      ]);
      expect(response.body.result.notFound).toEqual([missing('gone'), missing('lost')]);
      // Paged, the missing ones come once, on the last page.
      const first = await call<DocumentView[]>('/v2/organizations/documents/get', {
        organizationId: 'acme',
        documentIds: ['draft-2', 'gone', 'doc-3'],
        pageSize: 1,
      });
      expect(ids(first)).toEqual(['doc-3']);
      expect(first.body.result.notFound).toBeUndefined();
      const last = await call<DocumentView[]>('/v2/organizations/documents/get', {
        organizationId: 'acme',
        documentIds: ['draft-2', 'gone', 'doc-3'],
        pageSize: 1,
        pageToken: first.body.result.pageToken,
      });
      expect(ids(last)).toEqual(['draft-2']);
      expect(last.body.result.notFound).toEqual([missing('gone')]);
      expect(last.body.result.pageToken).toBeUndefined();
      // Every id found: an empty list, so a caller can tell "all found" from "not asked".
      const allFound = await call<DocumentView[]>('/v2/organizations/documents/get', {
        organizationId: 'acme',
        documentIds: ['doc-3'],
      });
      expect(allFound.body.result.notFound).toEqual([]);
      // A document outside the folder filter cannot be returned either.
      const inFolder = await call<DocumentView[]>('/v2/organizations/documents/get', {
        organizationId: 'acme',
        folderId: 'drafts',
        documentIds: ['draft-1', 'doc-3'],
      });
      expect(ids(inFolder)).toEqual(['draft-1']);
      expect(inFolder.body.result.notFound).toEqual([missing('doc-3')]);
    });

    it('organization with folder: the documents directly in it', async () => {
      const response = await call('/v2/organizations/documents/get', { organizationId: 'acme', folderId: 'drafts' });
      expect(response.body.result.data).toEqual([
        { id: 'draft-1', documentName: 'draft-1', disabled: false, accessType: 'public', folderId: 'drafts' },
        { id: 'draft-2', documentName: 'draft-2', disabled: false, accessType: 'public', folderId: 'drafts' },
      ]);
      const empty = await call('/v2/organizations/documents/get', { organizationId: 'acme', folderId: 'final' });
      expect(empty.body.result.data).toEqual([]);
    });

    it('pages with result.pageToken (not nextPageToken)', async () => {
      const first = await call<DocumentView[]>('/v2/organizations/documents/get', {
        organizationId: 'acme',
        pageSize: 2,
      });
      expect(ids(first)).toEqual(['doc-1', 'doc-2']);
      expect(first.body.result.nextPageToken).toBeUndefined();
      const second = await call<DocumentView[]>('/v2/organizations/documents/get', {
        organizationId: 'acme',
        pageSize: 2,
        pageToken: first.body.result.pageToken,
      });
      expect(ids(second)).toEqual(['doc-3', 'draft-1']);
      const third = await call<DocumentView[]>('/v2/organizations/documents/get', {
        organizationId: 'acme',
        pageSize: 2,
        pageToken: second.body.result.pageToken,
      });
      expect(ids(third)).toEqual(['draft-2']);
      expect(third.body.result.pageToken).toBeUndefined();
    });

    it('answers NOT_FOUND for a missing organization or folder', async () => {
      const org = await call('/v2/organizations/documents/get', { organizationId: 'nope' });
      expect(org.status).toBe(404);
      expect(org.body.error.message).toBe('Organization does not exist.');
      const folder = await call('/v2/organizations/documents/get', { organizationId: 'acme', folderId: 'nope' });
      expect(folder.status).toBe(404);
      expect(folder.body.error.message).toBe('Folder does not exist.');
    });
  });

  describe('/v2/organizations/documents/update', () => {
    it('updates given fields, merges metadata, and reports missing documents per item', async () => {
      const response = await call('/v2/organizations/documents/update', {
        organizationId: 'acme',
        documents: [
          { documentId: 'doc-2', documentName: 'Two v2', metadata: { pages: 4, reviewed: true } },
          { documentId: 'doc-3', disabled: true, accessType: 'organizationPrivate' },
          { documentId: 'ghost', documentName: 'Nobody' },
        ],
      });
      expect(response.body.result).toEqual({
        status: 'success',
        message: 'Document(s) updated successfully.',
        data: {
          'doc-2': { success: true, id: 'doc-2', message: 'Document updated.' },
          'doc-3': { success: true, id: 'doc-3', message: 'Document updated.' },
          ghost: { success: false, id: 'ghost', message: 'Document does not exist', code: 'not-found' },
        },
      });
      const got = await call('/v2/organizations/documents/get', {
        organizationId: 'acme',
        documentIds: ['doc-2', 'doc-3'],
      });
      expect(got.body.result.data).toEqual([
        {
          id: 'doc-2',
          documentName: 'Two v2',
          disabled: false,
          accessType: 'restricted',
          pages: 4,
          tags: ['a'],
          reviewed: true,
        },
        { id: 'doc-3', documentName: 'doc-3', disabled: true, accessType: 'organizationPrivate' },
      ]);
      expect(await world.query(`SELECT id FROM document WHERE id = 'ghost'`)).toEqual([]);
    });
  });

  describe('/v2/organizations/documents/move', () => {
    it('moves documents into a folder and answers without data', async () => {
      const response = await call('/v2/organizations/documents/move', {
        organizationId: 'acme',
        documentIds: ['doc-1', 'draft-1'],
        folderId: 'final',
      });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ result: { status: 'success', message: 'Documents moved successfully.' } });
      const moved = await call<DocumentView[]>('/v2/organizations/documents/get', {
        organizationId: 'acme',
        folderId: 'final',
      });
      expect(ids(moved)).toEqual(['doc-1', 'draft-1']);
      const left = await call<DocumentView[]>('/v2/organizations/documents/get', {
        organizationId: 'acme',
        folderId: 'drafts',
      });
      expect(ids(left)).toEqual(['draft-2']);
    });

    it('moves nothing when the folder or any document is missing', async () => {
      const folder = await call('/v2/organizations/documents/move', {
        organizationId: 'acme',
        documentIds: ['doc-2'],
        folderId: 'nowhere',
      });
      expect(folder.status).toBe(404);
      expect(folder.body).toEqual({ error: { status: 'NOT_FOUND', message: 'Folder does not exist.' } });
      const doc = await call('/v2/organizations/documents/move', {
        organizationId: 'acme',
        documentIds: ['doc-2', 'ghost'],
        folderId: 'drafts',
      });
      expect(doc.status).toBe(404);
      expect(doc.body).toEqual({ error: { status: 'NOT_FOUND', message: 'Document does not exist.' } });
      const org = await call('/v2/organizations/documents/move', {
        organizationId: 'nope',
        documentIds: ['doc-2'],
        folderId: 'drafts',
      });
      expect(org.body).toEqual({ error: { status: 'NOT_FOUND', message: 'Organization does not exist.' } });
      const [row] = await world.query<{ folder_id: string | null }>(
        `SELECT folder_id FROM document WHERE organization_id = 'acme' AND id = 'doc-2'`,
      );
      expect(row.folder_id).toBeNull();
    });
  });

  describe('/v2/organizations/documents/delete', () => {
    it('deletes documents; a missing one is success:true with the spec message', async () => {
      const response = await call('/v2/organizations/documents/delete', {
        organizationId: 'acme',
        documentIds: ['doc-3', 'never-was'],
      });
      expect(response.body.result).toEqual({
        status: 'success',
        message: 'Document(s) deleted successfully.',
        data: {
          'doc-3': { success: true, id: 'doc-3', message: 'Document deleted.' },
          'never-was': { success: true, id: 'never-was', message: 'Document does not exist', code: 'not-found' },
        },
      });
      expect(await world.query(`SELECT id FROM document WHERE organization_id = 'acme' AND id = 'doc-3'`)).toEqual([]);
    });
  });

  describe('tenancy', () => {
    it('another API key can neither see nor change these documents', async () => {
      const stranger = await createWorkspace(api.url);
      await call('/v2/organizations/add', { organizations: [{ organizationId: 'acme' }] }, stranger);
      const listed = await call('/v2/organizations/documents/get', { organizationId: 'acme' }, stranger);
      expect(listed.body.result.data).toEqual([]);
      const byId = await call(
        '/v2/organizations/documents/get',
        { organizationId: 'acme', documentIds: ['doc-1'] },
        stranger,
      );
      expect(byId.body.result.data).toEqual([]);
      expect(byId.body.result.notFound).toEqual([
        { success: false, id: 'doc-1', message: 'Document does not exist', code: 'not-found' },
      ]);
      const updated = await call<BatchResult>(
        '/v2/organizations/documents/update',
        { organizationId: 'acme', documents: [{ documentId: 'doc-1', documentName: 'Hacked' }] },
        stranger,
      );
      expect(updated.body.result.data['doc-1'].success).toBe(false);
      await call('/v2/organizations/documents/delete', { organizationId: 'acme', documentIds: ['doc-1'] }, stranger);
      const moved = await call(
        '/v2/organizations/documents/move',
        { organizationId: 'acme', documentIds: ['doc-1'], folderId: 'drafts' },
        stranger,
      );
      expect(moved.status).toBe(404);
      const mine = await call('/v2/organizations/documents/get', { organizationId: 'acme', documentIds: ['doc-1'] });
      expect(mine.body.result.data).toEqual([
        { id: 'doc-1', documentName: 'One', disabled: false, accessType: 'public', folderId: 'final' },
      ]);
    });
  });
});
