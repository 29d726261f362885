import { createTestEnvironment, TestEnvironment } from './support/test-environment';
import { RunningApi, startApi } from './support/processes';
import { apiKeyHeaders, createWorkspace, Credentials, post } from './support/http-client';
import { seedDocument, seedEditors, seedFolder } from './support/seed';
import { jsonType, requestData, responseProblems, ShapeOptions, veltPage } from './support/velt-fixtures';

const ROUTES = ['add', 'get', 'update', 'delete', 'comments-add', 'comments-get', 'comments-update', 'comments-delete'];
const fixture = (route: string) => veltPage('v2', `commentannotations-${route}`);

/** Velt's placeholder ids, mapped onto the world this suite seeds. */
const ORGANIZATIONS = ['yourOrganizationId', 'acme-corp', 'myorg1', 'ORG_ID'];
const DOCUMENTS: Record<string, string> = {
  yourDocumentId: 'doc-1',
  yourDocumentId1: 'doc-1',
  yourDocumentId2: 'doc-2',
  'design-mockup-v2': 'doc-1',
  'analytics-dashboard': 'doc-2',
  DOC_1: 'doc-1',
  DOC_2: 'doc-2',
};
const AUTHORS = ['yourUserId', 'user_john_smith', 'user_sarah_chen', 'user-1', 'spell-check', 'a11y-bot'];

/** Replays Velt's own example with our ids; a Velt page token means nothing here and is left out. */
function adapt(value: unknown, key = ''): unknown {
  if (Array.isArray(value)) return value.map((item) => adapt(item, key));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([k]) => k !== 'pageToken')
        .map(([k, v]) => [k, adapt(v, k)]),
    );
  }
  if (typeof value !== 'string') return value;
  if (ORGANIZATIONS.includes(value)) return 'org-1';
  if (DOCUMENTS[value]) return DOCUMENTS[value];
  if (value === 'folderId1') return 'shelf';
  return value;
}

/**
 * Our answers carry the documented fields they model with the documented types; fields that only
 * Velt's client SDK fills (page and device info, subscriptions...) are listed by the pages as
 * present in every example, so presence is not checked here. Velt's comment timestamps come as ms
 * or ISO strings, depending on the route: either is fine here.
 */
const SHAPE: ShapeOptions = { requirePresent: false, timestampsEitherWay: true };

describe("Velt's comment examples, replayed", () => {
  let world: TestEnvironment;
  let api: RunningApi;
  let owner: Credentials;
  const call = <T = unknown>(path: string, data: unknown) => post<T>(api.url, path, data, apiKeyHeaders(owner));

  /** Annotations with Velt's example ids, and numbered comments, before every example. */
  async function seedAnnotations(): Promise<void> {
    await world.query(`DELETE FROM comment_annotation WHERE api_key_id = $1`, [owner.apiKey]);
    for (const documentId of ['doc-1', 'doc-2']) {
      const response = await call('/v2/commentannotations/add', {
        organizationId: 'org-1',
        documentId,
        commentAnnotations: ['yourAnnotationId', 'yourAnnotationId1', 'yourAnnotationId2'].map((annotationId) => ({
          annotationId,
          location: { id: 'locationx' },
          commentData: [
            { commentText: 'first', from: { userId: 'yourUserId' } },
            { commentText: 'second', commentId: 153783, from: { userId: 'yourUserId' } },
          ],
        })),
      });
      expect(response.status).toBe(200);
    }
  }

  beforeAll(async () => {
    world = await createTestEnvironment();
    api = await startApi(world.env);
    owner = await createWorkspace(api.url);
    await seedDocument(world, owner.apiKey, 'org-1', 'doc-2');
    await seedFolder(world, owner.apiKey, 'org-1', 'shelf');
    await seedDocument(world, owner.apiKey, 'org-1', 'doc-1', { folderId: 'shelf' });
    // verifyUserPermissions checks Velt's example authors: they are editors here.
    await seedEditors(api.url, owner, 'org-1', AUTHORS);
  }, 60_000);

  afterAll(async () => {
    await api?.stop();
    await world?.dispose();
  });

  const cases = ROUTES.flatMap((route) => {
    const { path, requestExamples } = fixture(route);
    return requestExamples.map((example, index) => [path, index, route, example] as const);
  });

  it('covers every example of every comment route we serve', () => {
    expect(cases.length).toBeGreaterThan(40);
    expect(new Set(cases.map(([path]) => path)).size).toBe(ROUTES.length);
  });

  it.each(cases)('%s example %i: accepted, answered in the documented shape', async (path, _index, route, example) => {
    await seedAnnotations();
    const data = adapt(requestData(example)) as Record<string, unknown>;
    const response = await call<unknown>(path, data);
    expect({ path, status: response.status, error: response.body.error }).toEqual({
      path,
      status: 200,
      error: undefined,
    });
    const page = fixture(route);
    const documented = page.responseExample?.result;
    expect(response.body.result.message).toBe(documented?.message);
    const ours = response.body.result.data;
    if (data.groupByDocumentId) {
      // Grouped by document: each group is the documented list of annotations.
      expect(jsonType(ours)).toBe('object');
      expect(Object.keys(ours as object).length).toBeGreaterThan(0);
      for (const annotations of Object.values(ours as Record<string, unknown[]>))
        expect(responseProblems(page, { result: { data: annotations } }, SHAPE)).toEqual([]);
      return;
    }
    expect(jsonType(ours)).toBe(jsonType(documented?.data));
    expect(responseProblems(page, response.body, SHAPE)).toEqual([]);
  });

  it('answers the documented fields of an annotation and a comment', async () => {
    await seedAnnotations();
    const got = await call<Array<Record<string, unknown>>>('/v2/commentannotations/get', {
      organizationId: 'org-1',
      documentId: 'doc-1',
      annotationIds: ['yourAnnotationId'],
    });
    const [annotation] = got.body.result.data;
    for (const field of [
      'annotationId',
      'type',
      'createdAt',
      'lastUpdated',
      'from',
      'status',
      'comments',
      'metadata',
      'visibilityConfig',
      'location',
    ])
      expect(annotation).toHaveProperty(field);
    const [comment] = annotation.comments as Array<Record<string, unknown>>;
    for (const field of [
      'commentId',
      'type',
      'status',
      'isDraft',
      'commentText',
      'from',
      'to',
      'taggedUserContacts',
      'attachments',
      'createdAt',
      'lastUpdated',
      'reactionAnnotationIds',
    ]) {
      expect(comment).toHaveProperty(field);
    }
    expect(comment.commentId).toBe(1);
  });

  it("count/get answers Velt's example shape", async () => {
    await seedAnnotations();
    const counted = await call('/v2/commentannotations/count/get', {
      organizationId: 'org-1',
      documentIds: ['doc-1', 'doc-2'],
      userId: '1.1',
      statusIds: ['OPEN', 'IN_PROGRESS'],
    });
    expect(counted.body.result).toEqual({
      status: 'success',
      message: 'Comment count retrieved successfully.',
      data: { 'doc-1': { total: 3, unread: 0 }, 'doc-2': { total: 3, unread: 0 } },
    });
  });
});
