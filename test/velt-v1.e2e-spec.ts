import { createTestEnvironment, TestEnvironment } from './support/test-environment';
import { RunningApi, startApi } from './support/processes';
import { apiKeyHeaders, createWorkspace, Credentials, post } from './support/http-client';
import { apiRoutes } from './support/routes';
import { seedDocument, seedEditors, seedFolder, seedOrganization } from './support/seed';
import { jsonType, requestData, responseProblems, ShapeOptions, veltHeaders, veltPage } from './support/velt-fixtures';

/**
 * Velt's v1 pages replayed against the v1 paths: each request example is sent as written, with only
 * ids and headers adapted, and the answer is checked against the v1 page's documented response
 * fields. Resource routes run in the order a caller would use them (add before get, delete last).
 */
const RESOURCE_ROUTES = [
  'organizations-add',
  'organizations-get',
  'organizations-folders-add',
  'organizations-folders-get',
  'organizations-folders-update',
  'organizations-documents-add',
  'organizations-documents-get',
  'organizations-documents-update',
  'organizations-documents-move',
  'organizations-usergroups-add',
  'users-add',
  'users-update',
  'users-get',
  'users-delete',
  'organizations-documents-delete',
  'organizations-access-disablestate-update',
  'workspace-domains-add',
  'workspace-domains-delete',
];
const COMMENT_ROUTES = ['add', 'get', 'update', 'delete', 'comments-add', 'comments-get', 'comments-update', 'comments-delete'].map((route) => `commentannotations-${route}`);

/** The v1 pages whose path we serve under a different name or not yet (see the final check), or that another suite replays. */
const NOT_REPLAYED = [
  'livestate-broadcast',
  'organizations-delete',
  'auth-token-get',
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
  return { ...data, updatedData: { ...(data.updatedData as object), status: { ...STATUS_OF_TYPE[status.type], ...status } } };
}

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
    for (const organizationId of ['yourOrganizationId1', 'yourOrganizationId2']) await seedOrganization(world, owner.apiKey, organizationId);
    await seedOrganization(world, owner.apiKey, 'yourOrganizationId');
    await seedFolder(world, owner.apiKey, 'yourOrganizationId', 'yourParentFolderId');
    await seedFolder(world, owner.apiKey, 'yourOrganizationId', 'targetFolderId');
    await seedDocument(world, owner.apiKey, 'yourOrganizationId', 'yourDocumentId1');
    await seedDocument(world, owner.apiKey, 'yourOrganizationId', 'yourDocumentId2');
    await seedEditors(api.url, owner, 'yourOrganizationId', ['yourUserId']);
  }, 60_000);

  afterAll(async () => {
    await api?.stop();
    await world?.dispose();
  });

  it('serves every v1 page it replays, and replays every served v1 page', () => {
    const served = new Set(apiRoutes().map((route) => route.path));
    const replayed = [...RESOURCE_ROUTES, ...COMMENT_ROUTES].map((name) => veltPage('v1', name).path);
    expect(replayed.filter((path) => !served.has(path))).toEqual([]);
    const servedV1 = [...served].filter((path) => path.startsWith('/v1/'));
    const others = NOT_REPLAYED.map((name) => veltPage('v1', name).path);
    expect(servedV1.filter((path) => !replayed.includes(path) && !others.includes(path))).toEqual([]);
  });

  const cases = (names: string[]) =>
    names.flatMap((name) => veltPage('v1', name).requestExamples.map((example, index) => [veltPage('v1', name).path, index, name, example] as const));

  it.each(cases(RESOURCE_ROUTES))('%s example %i: accepted, answered in the documented shape', async (path, _index, name, example) => {
    const page = veltPage('v1', name);
    const response = await post(api.url, path, requestData(example), veltHeaders(page.auth, owner));
    expect({ path, status: response.status, error: response.body.error }).toEqual({ path, status: 200, error: undefined });
    expect(response.body.result.status).toBe('success');
    expect(responseProblems(page, response.body)).toEqual([]);
  });

  it.each(cases(COMMENT_ROUTES))('%s example %i: accepted, answered in the documented shape', async (path, _index, name, example) => {
    await seedAnnotations();
    const page = veltPage('v1', name);
    const response = await call(path, withDocumentedStatus(requestData(example)));
    expect({ path, status: response.status, error: response.body.error }).toEqual({ path, status: 200, error: undefined });
    const documented = page.responseExample?.result;
    if (documented?.data !== undefined) expect(jsonType(response.body.result.data)).toBe(jsonType(documented.data));
    expect(responseProblems(page, response.body, COMMENT_SHAPE)).toEqual([]);
  });
});
