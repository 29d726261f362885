import { createTestEnvironment, TestEnvironment } from './support/test-environment';
import { RunningApi, startApi } from './support/processes';
import { apiKeyHeaders, ApiResponse, createWorkspace, Credentials, post } from './support/http-client';
import {
  requestData,
  responseProblems,
  VeltPage,
  veltPage,
  VeltRequestExample,
  VeltVersion,
  veltHeaders,
} from './support/velt-fixtures';

/**
 * Velt replay for the resource routes (organizations, folders, documents, user groups, presence,
 * live state, workspace): every request example of their Velt fixtures is sent as written, with
 * only ids, tenancy and headers adapted, and the answer is checked against the documented
 * response fields (keys and types).
 */
type Body = Record<string, unknown>;

describe('Velt replay: resources and workspace', () => {
  let world: TestEnvironment;
  let api: RunningApi;
  let owner: Credentials;
  /** A second workspace for the workspace-level routes, whose token reset would lock the owner out. */
  let admin: Credentials;
  const context: Record<string, string> = {};

  const call = (path: string, data: unknown) => post(api.url, path, data, apiKeyHeaders(owner));

  /** Sends one example (a `{data}` body, or live state's unwrapped form) with Velt's headers renamed. */
  async function send(fixture: VeltPage, example: VeltRequestExample, who: Credentials = owner): Promise<ApiResponse> {
    const data = requestData(example);
    const headers = { 'content-type': 'application/json', ...veltHeaders(fixture.auth, who) };
    const response = await fetch(`${api.url}${fixture.path}`, {
      method: 'POST',
      headers,
      body: JSON.stringify(data === example ? example : { data }),
    });
    return { status: response.status, headers: response.headers, body: (await response.json()) as ApiResponse['body'] };
  }

  async function replay(
    version: VeltVersion,
    name: string,
    adapt: (data: Body) => Body = (data) => data,
    who: Credentials = owner,
  ) {
    const fixture = veltPage(version, name);
    expect(fixture.requestExamples.length).toBeGreaterThan(0);
    const answers: ApiResponse[] = [];
    for (const example of fixture.requestExamples) {
      const data = requestData(example);
      const adapted = data === example ? adapt(data) : { data: adapt(data) };
      const response = await send(fixture, adapted, who);
      expect([fixture.path, response.status, response.body.error]).toEqual([fixture.path, 200, undefined]);
      expect(response.body.result.status).toBe('success');
      expect([fixture.path, responseProblems(fixture, response.body)]).toEqual([fixture.path, []]);
      answers.push(response);
    }
    return answers;
  }

  beforeAll(async () => {
    world = await createTestEnvironment();
    api = await startApi(world.env);
    owner = await createWorkspace(api.url);
    admin = await createWorkspace(api.url);
    // The resources Velt's examples name.
    await call('/v2/organizations/add', {
      organizations: ['yourOrganizationId', 'org10', 'org-123', 'YOUR_ORGANIZATION_ID'].map((organizationId) => ({
        organizationId,
      })),
    });
    await call('/v2/organizations/folders/add', {
      organizationId: 'yourOrganizationId',
      folders: [
        { folderId: 'yourParentFolderId' },
        { folderId: 'yourFolderId', parentFolderId: 'yourParentFolderId' },
        { folderId: 'targetFolderId' },
      ],
    });
    await call('/v2/organizations/folders/add', { organizationId: 'org10', folders: [{ folderId: 'folderId2' }] });
    await call('/v2/organizations/documents/add', {
      organizationId: 'yourOrganizationId',
      documents: [{ documentId: 'yourDocumentId1' }, { documentId: 'yourDocumentId2' }],
    });
    await call('/v2/organizations/documents/add', {
      organizationId: 'org-123',
      documents: [{ documentId: 'doc-456' }],
    });
    await call('/v2/organizations/documents/add', {
      organizationId: 'YOUR_ORGANIZATION_ID',
      documents: [{ documentId: 'YOUR_DOCUMENT_ID' }],
    });
  });

  afterAll(async () => {
    await api?.stop();
    await world?.dispose();
  });

  it('the shape check catches missing keys and wrong types', () => {
    const fixture = veltPage('v2', 'organizations-folders-get');
    const problems = responseProblems(fixture, {
      result: { status: 'success', data: [{ folderId: 'f', folderName: 3, subFolders: [{}] }] },
    });
    expect(problems).toEqual(
      expect.arrayContaining([
        'result.data[0].folderName is 3, not string',
        'result.data[0].ancestors missing',
        'result.data[0].subFolders[0].folderId missing',
      ]),
    );
  });

  it('organizations: add, get, user groups, disable state, delete (v1 and v2)', async () => {
    await replay('v2', 'organizations-add');
    // Velt's sample page token is not one of ours (ours are opaque and signed): the first page is asked for.
    const [got] = await replay('v2', 'organizations-get', ({ pageToken, ...data }) => (void pageToken, data));
    // Seeded above, so the add reported it as existing and kept its name.
    expect(got.body.result.data).toEqual([
      { id: 'yourOrganizationId', organizationName: 'yourOrganizationId', disabled: false },
    ]);
    await replay('v2', 'organizations-usergroups-add');
    // Spec (States): the disable-state update creates the missing organizations.
    const [disabled] = await replay('v2', 'organizations-access-disablestate-update');
    expect(
      Object.values(disabled.body.result.data as Body).every((entry) => (entry as { success: boolean }).success),
    ).toBe(true);
    await replay('v2', 'organizations-delete');
    await call('/v2/organizations/add', {
      organizations: [{ organizationId: 'yourOrganizationId1' }, { organizationId: 'yourOrganizationId2' }],
    });
    const [v1] = await replay('v1', 'organizations-delete');
    expect((v1.body.result.data as Record<string, { success: boolean }>).yourOrganizationId1.success).toBe(true);
  });

  it('folders: add, get (list, one, tree), update, delete', async () => {
    await replay('v2', 'organizations-folders-add');
    const [all, one, deep] = await replay('v2', 'organizations-folders-get');
    expect((all.body.result.data as unknown[]).length).toBeGreaterThanOrEqual(4);
    expect(one.body.result.data).toEqual([
      expect.objectContaining({ folderId: 'yourFolderId', parentFolderId: 'yourParentFolderId', subFolders: [] }),
    ]);
    expect(deep.body.result.data).toEqual([
      expect.objectContaining({ folderId: 'yourFolderId', ancestors: ['root', 'yourParentFolderId'] }),
    ]);
    await replay('v2', 'organizations-folders-update');
    const [deleted] = await replay('v2', 'organizations-folders-delete');
    expect(deleted.body.result.data).toBeNull();
  });

  it('documents: add, get, update, move, migrate, migrate status, delete', async () => {
    const [added, again] = await replay('v2', 'organizations-documents-add');
    expect((added.body.result.data as Record<string, { success: boolean }>).yourDocumentId.success).toBe(true);
    // The second example adds the same id again (into a folder): ours reports it per item.
    expect((again.body.result.data as Record<string, { message: string }>).yourDocumentId.message).toBe(
      'Document already exists.',
    );
    await replay('v2', 'organizations-documents-get', ({ pageToken, ...data }) => (void pageToken, data));
    await replay('v2', 'organizations-documents-update');
    await replay('v2', 'organizations-documents-move');
    const [migration] = await replay('v2', 'organizations-documents-migrate');
    context.migrationId = (migration.body.result.data as { migrationId: string }).migrationId;
    const [status] = await replay('v2', 'organizations-documents-migrate-status', (data) => ({
      ...data,
      migrationId: context.migrationId,
    }));
    expect(['pending', 'in_progress', 'completed', 'failed']).toContain(
      (status.body.result.data as { status: string }).status,
    );
    // Spec (Common envelopes 7): a missing document is success:true, "Document does not exist".
    const [deleted] = await replay('v2', 'organizations-documents-delete');
    expect(
      Object.values(deleted.body.result.data as Body).every((entry) => (entry as { success: boolean }).success),
    ).toBe(true);
  });

  it('presence and live state', async () => {
    await replay('v2', 'presence-add');
    // Velt's {success}, true here since the users were added above; `users` adds the per-user detail.
    const update = veltPage('v2', 'presence-update');
    for (const example of update.requestExamples) {
      const response = await send(update, example);
      expect(response.status).toBe(200);
      expect(response.body.result.data).toMatchObject({ success: true });
    }
    await replay('v2', 'presence-delete');
    await replay('v2', 'livestate-broadcast');
    await replay('v1', 'livestate-broadcast');
  });

  it('workspace: create, get, auth tokens, API key, domains, e-mail config', async () => {
    await replay('v2', 'workspace-create');
    await replay('v2', 'workspace-get', (data) => data, admin);
    await replay('v2', 'workspace-authtokens-get', () => ({ apiKey: admin.apiKey }), admin);
    await replay('v2', 'workspace-apikey-create', (data) => data, admin);
    await replay('v2', 'workspace-domains-add');
    await replay('v2', 'workspace-domains-get');
    const [removed] = await replay('v2', 'workspace-domains-delete');
    expect(removed.body.result.data).toMatchObject({ domainsRemoved: ['google.com', '*.firebase.com'] });
    await replay('v2', 'workspace-emailconfig-update');
    await replay('v2', 'workspace-authtoken-reset', () => ({ apiKey: admin.apiKey }), admin);
  });
});
