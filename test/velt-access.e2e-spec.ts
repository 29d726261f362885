import { apiKeyHeaders, BatchResult, createWorkspace, Credentials, post } from './support/http-client';
import { RunningApi, startApi } from './support/processes';
import { seedDocument, seedFolder, seedOrganization } from './support/seed';
import { createTestEnvironment, TestEnvironment } from './support/test-environment';
import { requestData, responseProblems, veltPage } from './support/velt-fixtures';

const ORGANIZATIONS_UPDATE = veltPage('v2', 'organizations-update');
const DOCUMENTS_ACCESS = veltPage('v2', 'organizations-documents-access-update');
const DOCUMENTS_DISABLED = veltPage('v2', 'organizations-documents-access-disablestate-update');
const FOLDERS_ACCESS = veltPage('v2', 'organizations-folders-access-update');

/** organizations update and the access routes of documents and folders, in Velt's shapes. */
describe('organizations update and document/folder access routes', () => {
  let world: TestEnvironment;
  let api: RunningApi;
  let owner: Credentials;
  let stranger: Credentials;
  const call = <T = unknown>(path: string, data: unknown, who: Credentials = owner) =>
    post<T>(api.url, path, data, apiKeyHeaders(who));
  const invalid = async (path: string, data: unknown, message: string | RegExp) => {
    const response = await call(path, data);
    expect(response.status).toBe(400);
    expect(response.body.error?.status).toBe('INVALID_ARGUMENT');
    expect(response.body.error?.message).toMatch(message);
  };

  beforeAll(async () => {
    world = await createTestEnvironment();
    api = await startApi(world.env);
    owner = await createWorkspace(api.url);
    stranger = await createWorkspace(api.url);
    // Velt's examples, as written: one id is literally "yourDocumentId1, yourDocumentId2".
    await seedOrganization(world, owner.apiKey, 'yourOrganizationId');
    for (const id of ['yourDocumentId1, yourDocumentId2', 'yourDocumentId'])
      await seedDocument(world, owner.apiKey, 'yourOrganizationId', id);
    for (const id of ['yourFolderId1, yourFolderId2', 'yourFolderId1'])
      await seedFolder(world, owner.apiKey, 'yourOrganizationId', id);
  });

  afterAll(async () => {
    await api?.stop();
    await world?.dispose();
  });

  describe('/v2/organizations/update', () => {
    it("answers Velt's example in Velt's shape and renames the organization", async () => {
      const response = await call(ORGANIZATIONS_UPDATE.path, requestData(ORGANIZATIONS_UPDATE.requestExamples[0]));
      expect(response.status).toBe(200);
      expect(responseProblems(ORGANIZATIONS_UPDATE, response.body)).toEqual([]);
      expect(response.body).toEqual({
        result: {
          status: 'success',
          message: 'Organization(s) updated successfully.',
          data: { yourOrganizationId: { success: true, id: 'yourOrganizationId', message: 'Updated Successfully' } },
        },
      });
      const [row] = await world.query<{ name: string }>(
        `SELECT name FROM organization WHERE id = 'yourOrganizationId'`,
      );
      expect(row.name).toBe('Your Updated Organization Name');
    });

    it('merges custom top-level keys and metadata into the stored metadata, keeps absent fields, and reports a missing organization per item', async () => {
      await call('/v2/organizations/add', {
        organizations: [{ organizationId: 'meta-org', organizationName: 'Meta', plan: 'free', seats: 1 }],
      });
      const response = await call<BatchResult>('/v2/organizations/update', {
        organizations: [
          { organizationId: 'meta-org', plan: 'pro', metadata: { region: 'eu' } },
          { organizationId: 'no-such-org', organizationName: 'Ghost' },
        ],
      });
      expect(response.status).toBe(200);
      expect(response.body.result.data['meta-org']).toEqual({
        success: true,
        id: 'meta-org',
        message: 'Updated Successfully',
      });
      expect(response.body.result.data['no-such-org']).toEqual({
        success: false,
        id: 'no-such-org',
        message: 'Organization does not exist',
      });
      const got = await call<Array<Record<string, unknown>>>('/v2/organizations/get', {
        organizationIds: ['meta-org'],
      });
      expect(got.body.result.data).toEqual([
        { id: 'meta-org', organizationName: 'Meta', disabled: false, plan: 'pro', seats: 1, region: 'eu' },
      ]);
      expect(await world.query(`SELECT 1 FROM organization WHERE id = 'no-such-org'`)).toEqual([]);
    });

    it('refuses bad input with INVALID_ARGUMENT naming the field, and changes nothing', async () => {
      await invalid(
        '/v2/organizations/update',
        { organizations: [{ organizationId: 'meta-org', disabled: true }] },
        'data.organizations[0].disabled is not a known field.',
      );
      await invalid(
        '/v2/organizations/update',
        { organizations: [{ organizationName: 'No id' }] },
        /data\.organizations\[0\]\.organizationId/,
      );
      await invalid('/v2/organizations/update', { organizations: 'meta-org' }, /data\.organizations/);
      await invalid(
        '/v2/organizations/update',
        { organizations: [{ organizationId: 'meta-org', organizationName: 7 }] },
        /data\.organizations\[0\]\.organizationName/,
      );
      await invalid(
        '/v2/organizations/update',
        { organizations: [{ organizationId: 'meta-org' }, { organizationId: 'meta-org' }] },
        /duplicates an earlier item/,
      );
      const [row] = await world.query<{ disabled: boolean; name: string }>(
        `SELECT disabled, name FROM organization WHERE id = 'meta-org'`,
      );
      expect(row).toEqual({ disabled: false, name: 'Meta' });
    });

    it("another API key cannot rename this key's organization", async () => {
      const response = await call<BatchResult>(
        '/v2/organizations/update',
        { organizations: [{ organizationId: 'meta-org', organizationName: 'Hijacked' }] },
        stranger,
      );
      expect(response.body.result.data['meta-org']).toEqual({
        success: false,
        id: 'meta-org',
        message: 'Organization does not exist',
      });
      const [row] = await world.query<{ name: string }>(`SELECT name FROM organization WHERE id = 'meta-org'`);
      expect(row.name).toBe('Meta');
    });
  });

  describe('/v2/organizations/documents/access/update', () => {
    it("answers Velt's example in Velt's shape and stores the access type", async () => {
      const response = await call(DOCUMENTS_ACCESS.path, requestData(DOCUMENTS_ACCESS.requestExamples[0]));
      expect(response.status).toBe(200);
      expect(responseProblems(DOCUMENTS_ACCESS, response.body)).toEqual([]);
      const id = 'yourDocumentId1, yourDocumentId2';
      expect(response.body).toEqual({
        result: {
          status: 'success',
          message: 'Updated access for documents successfully.',
          data: {
            [id]: { success: true, id, accessType: 'organizationPrivate', message: 'Document access type updated.' },
          },
        },
      });
      const [row] = await world.query<{ access_type: string }>('SELECT access_type FROM document WHERE id = $1', [id]);
      expect(row.access_type).toBe('organizationPrivate');
    });

    it('reports a missing document per item and answers NOT_FOUND for a missing organization', async () => {
      const response = await call<BatchResult>(DOCUMENTS_ACCESS.path, {
        organizationId: 'yourOrganizationId',
        documentIds: ['yourDocumentId', 'ghost'],
        accessType: 'restricted',
      });
      expect(response.body.result.data.yourDocumentId).toEqual({
        success: true,
        id: 'yourDocumentId',
        accessType: 'restricted',
        message: 'Document access type updated.',
      });
      expect(response.body.result.data.ghost).toEqual({
        success: false,
        id: 'ghost',
        accessType: null,
        code: 'not-found',
        message: 'Document does not exist',
      });
      const missing = await call(DOCUMENTS_ACCESS.path, {
        organizationId: 'nowhere',
        documentIds: ['yourDocumentId'],
        accessType: 'public',
      });
      expect(missing.status).toBe(404);
      expect(missing.body.error?.status).toBe('NOT_FOUND');
    });

    it('refuses bad input with INVALID_ARGUMENT naming the field', async () => {
      await invalid(
        DOCUMENTS_ACCESS.path,
        { organizationId: 'yourOrganizationId', documentIds: ['yourDocumentId'], accessType: 'secret' },
        /data\.accessType/,
      );
      await invalid(
        DOCUMENTS_ACCESS.path,
        { organizationId: 'yourOrganizationId', documentIds: ['yourDocumentId'] },
        /data\.accessType/,
      );
      await invalid(
        DOCUMENTS_ACCESS.path,
        { organizationId: 'yourOrganizationId', documentIds: [], accessType: 'public' },
        /data\.documentIds/,
      );
      await invalid(
        DOCUMENTS_ACCESS.path,
        { organizationId: 'yourOrganizationId', documentIds: ['yourDocumentId'], accessType: 'public', disabled: true },
        'data.disabled is not a known field.',
      );
      const [row] = await world.query<{ access_type: string }>(
        `SELECT access_type FROM document WHERE id = 'yourDocumentId'`,
      );
      expect(row.access_type).toBe('restricted');
    });

    it("another API key neither sees nor changes this key's documents", async () => {
      const response = await call(
        DOCUMENTS_ACCESS.path,
        { organizationId: 'yourOrganizationId', documentIds: ['yourDocumentId'], accessType: 'public' },
        stranger,
      );
      expect(response.status).toBe(404);
      expect(response.body.error?.status).toBe('NOT_FOUND');
      const [row] = await world.query<{ access_type: string }>(
        `SELECT access_type FROM document WHERE id = 'yourDocumentId'`,
      );
      expect(row.access_type).toBe('restricted');
    });
  });

  describe('/v2/organizations/documents/access/disablestate/update', () => {
    it("answers Velt's example in Velt's shape, disables the document, and enables it again", async () => {
      const response = await call(DOCUMENTS_DISABLED.path, requestData(DOCUMENTS_DISABLED.requestExamples[0]));
      expect(response.status).toBe(200);
      expect(responseProblems(DOCUMENTS_DISABLED, response.body)).toEqual([]);
      expect(response.body).toEqual({
        result: {
          status: 'success',
          message: 'Updated disable state for documents successfully.',
          data: {
            yourDocumentId: {
              success: true,
              id: 'yourDocumentId',
              disabled: true,
              message: 'Document disabled state updated.',
            },
          },
        },
      });
      const disabled = await call<Array<{ id: string; disabled: boolean }>>('/v2/organizations/documents/get', {
        organizationId: 'yourOrganizationId',
        documentIds: ['yourDocumentId'],
      });
      expect(disabled.body.result.data[0].disabled).toBe(true);
      const enabled = await call<BatchResult>(DOCUMENTS_DISABLED.path, {
        organizationId: 'yourOrganizationId',
        documentIds: ['yourDocumentId', 'ghost'],
        disabled: false,
      });
      expect(enabled.body.result.data.yourDocumentId).toMatchObject({ success: true, disabled: false });
      expect(enabled.body.result.data.ghost).toEqual({
        success: false,
        id: 'ghost',
        disabled: null,
        code: 'not-found',
        message: 'Document does not exist',
      });
      const [row] = await world.query<{ disabled: boolean }>(
        `SELECT disabled FROM document WHERE id = 'yourDocumentId'`,
      );
      expect(row.disabled).toBe(false);
    });

    it('refuses bad input with INVALID_ARGUMENT naming the field', async () => {
      await invalid(
        DOCUMENTS_DISABLED.path,
        { organizationId: 'yourOrganizationId', documentIds: ['yourDocumentId'], disabled: 'yes' },
        /data\.disabled/,
      );
      await invalid(
        DOCUMENTS_DISABLED.path,
        { organizationId: 'yourOrganizationId', documentIds: ['yourDocumentId'] },
        /data\.disabled/,
      );
      await invalid(
        DOCUMENTS_DISABLED.path,
        { documentIds: ['yourDocumentId'], disabled: true },
        /data\.organizationId/,
      );
      await invalid(
        DOCUMENTS_DISABLED.path,
        { organizationId: 'yourOrganizationId', documentIds: ['a', 'a'], disabled: true },
        /data\.documentIds\[1\] duplicates/,
      );
      const [row] = await world.query<{ disabled: boolean }>(
        `SELECT disabled FROM document WHERE id = 'yourDocumentId'`,
      );
      expect(row.disabled).toBe(false);
    });

    it("another API key cannot disable this key's documents", async () => {
      const response = await call(
        DOCUMENTS_DISABLED.path,
        { organizationId: 'yourOrganizationId', documentIds: ['yourDocumentId'], disabled: true },
        stranger,
      );
      expect(response.status).toBe(404);
      const [row] = await world.query<{ disabled: boolean }>(
        `SELECT disabled FROM document WHERE id = 'yourDocumentId'`,
      );
      expect(row.disabled).toBe(false);
    });
  });

  describe('/v2/organizations/folders/access/update', () => {
    it("answers both of Velt's examples in Velt's shape", async () => {
      const typed = await call(FOLDERS_ACCESS.path, requestData(FOLDERS_ACCESS.requestExamples[0]));
      expect(typed.status).toBe(200);
      expect(responseProblems(FOLDERS_ACCESS, typed.body)).toEqual([]);
      const id = 'yourFolderId1, yourFolderId2';
      expect(typed.body).toEqual({
        result: {
          status: 'success',
          message: 'Updated access for folders successfully.',
          data: {
            [id]: { success: true, id, accessType: 'organizationPrivate', message: 'Folder access type updated.' },
          },
        },
      });
      await call(FOLDERS_ACCESS.path, {
        organizationId: 'yourOrganizationId',
        folderIds: ['yourFolderId1'],
        accessType: 'restricted',
      });
      // inheritFromParent alone has no effect here (see UpdateFolderAccessDto): the stored type stays and is answered.
      const inherit = await call<BatchResult>(FOLDERS_ACCESS.path, requestData(FOLDERS_ACCESS.requestExamples[1]));
      expect(inherit.status).toBe(200);
      expect(inherit.body.result.data.yourFolderId1).toEqual({
        success: true,
        id: 'yourFolderId1',
        accessType: 'restricted',
        inheritFromParent: true,
        message: 'Folder access type updated.',
      });
      const [row] = await world.query<{ access_type: string }>(
        `SELECT access_type FROM folder WHERE id = 'yourFolderId1'`,
      );
      expect(row.access_type).toBe('restricted');
    });

    it('reports a missing folder per item', async () => {
      const response = await call<BatchResult>(FOLDERS_ACCESS.path, {
        organizationId: 'yourOrganizationId',
        folderIds: ['yourFolderId1', 'ghost'],
        accessType: 'public',
      });
      expect(response.body.result.data.yourFolderId1).toMatchObject({ success: true, accessType: 'public' });
      expect(response.body.result.data.ghost).toEqual({
        success: false,
        id: 'ghost',
        accessType: null,
        message: 'Folder does not exist.',
      });
    });

    it('refuses bad input with INVALID_ARGUMENT naming the field', async () => {
      await invalid(
        FOLDERS_ACCESS.path,
        { organizationId: 'yourOrganizationId', folderIds: ['yourFolderId1'] },
        /data\.accessType/,
      );
      await invalid(
        FOLDERS_ACCESS.path,
        { organizationId: 'yourOrganizationId', folderIds: ['yourFolderId1'], accessType: 'everyone' },
        /data\.accessType/,
      );
      await invalid(
        FOLDERS_ACCESS.path,
        { organizationId: 'yourOrganizationId', folderIds: ['yourFolderId1'], inheritFromParent: 'yes' },
        /data\.inheritFromParent/,
      );
      await invalid(
        FOLDERS_ACCESS.path,
        { organizationId: 'yourOrganizationId', folderIds: 'yourFolderId1', accessType: 'public' },
        /data\.folderIds/,
      );
      await invalid(
        FOLDERS_ACCESS.path,
        { organizationId: 'yourOrganizationId', folderId: 'yourFolderId1', accessType: 'public' },
        /data\.folderId/,
      );
      const [row] = await world.query<{ access_type: string }>(
        `SELECT access_type FROM folder WHERE id = 'yourFolderId1'`,
      );
      expect(row.access_type).toBe('public');
    });

    it("another API key cannot change this key's folders", async () => {
      const response = await call(
        FOLDERS_ACCESS.path,
        { organizationId: 'yourOrganizationId', folderIds: ['yourFolderId1'], accessType: 'restricted' },
        stranger,
      );
      expect(response.status).toBe(404);
      const [row] = await world.query<{ access_type: string }>(
        `SELECT access_type FROM folder WHERE id = 'yourFolderId1'`,
      );
      expect(row.access_type).toBe('public');
    });
  });
});
