import { createTestEnvironment, TestEnvironment } from './support/test-environment';
import { RunningApi, startApi } from './support/processes';
import { apiKeyHeaders, createWorkspace, Credentials, post } from './support/http-client';
import { apiRoutes } from './support/routes';
import { seedDocument, seedEditors, seedFolder, seedOrganization } from './support/seed';
import {
  jsonType,
  requestData,
  requestDataFor,
  responseProblems,
  ShapeOptions,
  veltHeaders,
  veltPage,
} from './support/velt-fixtures';

/**
 * Velt's v1 pages replayed against the v1 paths: each request example is sent as written, with only
 * ids and headers adapted, and the answer is checked against the v1 page's documented response
 * fields. Resource routes run in the order a caller would use them (add before get, delete last).
 */
const RESOURCE_ROUTES = [
  'organizations-add',
  'organizations-get',
  'organizations-update',
  'organizations-folders-add',
  'organizations-folders-get',
  'organizations-folders-update',
  'organizations-folders-access-update',
  'organizations-documents-add',
  'organizations-documents-get',
  'organizations-documents-update',
  'organizations-documents-access-update',
  'organizations-documents-move',
  'organizations-usergroups-add',
  'users-add',
  // Only organization users join groups: after users-add has made yourUserId1 one, before users-delete.
  'organizations-usergroups-users-add',
  'organizations-usergroups-users-delete',
  'users-update',
  'users-get',
  'users-delete',
  'commentannotations-count-get',
  'auth-token-get',
  'organizations-documents-locations-update',
  'organizations-documents-locations-data-delete',
  'organizations-documents-access-disablestate-update',
  'organizations-documents-delete',
  'organizations-access-disablestate-update',
  'workspace-domains-add',
  'workspace-domains-delete',
];
/** Added before read, config set before config get, delete last. */
const NOTIFICATION_ROUTES = ['add', 'get', 'update', 'config-set', 'config-get', 'delete'].map(
  (route) => `notifications-${route}`,
);
const COMMENT_ROUTES = [
  'add',
  'get',
  'update',
  'delete',
  'comments-add',
  'comments-get',
  'comments-update',
  'comments-delete',
].map((route) => `commentannotations-${route}`);

/** The v1 pages whose path we serve under a different name or not yet (see the final check), or that another suite replays. */
const NOT_REPLAYED = [
  'livestate-broadcast',
  'organizations-delete',
  // Replayed by test/user-data.e2e-spec.ts, which runs the deletion worker.
  'users-data-get',
  'users-data-delete',
  'users-data-delete-status',
];

/**
 * v1's comment pages document ISO timestamps where v2 sends ms; the v2 handler answers v1 too, so
 * either is accepted (as in the v2 replay), and fields only Velt's SDK fills are not required.
 */
const COMMENT_SHAPE: ShapeOptions = { requirePresent: false, timestampsEitherWay: true };

/**
 * v1's update examples send a status as `{ type }` alone, while the same page's field table marks
 * `status.id` and `status.name` required (as v2 does, and as we validate): the documented fields are filled in.
 */
const STATUS_OF_TYPE: Record<string, { id: string; name: string }> = {
  default: { id: 'OPEN', name: 'Open' },
  ongoing: { id: 'IN_PROGRESS', name: 'In progress' },
  terminal: { id: 'RESOLVED', name: 'Resolved' },
};

function withDocumentedStatus(data: Record<string, unknown>): Record<string, unknown> {
  const status = (data.updatedData as { status?: { type: string } } | undefined)?.status;
  if (!status || 'id' in status) return data;
  return {
    ...data,
    updatedData: { ...(data.updatedData as object), status: { ...STATUS_OF_TYPE[status.type], ...status } },
  };
}

/**
 * Read once at load, as the other route suites do: apiRoutes() blocks this process while a child
 * loads the app, long enough on a busy machine for the API to close an idle keep-alive socket that
 * the next request would then reuse ("other side closed").
 */
const SERVED = new Set(apiRoutes().map((route) => route.path));

