import { apiKeyHeaders, ApiResponse, createWorkspace, Credentials, post } from './support/http-client';
import { RunningApi, startApi } from './support/processes';
import { seedDocument, seedFolder, seedOrganization } from './support/seed';
import { createTestEnvironment, TestEnvironment } from './support/test-environment';
import { requestData, responseProblems, VeltPage, veltPage } from './support/velt-fixtures';

/**
 * Velt replay for users, permissions and end-user tokens: every request example of Velt's reference
 * pages (test/fixtures/velt/v2) is sent as written, with `x-svc-` headers. The world is seeded with
 * the pages' own placeholder ids, so nothing in the examples is rewritten except a page token.
 * Each answer must be a success with Velt's message and carry every documented response field
 * with its documented type.
 */
describe('Velt replay: users, permissions, generate_token', () => {
  let world: TestEnvironment;
  let api: RunningApi;
  let owner: Credentials;
  const send = <T = unknown>(path: string, data: unknown) => post<T>(api.url, path, data, apiKeyHeaders(owner));

  function expectVeltShape(fixture: VeltPage, response: ApiResponse, example: number): void {
    const documented = fixture.responseExample?.result;
    if (!documented) throw new Error(`${fixture.path}: the page documents no response`);
    expect({ example, status: response.status, error: response.body.error ?? null }).toEqual({
      example,
      status: 200,
      error: null,
    });
    expect(response.body.result.status).toBe('success');
    expect(response.body.result.message).toBe(documented.message);
    // Velt answers some routes without `data`; so do we.
    expect('data' in response.body.result).toBe('data' in documented);
    expect({ example, problems: responseProblems(fixture, response.body) }).toEqual({ example, problems: [] });
  }

  async function replay(
    name: string,
    before?: (data: Record<string, unknown>) => Promise<Record<string, unknown>>,
  ): Promise<ApiResponse[]> {
    const fixture = veltPage('v2', name);
    expect(fixture.requestExamples.length).toBeGreaterThan(0);
    const responses: ApiResponse[] = [];
    for (const [i, example] of fixture.requestExamples.entries()) {
      const data = before ? await before(requestData(example)) : requestData(example);
      const response = await send(fixture.path, data);
      expectVeltShape(fixture, response, i);
      responses.push(response);
    }
    return responses;
  }

  beforeAll(async () => {
    world = await createTestEnvironment();
    api = await startApi(world.env);
    owner = await createWorkspace(api.url);
    const key = owner.apiKey;
    for (const organizationId of ['yourOrganizationId', 'YOUR_ORGANIZATION_ID', 'org1', 'org_123', 'org_789'])
      await seedOrganization(world, key, organizationId);
    await seedFolder(world, key, 'yourOrganizationId', 'yourFolderId');
    await seedDocument(world, key, 'yourOrganizationId', 'yourDocumentId');
    await seedFolder(world, key, 'YOUR_ORGANIZATION_ID', 'YOUR_FOLDER_ID');
    await seedDocument(world, key, 'YOUR_ORGANIZATION_ID', 'YOUR_DOCUMENT_ID');
    await seedDocument(world, key, 'ORGANIZATION_ID', 'DOCUMENT_ID');
    await seedFolder(world, key, 'org1', 'folder2');
    await seedDocument(world, key, 'org1', 'freestyle-comments1', { folderId: 'folder2', accessType: 'restricted' });
    await seedFolder(world, key, 'org_123', 'folder_001');
    await seedDocument(world, key, 'org_123', 'doc_456');
  });

  afterAll(async () => {
    await api?.stop();
    await world?.dispose();
  });

  it('/v2/users/add: every example adds yourUserId1 at its scope with the role it names', async () => {
    const responses = await replay('users-add');
    for (const response of responses)
      expect(response.body.result.data).toMatchObject({ yourUserId1: { success: true, message: 'User added.' } });
    const grants = await world.query<{ at: string; access_role: string }>(
      `SELECT 'organization' AS at, access_role FROM organization_grant WHERE api_key_id = $1 AND user_id = 'yourUserId1'
       UNION ALL SELECT 'folder', access_role FROM folder_grant WHERE api_key_id = $1 AND user_id = 'yourUserId1'
       UNION ALL SELECT 'document', access_role FROM document_grant WHERE api_key_id = $1 AND user_id = 'yourUserId1' ORDER BY 1`,
      [owner.apiKey],
    );
    // Each scope got editor, then viewer: the last example per scope wins.
    expect(grants).toEqual([
      { at: 'document', access_role: 'viewer' },
      { at: 'folder', access_role: 'viewer' },
      { at: 'organization', access_role: 'viewer' },
    ]);
  });

  it('/v2/users/update: every example updates yourUserId1', async () => {
    const responses = await replay('users-update');
    for (const response of responses)
      expect(response.body.result.data).toMatchObject({ yourUserId1: { success: true, message: 'User updated.' } });
  });

  it('/v2/users/get: every example answers the documented listing (a real page token stands in for "pageToken")', async () => {
    await send('/v2/users/add', {
      organizationId: 'yourOrganizationId',
      users: [{ userId: 'yourUserId2', name: 'Second' }],
    });
    const first = await send('/v2/users/get', { organizationId: 'yourOrganizationId', pageSize: 1 });
    const pageToken = first.body.result.nextPageToken;
    expect(typeof pageToken).toBe('string');
    const responses = await replay('users-get', (data) =>
      Promise.resolve(data.pageToken === 'pageToken' ? { ...data, pageToken } : data),
    );
    const userIdsOf = (response: ApiResponse) =>
      (response.body.result.data as Array<{ userId: string }>).map((user) => user.userId);
    expect(userIdsOf(responses[0])).toEqual(['yourUserId2']);
    expect(userIdsOf(responses[1])).toEqual(['yourUserId1']);
    expect(responses[2].body.result.data).toEqual({
      yourDocumentId: [expect.objectContaining({ userId: 'yourUserId1', name: 'User Name', email: 'user@email.com' })],
    });
    expect(userIdsOf(responses[3])).toEqual(['yourUserId1', 'yourUserId2']);
    // No group has members until group membership exists.
    expect(responses[5].body.result.data).toEqual([]);
    expect(userIdsOf(responses[7])).toEqual(['yourUserId1']);
  });

  it('/v2/users/delete: every example removes yourUserId1 from its scope', async () => {
    const responses = await replay('users-delete', async (data) => {
      const { userIds, ...scope } = data as { userIds: string[] };
      await send('/v2/users/add', { ...scope, users: userIds.map((userId) => ({ userId })) });
      return data;
    });
    for (const response of responses)
      expect(response.body.result.data).toMatchObject({ yourUserId1: { success: true, message: 'User removed.' } });
  });

  it('/v2/auth/permissions/add: every example grants some-user-id', async () => {
    await replay('auth-permissions-add');
    expect(
      await world.query(
        `SELECT access_role, expires_at IS NOT NULL AS expires FROM document_grant WHERE api_key_id = $1 AND user_id = 'some-user-id'`,
        [owner.apiKey],
      ),
    ).toEqual([{ access_role: 'viewer', expires: true }]);
  });

  it('/v2/auth/permissions/get: the example answers the effective-access map', async () => {
    await send('/v2/auth/permissions/add', {
      user: { userId: 'samarth' },
      permissions: {
        resources: [
          { type: 'organization', id: 'org1' },
          { type: 'folder', id: 'folder2', organizationId: 'org1', accessRole: 'viewer' },
        ],
      },
    });
    const [response] = await replay('auth-permissions-get');
    expect(response.body.result.data).toEqual({
      samarth: {
        organization: { org1: { accessRole: 'editor' } },
        // Without folderIds, the folders the user holds a grant on.
        folders: { folder2: { accessRole: 'viewer', accessType: 'organizationPrivate' } },
        documents: { 'freestyle-comments1': { accessRole: 'viewer', accessType: 'restricted' } },
      },
    });
  });

  it('/v2/auth/permissions/remove: the example removes the grants it names', async () => {
    await send('/v2/auth/permissions/add', {
      user: { userId: 'USER_ID' },
      permissions: {
        resources: [
          { type: 'organization', id: 'ORGANIZATION_ID' },
          { type: 'document', id: 'DOCUMENT_ID', organizationId: 'ORGANIZATION_ID' },
        ],
      },
    });
    await replay('auth-permissions-remove');
    const left = await world.query(
      `SELECT user_id FROM organization_grant WHERE api_key_id = $1 AND user_id = 'USER_ID' UNION ALL SELECT user_id FROM document_grant WHERE api_key_id = $1 AND user_id = 'USER_ID'`,
      [owner.apiKey],
    );
    expect(left).toEqual([]);
  });

  it('/v2/auth/generate_token: every example answers a token; an omitted role is editor', async () => {
    const responses = await replay('auth-generate_token');
    for (const response of responses)
      expect((response.body.result.data as { token: string }).token.split('.')).toHaveLength(3);
    expect(
      await world.query(
        `SELECT access_role FROM organization_grant WHERE api_key_id = $1 AND user_id = 'user789' AND organization_id = 'org_123'`,
        [owner.apiKey],
      ),
    ).toEqual([{ access_role: 'editor' }]);
  });
});