describe("Velt's v1 examples, replayed on the v1 paths", () => {
  let world: TestEnvironment;
  let api: RunningApi;
  let owner: Credentials;
  const call = (path: string, data: unknown) => post(api.url, path, data, apiKeyHeaders(owner));

  async function seedAnnotations(): Promise<void> {
    await world.query(`DELETE FROM comment_annotation WHERE api_key_id = $1`, [owner.apiKey]);
    const response = await call('/v2/commentannotations/add', {
      organizationId: 'yourOrganizationId',
      documentId: 'yourDocumentId',
      commentAnnotations: ['yourAnnotationId', 'yourAnnotationId1', 'yourAnnotationId2'].map((annotationId) => ({
        annotationId,
        location: { id: 'locationx' },
        commentData: [
          { commentText: 'first', commentId: 153783, from: { userId: 'yourUserId' } },
          { commentText: 'second', commentId: 607395, from: { userId: 'yourUserId' } },
        ],
      })),
    });
    expect(response.status).toBe(200);
  }

  beforeAll(async () => {
    world = await createTestEnvironment();
    api = await startApi(world.env);
    owner = await createWorkspace(api.url);
    // What the examples name but no earlier example creates.
    for (const organizationId of ['yourOrganizationId1', 'yourOrganizationId2'])
      await seedOrganization(world, owner.apiKey, organizationId);
    await seedOrganization(world, owner.apiKey, 'yourOrganizationId');
    await seedFolder(world, owner.apiKey, 'yourOrganizationId', 'yourParentFolderId');
    await seedFolder(world, owner.apiKey, 'yourOrganizationId', 'targetFolderId');
    await seedDocument(world, owner.apiKey, 'yourOrganizationId', 'yourDocumentId1');
    await seedDocument(world, owner.apiKey, 'yourOrganizationId', 'yourDocumentId2');
    await seedEditors(api.url, owner, 'yourOrganizationId', ['yourUserId']);
    // Velt's access examples name one id that is literally "yourDocumentId1, yourDocumentId2" (and the same for folders).
    await seedDocument(world, owner.apiKey, 'yourOrganizationId', 'yourDocumentId1, yourDocumentId2');
    await seedFolder(world, owner.apiKey, 'yourOrganizationId', 'yourFolderId1, yourFolderId2');
    for (const documentId of ['DOC_1', 'DOC_2']) await seedDocument(world, owner.apiKey, 'ORG_ID', documentId);
    await seedDocument(world, owner.apiKey, 'YOUR_ORGANIZATION_ID', 'YOUR_DOCUMENT_ID');
    const group = await call('/v2/organizations/usergroups/add', {
      organizationId: 'yourOrganizationId',
      organizationUserGroups: [{ groupId: 'yourGroupId' }],
    });
    expect(group.status).toBe(200);
  }, 60_000);

  afterAll(async () => {
    await api?.stop();
    await world?.dispose();
  });

  it('serves every v1 page it replays, and replays every served v1 page', () => {
    const served = SERVED;
    const replayed = [...RESOURCE_ROUTES, ...COMMENT_ROUTES, ...NOTIFICATION_ROUTES].map(
      (name) => veltPage('v1', name).path,
    );
    expect(replayed.filter((path) => !served.has(path))).toEqual([]);
    const servedV1 = [...served].filter((path) => path.startsWith('/v1/'));
    const others = NOT_REPLAYED.map((name) => veltPage('v1', name).path);
    expect(servedV1.filter((path) => !replayed.includes(path) && !others.includes(path))).toEqual([]);
  });

  const cases = (names: string[]) =>
    names.flatMap((name) =>
      veltPage('v1', name).requestExamples.map(
        (example, index) => [veltPage('v1', name).path, index, name, example] as const,
      ),
    );

  it.each(cases(RESOURCE_ROUTES))(
    '%s example %i: accepted, answered in the documented shape',
    async (path, _index, name, example) => {
      const page = veltPage('v1', name);
      const response = await post(api.url, path, requestDataFor(page, example, owner), veltHeaders(page.auth, owner));
      expect({ path, status: response.status, error: response.body.error }).toEqual({
        path,
        status: 200,
        error: undefined,
      });
      expect(response.body.result.status).toBe('success');
      expect(responseProblems(page, response.body)).toEqual([]);
    },
  );

  describe('notifications', () => {
    beforeAll(async () => {
      // The documents the examples name; ON CONFLICT because earlier examples may have created them.
      for (const [organizationId, documentId] of [
        ['yourOrganizationId', 'yourDocumentId'],
        ['org1', 'doc1'],
      ]) {
        await world.query(
          'INSERT INTO organization (api_key_id, id, name) VALUES ($1, $2, $2) ON CONFLICT DO NOTHING',
          [owner.apiKey, organizationId],
        );
        await world.query(
          'INSERT INTO document (api_key_id, organization_id, id, name) VALUES ($1, $2, $3, $3) ON CONFLICT DO NOTHING',
          [owner.apiKey, organizationId, documentId],
        );
      }
    });

    it.each(cases(NOTIFICATION_ROUTES))(
      '%s example %i: accepted, answered in the documented shape',
      async (path, index, name, example) => {
        const page = veltPage('v1', name);
        // Velt's placeholder page token cannot be one of ours; every example reads from the first page.
        const { pageToken, ...data } = requestDataFor(page, example, owner);
        void pageToken;
        const response = await post(api.url, path, data, veltHeaders(page.auth, owner));
        expect({ path, status: response.status, error: response.body.error }).toEqual({
          path,
          status: 200,
          error: undefined,
        });
        expect(responseProblems(page, response.body)).toEqual([]);
        // The first get example (organization and document) reads the add example's notification, so its shape is checked on a real one.
        if (name === 'notifications-get' && index === 0) expect(response.body.result.data).toHaveLength(1);
      },
    );

    it('the delete examples leave nothing of the document the add example wrote to', async () => {
      const response = await call('/v1/notifications/get', {
        organizationId: 'yourOrganizationId',
        documentId: 'yourDocumentId',
      });
      expect(response.body.result.data).toEqual([]);
    });
  });

  describe('where v1 differs from v2', () => {
    const TOKEN = '/v1/auth/token/get';
    const tokenRequest = (who: Credentials, data: Record<string, unknown>) =>
      post<{ token: string }>(api.url, TOKEN, { apiKey: who.apiKey, authToken: who.authToken, ...data }, {});
    const grantOf = async (userId: string, organizationId: string) =>
      (
        await world.query<{ access_role: string }>(
          'SELECT access_role FROM organization_grant WHERE api_key_id = $1 AND organization_id = $2 AND user_id = $3',
          [owner.apiKey, organizationId, userId],
        )
      )[0]?.access_role;

    it('token/get: credentials in the body, the user joins the organization as editor, a role already held is kept', async () => {
      const joined = await tokenRequest(owner, {
        userId: 'v1-newcomer',
        userProperties: { organizationId: 'yourOrganizationId', email: 'n@example.com', isAdmin: true },
      });
      expect(joined.status).toBe(200);
      const claims = JSON.parse(
        Buffer.from(joined.body.result.data.token.split('.')[1], 'base64url').toString(),
      ) as Record<string, unknown>;
      expect(claims).toMatchObject({
        userId: 'v1-newcomer',
        email: 'n@example.com',
        isAdmin: true,
        apiKey: owner.apiKey,
      });
      expect(await grantOf('v1-newcomer', 'yourOrganizationId')).toBe('editor');

      await call('/v2/users/add', {
        organizationId: 'yourOrganizationId',
        users: [{ userId: 'v1-viewer', accessRole: 'viewer' }],
      });
      expect(
        (await tokenRequest(owner, { userId: 'v1-viewer', userProperties: { organizationId: 'yourOrganizationId' } }))
          .status,
      ).toBe(200);
      expect(await grantOf('v1-viewer', 'yourOrganizationId')).toBe('viewer');

      // Without userProperties the token names the user only.
      expect((await tokenRequest(owner, { userId: 'v1-loner' })).status).toBe(200);
      expect(await grantOf('v1-loner', 'yourOrganizationId')).toBeUndefined();
    });

    it('token/get: wrong credentials are UNAUTHENTICATED, a missing organization NOT_FOUND, bad input INVALID_ARGUMENT naming the field', async () => {
      const wrong = await post(api.url, TOKEN, { apiKey: owner.apiKey, authToken: 'not-the-token', userId: 'u' }, {});
      expect([wrong.status, wrong.body.error.status]).toEqual([401, 'UNAUTHENTICATED']);
      const missing = await tokenRequest(owner, {
        userId: 'u',
        userProperties: { organizationId: 'no-such-organization' },
      });
      expect([missing.status, missing.body.error.status]).toEqual([404, 'NOT_FOUND']);
      for (const [data, field] of [
        [{ authToken: owner.authToken, userId: 'u' }, 'data.apiKey'],
        [
          { apiKey: owner.apiKey, authToken: owner.authToken, userId: 'u', userProperties: {} },
          'data.userProperties.organizationId',
        ],
        [
          {
            apiKey: owner.apiKey,
            authToken: owner.authToken,
            userId: 'u',
            userProperties: { organizationId: 'yourOrganizationId', name: 'v2 only' },
          },
          'data.userProperties.name',
        ],
        [
          { apiKey: owner.apiKey, authToken: owner.authToken, userId: 'u', permissions: { resources: [] } },
          'data.permissions',
        ],
      ] as const) {
        const refused = await post(api.url, TOKEN, data, {});
        expect([refused.status, refused.body.error.status]).toEqual([400, 'INVALID_ARGUMENT']);
        expect(refused.body.error.message).toContain(field);
      }
    });

    it("token/get: another API key's credentials reach only that key's organizations", async () => {
      const stranger = await createWorkspace(api.url);
      const refused = await tokenRequest(stranger, {
        userId: 'mallory',
        userProperties: { organizationId: 'yourOrganizationId' },
      });
      expect([refused.status, refused.body.error.status]).toEqual([404, 'NOT_FOUND']);
      expect(await grantOf('mallory', 'yourOrganizationId')).toBeUndefined();
    });

    it("folders/access/update: v1's page has no inheritFromParent, so v1 refuses it; v2 still takes it", async () => {
      const data = { organizationId: 'yourOrganizationId', folderIds: ['yourParentFolderId'], inheritFromParent: true };
      const refused = await call('/v1/organizations/folders/access/update', { ...data, accessType: 'public' });
      expect([refused.status, refused.body.error.status]).toEqual([400, 'INVALID_ARGUMENT']);
      expect(refused.body.error.message).toContain('data.inheritFromParent');
      const noType = await call('/v1/organizations/folders/access/update', {
        organizationId: 'yourOrganizationId',
        folderIds: ['yourParentFolderId'],
      });
      expect(noType.body.error.message).toContain('data.accessType');
      expect((await call('/v2/organizations/folders/access/update', data)).status).toBe(200);
    });

    it('the added v1 twins see nothing of another API key', async () => {
      const stranger = await createWorkspace(api.url);
      const as = (path: string, data: unknown) => post(api.url, path, data, apiKeyHeaders(stranger));
      const documentId = 'yourDocumentId1, yourDocumentId2';
      for (const [path, data] of [
        [
          '/v1/organizations/documents/access/update',
          { organizationId: 'yourOrganizationId', documentIds: [documentId], accessType: 'restricted' },
        ],
        [
          '/v1/organizations/documents/access/disablestate/update',
          { organizationId: 'yourOrganizationId', documentIds: [documentId], disabled: true },
        ],
        [
          '/v1/organizations/folders/access/update',
          { organizationId: 'yourOrganizationId', folderIds: ['yourParentFolderId'], accessType: 'restricted' },
        ],
        [
          '/v1/organizations/usergroups/users/add',
          { organizationId: 'yourOrganizationId', organizationUserGroupId: 'yourGroupId', userIds: ['yourUserId'] },
        ],
        [
          '/v1/organizations/usergroups/users/delete',
          { organizationId: 'yourOrganizationId', organizationUserGroupId: 'yourGroupId', deleteAll: true },
        ],
      ] as const) {
        const response = await as(path, data);
        expect([path, response.status, response.body.error?.status]).toEqual([path, 404, 'NOT_FOUND']);
      }
      const renamed = await as('/v1/organizations/update', {
        organizations: [{ organizationId: 'yourOrganizationId', organizationName: 'Taken' }],
      });
      expect(renamed.body.result.data).toMatchObject({
        yourOrganizationId: { success: false, message: 'Organization does not exist' },
      });
      const counted = await as('/v1/commentannotations/count/get', {
        organizationId: 'ORG_ID',
        documentIds: ['DOC_1'],
        userId: '1.1',
      });
      expect(counted.body.result.data).toEqual({});
      const [organization] = await world.query<{ name: string }>(
        'SELECT name FROM organization WHERE api_key_id = $1 AND id = $2',
        [owner.apiKey, 'yourOrganizationId'],
      );
      expect(organization.name).not.toBe('Taken');
      const [document] = await world.query<{ access_type: string; disabled: boolean }>(
        'SELECT access_type, disabled FROM document WHERE api_key_id = $1 AND id = $2',
        [owner.apiKey, documentId],
      );
      expect(document).toMatchObject({ disabled: false });
      expect(document.access_type).not.toBe('restricted');
    });
  });

  describe('document locations: the location of comment annotations, matched by id (else locationName)', () => {
    const UPDATE = '/v1/organizations/documents/locations/update';
    const DELETE = '/v1/organizations/documents/locations/data/delete';
    const where = { organizationId: 'yourOrganizationId', documentId: 'loc-doc' };
    const locations = async () =>
      Object.fromEntries(
        (
          await world.query<{ id: string; location: unknown; location_id: string }>(
            'SELECT id, location, location_id FROM comment_annotation WHERE api_key_id = $1 AND organization_id = $2 AND document_id = $3 ORDER BY id',
            [owner.apiKey, where.organizationId, where.documentId],
          )
        ).map((row) => [row.id, { location: row.location, locationId: row.location_id }]),
      );

    beforeAll(async () => {
      await seedDocument(world, owner.apiKey, where.organizationId, where.documentId);
      const added = await call('/v2/commentannotations/add', {
        ...where,
        commentAnnotations: [
          {
            annotationId: 'at-1',
            location: { id: 'scene_1', locationName: 'Untitled scene', floor: 2 },
            commentData: [{ commentText: 'one', from: { userId: 'yourUserId' } }],
          },
          {
            annotationId: 'at-1b',
            location: { id: 'scene_1' },
            commentData: [{ commentText: 'one too', from: { userId: 'yourUserId' } }],
          },
          {
            annotationId: 'at-2',
            location: { id: 'scene_2' },
            commentData: [{ commentText: 'two', from: { userId: 'yourUserId' } }],
          },
        ],
      });
      expect(added.status).toBe(200);
    });

    it('update merges into, or replaces, every matching location; others stay', async () => {
      const merged = await call(UPDATE, {
        documentId: 'loc-doc',
        migrate: { oldLocation: { id: 'scene_1' }, newLocation: { locationName: 'White scene' } },
        merge: true,
      });
      expect(merged.body).toEqual({ result: { status: 'success', message: 'Location updated.', data: null } });
      expect(await locations()).toEqual({
        'at-1': { location: { id: 'scene_1', locationName: 'White scene', floor: 2 }, locationId: 'scene_1' },
        'at-1b': { location: { id: 'scene_1', locationName: 'White scene' }, locationId: 'scene_1' },
        'at-2': { location: { id: 'scene_2' }, locationId: 'scene_2' },
      });
      const replaced = await call(UPDATE, {
        ...where,
        migrate: { oldLocation: { id: 'scene_1', locationName: 'White scene' }, newLocation: { id: 'scene_9' } },
      });
      expect(replaced.status).toBe(200);
      const found = await post<Array<{ annotationId: string }>>(
        api.url,
        '/v2/commentannotations/get',
        { ...where, locationIds: ['scene_9'] },
        apiKeyHeaders(owner),
      );
      expect(found.body.result.data.map((a) => a.annotationId).sort()).toEqual(['at-1', 'at-1b']);
      expect((await locations())['at-1'].location).toEqual({ id: 'scene_9' });
    });

    it("data/delete removes the location's annotations with their comments, and nothing else", async () => {
      const deleted = await call(DELETE, {
        documentId: 'loc-doc',
        location: { id: 'scene_9', locationName: 'ignored for matching' },
      });
      expect(deleted.body).toEqual({
        result: { status: 'success', message: 'Data deleted successfully.', data: null },
      });
      expect(Object.keys(await locations())).toEqual(['at-2']);
      const comments = await world.query(
        'SELECT 1 FROM comment WHERE api_key_id = $1 AND document_id = $2 AND annotation_id LIKE $3',
        [owner.apiKey, 'loc-doc', 'at-1%'],
      );
      expect(comments).toHaveLength(0);
    });

    it('refuses a location without id or locationName, and an ambiguous document without organizationId; NOT_FOUND for a missing document', async () => {
      for (const [path, data, field] of [
        [
          UPDATE,
          { documentId: 'loc-doc', migrate: { oldLocation: { floor: 2 }, newLocation: { id: 'x' } } },
          'data.migrate.oldLocation',
        ],
        [DELETE, { documentId: 'loc-doc', location: { locationName: '' } }, 'data.location'],
        [UPDATE, { documentId: 'loc-doc', migrate: { oldLocation: { id: 'scene_2' } } }, 'data.migrate.newLocation'],
      ] as const) {
        const refused = await call(path, data);
        expect([path, refused.status, refused.body.error?.status]).toEqual([path, 400, 'INVALID_ARGUMENT']);
        expect(refused.body.error.message).toContain(field);
      }
      await seedDocument(world, owner.apiKey, 'yourOrganizationId2', 'loc-doc');
      const ambiguous = await call(DELETE, { documentId: 'loc-doc', location: { id: 'scene_2' } });
      expect([ambiguous.status, ambiguous.body.error.message]).toEqual([
        400,
        'data.organizationId is required: document loc-doc exists in more than one organization.',
      ]);
      const named = await call(UPDATE, {
        ...where,
        migrate: { oldLocation: { id: 'scene_2' }, newLocation: { id: 'scene_3' } },
      });
      expect(named.status).toBe(200);
      // The other organization's loc-doc has no such location: naming it deletes nothing here.
      const elsewhere = await call(DELETE, {
        organizationId: 'yourOrganizationId2',
        documentId: 'loc-doc',
        location: { id: 'scene_3' },
      });
      expect(elsewhere.status).toBe(200);
      const missing = await call(DELETE, { documentId: 'no-such-document', location: { id: 'scene_2' } });
      expect([missing.status, missing.body.error.status]).toEqual([404, 'NOT_FOUND']);
      expect(Object.keys(await locations())).toEqual(['at-2']);
    });

    it('another API key reaches none of these locations', async () => {
      const stranger = await createWorkspace(api.url);
      const as = (path: string, data: unknown) => post(api.url, path, data, apiKeyHeaders(stranger));
      expect((await as(DELETE, { documentId: 'loc-doc', location: { id: 'scene_3' } })).status).toBe(404);
      expect(
        (await as(UPDATE, { ...where, migrate: { oldLocation: { id: 'scene_3' }, newLocation: { id: 'taken' } } }))
          .status,
      ).toBe(404);
      expect(await locations()).toEqual({ 'at-2': { location: { id: 'scene_3' }, locationId: 'scene_3' } });
    });
  });

  it.each(cases(COMMENT_ROUTES))(
    '%s example %i: accepted, answered in the documented shape',
    async (path, _index, name, example) => {
      await seedAnnotations();
      const page = veltPage('v1', name);
      const response = await call(path, withDocumentedStatus(requestData(example)));
      expect({ path, status: response.status, error: response.body.error }).toEqual({
        path,
        status: 200,
        error: undefined,
      });
      const documented = page.responseExample?.result;
      if (documented?.data !== undefined) expect(jsonType(response.body.result.data)).toBe(jsonType(documented.data));
      expect(responseProblems(page, response.body, COMMENT_SHAPE)).toEqual([]);
    },
  );
});
