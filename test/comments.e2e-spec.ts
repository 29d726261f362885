import { createTestEnvironment, TestEnvironment } from './support/test-environment';
import { RunningApi, startApi } from './support/processes';
import { apiKeyHeaders, BatchResult, createWorkspace, Credentials, post } from './support/http-client';
import { seedDocument, seedEditors, seedFolder } from './support/seed';
import { stringMatching } from './support/matchers';

const anyNumber: unknown = expect.any(Number);

interface Comment {
  commentId: number;
  commentText: string;
  commentHtml?: string;
  from: { userId: string };
  createdAt: number;
  lastUpdated: string;
  reactionAnnotations: Array<{ icon: string; fromUsers: Array<{ from: { userId: string } }> }>;
}

interface Annotation {
  annotationId: string;
  status: { id: string; name: string; type: string; color?: string; lightColor?: string };
  priority?: { id: string };
  assignedTo?: { userId: string };
  resolvedByUserId?: string;
  metadata: { documentId: string };
  createdAt: number;
  lastUpdated: number;
  comments: Comment[];
}

interface Added {
  success: boolean;
  annotationId: string;
  commentIds?: number[];
  message: string;
}

const OPEN = { id: 'OPEN', name: 'Open', type: 'default', color: '#625DF5', lightColor: '#E7E8FA' };

describe('comment annotations, comments and reactions in Velt shapes', () => {
  let world: TestEnvironment;
  let api: RunningApi;
  let owner: Credentials;
  const doc = { organizationId: 'org-1', documentId: 'doc-1' };
  const ann = {
    userId: 'u1',
    name: 'Ann',
    email: 'ann@example.com',
    photoUrl: 'https://example.com/ann.png',
    color: '#a259fe',
  };
  const call = <T = unknown>(path: string, data: unknown, who: Credentials = owner) =>
    post<T>(api.url, path, data, apiKeyHeaders(who));
  const annotations = async (data: Record<string, unknown>) =>
    (await call<Annotation[]>('/v2/commentannotations/get', data)).body.result.data;
  const say = (commentText: string, from: unknown = ann) => ({ commentText, from });

  beforeAll(async () => {
    world = await createTestEnvironment();
    api = await startApi(world.env);
    owner = await createWorkspace(api.url);
    await seedDocument(world, owner.apiKey, doc.organizationId, doc.documentId);
    await seedEditors(api.url, owner, doc.organizationId, ['u1', 'u2', 'u3', 'u5']);
  }, 60_000);

  afterAll(async () => {
    await api?.stop();
    await world?.dispose();
  });

  it('adds annotations with numbered comments, generates missing annotation ids, and refuses an existing id without failing the batch', async () => {
    const first = await call('/v2/commentannotations/add', {
      ...doc,
      commentAnnotations: [
        {
          annotationId: 'a1',
          location: { id: 'loc-1', locationName: 'Intro' },
          targetElement: { elementId: 'hero', targetText: 'Hello', occurrence: 1 },
          context: { section: 'intro' },
          priority: { id: 'P0', name: 'Urgent', color: '#FF7162', lightColor: '#FFF4F2' },
          commentData: [
            {
              commentText: 'Hello {{u2}}',
              commentHtml: '<p>Hello {{u2}}</p>',
              from: ann,
              context: { k: 1 },
              taggedUserContacts: [{ userId: 'u2', contact: { userId: 'u2', name: 'Bo' } }],
            },
            {
              commentText: 'Imported',
              from: { userId: 'u3' },
              createdAt: 1_700_000_000_000,
              lastUpdated: 1_700_000_100_000,
              attachments: [{ attachmentId: 7, name: 'a.png' }],
            },
          ],
        },
      ],
    });
    expect(first.status).toBe(200);
    expect(first.body.result).toEqual({
      status: 'success',
      message: 'Comment Annotation(s) added successfully.',
      data: { a1: { success: true, annotationId: 'a1', commentIds: [1, 2], message: 'Added Successfully' } },
    });
    const second = await call<Record<string, Added>>('/v2/commentannotations/add', {
      ...doc,
      commentAnnotations: [
        { annotationId: 'a1', commentData: [say('again')] },
        { commentData: [say('new', { userId: 'u2' })] },
      ],
    });
    const results = Object.values(second.body.result.data);
    expect(second.body.result.data.a1).toEqual({
      success: false,
      annotationId: 'a1',
      message: 'Annotation already exists.',
    });
    const generated = results.find((r) => r.annotationId !== 'a1')!;
    expect(generated).toEqual({
      success: true,
      annotationId: stringMatching(/^[A-Za-z0-9_-]{20}$/),
      commentIds: [1],
      message: 'Added Successfully',
    });
    expect(second.body.result.data[generated.annotationId]).toBe(generated);

    const [got] = await annotations({ ...doc, annotationIds: ['a1'] });
    expect(got).toEqual(
      expect.objectContaining({
        annotationId: 'a1',
        type: 'comment',
        status: OPEN,
        priority: { id: 'P0', name: 'Urgent', color: '#FF7162', lightColor: '#FFF4F2' },
        from: ann,
        location: { id: 'loc-1', locationName: 'Intro' },
        targetElement: { elementId: 'hero', targetText: 'Hello', occurrence: 1 },
        targetElementId: 'hero',
        context: { section: 'intro' },
        visibilityConfig: { type: 'public' },
        mentionedUserIds: ['u2'],
        metadata: { apiKey: owner.apiKey, ...doc },
        createdAt: anyNumber,
        lastUpdated: anyNumber,
      }),
    );
    expect(got.comments).toEqual([
      expect.objectContaining({
        commentId: 1,
        type: 'text',
        commentText: 'Hello {{u2}}',
        commentHtml: '<p>Hello {{u2}}</p>',
        from: ann,
        context: { k: 1 },
        taggedUserContacts: [{ userId: 'u2', contact: { userId: 'u2', name: 'Bo' } }],
        to: [{ userId: 'u2', name: 'Bo' }],
        attachments: [],
        reactionAnnotations: [],
      }),
      expect.objectContaining({
        commentId: 2,
        from: { userId: 'u3' },
        createdAt: 1_700_000_000_000,
        lastUpdated: new Date(1_700_000_100_000).toISOString(),
        attachments: [{ attachmentId: 7, name: 'a.png' }],
      }),
    ]);
  });

  it("echoes an agent annotation's findingId in its result, created or refused; other annotations carry none", async () => {
    const agent = (findingId: string) => ({ agentId: 'reviewer', reason: { findingId, summary: 'Typo' } });
    const agentDoc = { organizationId: doc.organizationId, documentId: 'agent-doc', createDocument: true };
    const added = await call<Record<string, Added & { findingId?: string }>>('/v2/commentannotations/add', {
      ...agentDoc,
      commentAnnotations: [
        {
          annotationId: 'agent-1',
          commentData: [{ commentText: 'Fix the typo', from: ann, agent: agent('finding-7') }],
        },
        { annotationId: 'plain-1', commentData: [say('no agent')] },
      ],
    });
    expect(added.body.result.data['agent-1']).toEqual({
      success: true,
      annotationId: 'agent-1',
      commentIds: [1],
      message: 'Added Successfully',
      findingId: 'finding-7',
    });
    expect(added.body.result.data['plain-1']).not.toHaveProperty('findingId');
    const again = await call<Record<string, Added & { findingId?: string }>>('/v2/commentannotations/add', {
      ...agentDoc,
      commentAnnotations: [
        { annotationId: 'agent-1', commentData: [{ commentText: 'again', from: ann, agent: agent('finding-8') }] },
      ],
    });
    expect(again.body.result.data['agent-1']).toEqual({
      success: false,
      annotationId: 'agent-1',
      message: 'Annotation already exists.',
      findingId: 'finding-8',
    });
  });

  it('pages annotations with a signed keyset token and refuses a tampered one', async () => {
    await call('/v2/commentannotations/add', {
      ...doc,
      commentAnnotations: ['p1', 'p2', 'p3'].map((annotationId) => ({
        annotationId,
        commentData: [say(annotationId)],
      })),
    });
    const seen: string[] = [];
    let pageToken: string | undefined;
    do {
      const page = await call<Annotation[]>('/v2/commentannotations/get', {
        ...doc,
        pageSize: 2,
        ...(pageToken ? { pageToken } : {}),
      });
      expect(page.status).toBe(200);
      expect(page.body.result.data.length).toBeLessThanOrEqual(2);
      seen.push(...page.body.result.data.map((a) => a.annotationId));
      pageToken = page.body.result.nextPageToken;
    } while (pageToken);
    expect(seen).toEqual(expect.arrayContaining(['a1', 'p1', 'p2', 'p3']));
    expect(new Set(seen).size).toBe(seen.length);
    // Velt's default order: the latest change first.
    expect(seen.indexOf('p3')).toBeLessThan(seen.indexOf('p1'));
    const ascending = (await annotations({ ...doc, order: 'asc' })).map((a) => a.annotationId);
    expect(ascending.indexOf('p1')).toBeLessThan(ascending.indexOf('p3'));
    const firstPage = await call('/v2/commentannotations/get', { ...doc, pageSize: 1 });
    const tampered = await call('/v2/commentannotations/get', {
      ...doc,
      pageSize: 1,
      pageToken: `${firstPage.body.result.nextPageToken}x`,
    });
    expect(tampered.status).toBe(400);
    expect(tampered.body.error).toEqual({ status: 'INVALID_ARGUMENT', message: 'Invalid pageToken.' });
  });

  it("filters across the organization with Velt's filters, and groups by document", async () => {
    await seedFolder(world, owner.apiKey, 'org-1', 'shelf');
    await seedDocument(world, owner.apiKey, 'org-1', 'doc-2', { folderId: 'shelf' });
    const before = Date.now() - 1;
    await call('/v2/commentannotations/add', {
      organizationId: 'org-1',
      documentId: 'doc-2',
      commentAnnotations: [
        {
          annotationId: 'f1',
          location: { id: 'loc-9' },
          status: { id: 'IN_PROGRESS', name: 'In Progress', type: 'ongoing' },
          commentData: [say('x', { userId: 'u5' })],
        },
        { annotationId: 'f2', commentData: [{ ...say('hey {{u3}}'), taggedUserContacts: [{ userId: 'u3' }] }] },
      ],
    });
    const ids = async (data: Record<string, unknown>) =>
      (await annotations({ organizationId: 'org-1', ...data })).map((a) => a.annotationId).sort();
    expect(await ids({ documentIds: ['doc-2'] })).toEqual(['f1', 'f2']);
    expect(await ids({ folderId: 'shelf' })).toEqual(['f1', 'f2']);
    expect(await ids({ locationIds: ['loc-9', 'loc-1'] })).toEqual(['a1', 'f1']);
    expect(await ids({ userIds: ['u5'] })).toEqual(['f1']);
    expect(await ids({ statusIds: ['IN_PROGRESS'] })).toEqual(['f1']);
    expect(await ids({ statusId: 'IN_PROGRESS' })).toEqual(['f1']);
    expect(await ids({ mentionedUserIds: ['u3'] })).toEqual(['f2']);
    expect(await ids({ createdAfter: before })).toEqual(['f1', 'f2']);
    expect(await ids({ createdBefore: before, documentIds: ['doc-2'] })).toEqual([]);
    const [inProgress] = await annotations({ organizationId: 'org-1', annotationIds: ['f1'] });
    expect(inProgress.status).toEqual({
      id: 'IN_PROGRESS',
      name: 'In Progress',
      type: 'ongoing',
      color: '#FFCD2E',
      lightColor: '#FFFBEE',
    });
    const grouped = await call<Record<string, Annotation[]>>('/v2/commentannotations/get', {
      organizationId: 'org-1',
      documentIds: ['doc-1', 'doc-2'],
      groupByDocumentId: true,
    });
    expect(Object.keys(grouped.body.result.data).sort()).toEqual(['doc-1', 'doc-2']);
    expect(grouped.body.result.data['doc-2'].map((a) => a.annotationId).sort()).toEqual(['f1', 'f2']);
    const missing = await call('/v2/commentannotations/get', { organizationId: 'nowhere' });
    expect(missing.body.error).toEqual({ status: 'NOT_FOUND', message: 'Organization does not exist.' });
  });

  it('updates the annotations the filters select with one updatedData, custom statuses included', async () => {
    const custom = {
      id: 'NEEDS_REVIEW',
      name: 'Needs review',
      type: 'ongoing',
      color: '#123456',
      lightColor: '#abcdef',
    };
    const updated = await call('/v2/commentannotations/update', {
      ...doc,
      annotationIds: ['a1', 'nope'],
      updatedData: { status: custom, assignedTo: { userId: 'u3' }, priority: null },
    });
    expect(updated.body.result).toEqual({
      status: 'success',
      message: 'Annotations updated successfully.',
      data: {
        a1: { success: true, id: 'a1', message: 'Annotations updated successfully' },
        nope: { success: false, id: 'nope', message: 'Annotation not found.' },
      },
    });
    let [a1] = await annotations({ ...doc, annotationIds: ['a1'] });
    expect(a1).toMatchObject({ status: custom, assignedTo: { userId: 'u3' } });
    expect(a1.priority).toBeUndefined();
    expect(
      (await annotations({ organizationId: 'org-1', statusIds: ['NEEDS_REVIEW'] })).map((a) => a.annotationId),
    ).toEqual(['a1']);

    await call('/v2/commentannotations/update', {
      ...doc,
      annotationIds: ['a1'],
      updatedData: { status: { id: 'RESOLVED', name: 'Resolved', type: 'terminal' }, resolvedByUserId: 'u2' },
    });
    [a1] = await annotations({ ...doc, annotationIds: ['a1'] });
    expect(a1).toMatchObject({
      status: { id: 'RESOLVED', color: '#198F65', lightColor: '#EDF6F3' },
      resolvedByUserId: 'u2',
    });
    expect((await annotations({ organizationId: 'org-1', resolvedBy: 'u2' })).map((a) => a.annotationId)).toEqual([
      'a1',
    ]);
    // Velt: a status that is not terminal clears the resolver.
    await call('/v2/commentannotations/update', {
      ...doc,
      annotationIds: ['a1'],
      updatedData: { status: { id: 'OPEN', name: 'Open', type: 'default' } },
    });
    [a1] = await annotations({ ...doc, annotationIds: ['a1'] });
    expect(a1.status).toEqual(OPEN);
    expect(a1.resolvedByUserId).toBeUndefined();

    // By location, and updateUsers swapping a user wherever the annotation names them.
    const byLocation = await call<BatchResult>('/v2/commentannotations/update', {
      ...doc,
      locationIds: ['loc-1'],
      updateUsers: [{ oldUser: { userId: 'u3' }, newUser: { userId: 'u9', name: 'Nine' } }],
    });
    expect(Object.keys(byLocation.body.result.data)).toEqual(['a1']);
    [a1] = await annotations({ ...doc, annotationIds: ['a1'] });
    expect(a1.assignedTo).toEqual({ userId: 'u9', name: 'Nine' });
    expect(a1.comments[1].from).toEqual({ userId: 'u9', name: 'Nine' });
  });

  it('adds comments answering their new numeric ids, then updates, lists and deletes them by id', async () => {
    const ref = { ...doc, annotationId: 'a1' };
    const added = await call('/v2/commentannotations/comments/add', {
      ...ref,
      commentData: [say('third'), { ...say('custom'), commentId: 40 }, say('after')],
    });
    expect(added.body.result).toEqual({
      status: 'success',
      message: 'Comment(s) added successfully.',
      data: [3, 40, 4],
    });
    const next = await call('/v2/commentannotations/comments/add', { ...ref, commentData: [say('next')] });
    expect(next.body.result.data).toEqual([41]);
    const taken = await call('/v2/commentannotations/comments/add', {
      ...ref,
      commentData: [{ ...say('dup'), commentId: 40 }],
    });
    expect(taken.status).toBe(409);
    expect(taken.body.error).toEqual({ status: 'ALREADY_EXISTS', message: 'Comment 40 already exists.' });

    const updated = await call('/v2/commentannotations/comments/update', {
      ...ref,
      commentIds: [40, 999],
      updatedData: { commentText: 'Edited', commentHtml: '<b>Edited</b>' },
    });
    expect(updated.body.result).toEqual({
      status: 'success',
      message: 'Comment updated successfully.',
      data: {
        40: { success: true, id: 40, message: 'Updated successfully' },
        999: { success: false, id: 999, message: 'Not found' },
      },
    });
    const listed = await call<Comment[]>('/v2/commentannotations/comments/get', { ...ref, pageSize: 2 });
    expect(listed.body.result.data.map((c) => c.commentId)).toEqual([1, 2]);
    const byId = await call<Comment[]>('/v2/commentannotations/comments/get', { ...ref, commentIds: [40] });
    expect(byId.body.result.data).toEqual([
      expect.objectContaining({
        commentId: 40,
        commentText: 'Edited',
        commentHtml: '<b>Edited</b>',
        status: 'updated',
      }),
    ]);
    const byUser = await call<Comment[]>('/v2/commentannotations/comments/get', { ...ref, userIds: ['u9'] });
    expect(byUser.body.result.data.map((c) => c.commentId)).toEqual([2]);

    const deleted = await call('/v2/commentannotations/comments/delete', { ...ref, commentIds: [41, 999] });
    expect(deleted.body.result).toEqual({
      status: 'success',
      message: 'Comments(s) deleted successfully.',
      data: {
        41: { success: true, id: 41, message: 'Deleted successfully' },
        999: { success: false, id: 999, message: 'Not found' },
      },
    });
    // Ids are never handed out twice, even after a delete.
    expect(
      (await call('/v2/commentannotations/comments/add', { ...ref, commentData: [say('again')] })).body.result.data,
    ).toEqual([42]);
  });

  // Regression: the token carried the raw commentIds filter, ~3,300 characters for 100 ids, which pageToken (at most 2048) then refused.
  it('pages through comments filtered by 100 ids: every next token is accepted and each comment comes once', async () => {
    const ref = { ...doc, annotationId: 'many' };
    await call('/v2/commentannotations/add', {
      ...doc,
      commentAnnotations: [{ annotationId: 'many', commentData: [say('first')] }],
    });
    const ids = Array.from({ length: 130 }, (_, i) => 1_000_000_000 + i * 7);
    const added = await call<number[]>('/v2/commentannotations/comments/add', {
      ...ref,
      commentData: ids.map((commentId) => ({ ...say(String(commentId)), commentId })),
    });
    expect(added.body.result.data).toEqual(ids);
    const wanted = ids.filter((_, i) => i % 13 !== 0).slice(0, 100);

    const seen: number[] = [];
    const tokenLengths: number[] = [];
    let pageToken: string | undefined;
    do {
      const page = await call<Comment[]>('/v2/commentannotations/comments/get', {
        ...ref,
        commentIds: wanted,
        pageSize: 7,
        ...(pageToken ? { pageToken } : {}),
      });
      expect([page.status, page.body.error]).toEqual([200, undefined]);
      expect(page.body.result.data.length).toBeLessThanOrEqual(7);
      seen.push(...page.body.result.data.map((comment) => comment.commentId));
      pageToken = page.body.result.nextPageToken;
      if (pageToken) tokenLengths.push(pageToken.length);
    } while (pageToken);

    expect(tokenLengths).toHaveLength(14);
    expect(Math.max(...tokenLengths)).toBeLessThanOrEqual(2048);
    expect(seen).toHaveLength(100);
    expect([...seen].sort()).toEqual([...wanted].sort());
  });

  it('adds and deletes reactions keyed by icon on a numeric comment id', async () => {
    const ref = { ...doc, annotationId: 'a1', commentId: 1, from: { userId: 'u5' } };
    const added = await call<BatchResult>('/v2/commentannotations/comments/reactions/add', {
      ...ref,
      icons: ['👍', '🎉'],
    });
    expect(added.body.result.data['👍']).toEqual({ success: true, id: '👍', message: 'Reaction added.' });
    const again = await call<BatchResult>('/v2/commentannotations/comments/reactions/add', { ...ref, icons: ['👍'] });
    expect(again.body.result.data['👍']).toEqual({ success: false, id: '👍', message: 'Reaction already exists.' });
    const removed = await call('/v2/commentannotations/comments/reactions/delete', { ...ref, icons: ['🎉', '❤️'] });
    expect(removed.body.result.data).toEqual({
      '🎉': { success: true, id: '🎉', message: 'Reaction deleted.' },
      '❤️': { success: true, id: '❤️', message: 'Reaction does not exist.' },
    });
    const [comment] = (
      await call<Comment[]>('/v2/commentannotations/comments/get', { ...doc, annotationId: 'a1', commentIds: [1] })
    ).body.result.data;
    expect(comment.reactionAnnotations).toEqual([
      expect.objectContaining({
        type: 'reaction',
        icon: '👍',
        commentAnnotationId: 'a1',
        fromUsers: [expect.objectContaining({ from: { userId: 'u5' } })],
      }),
    ]);
    const missing = await call('/v2/commentannotations/comments/reactions/add', {
      ...ref,
      commentId: 999,
      icons: ['👍'],
    });
    expect(missing.body.error).toEqual({ status: 'NOT_FOUND', message: 'Comment does not exist.' });
  });

  it('counts annotations per document as a user sees them', async () => {
    const counted = await call('/v2/commentannotations/count/get', {
      organizationId: 'org-1',
      documentIds: ['doc-1', 'doc-2', 'ghost'],
      userId: 'u1',
      statusIds: ['OPEN', 'IN_PROGRESS'],
    });
    expect(counted.body.result).toEqual({
      status: 'success',
      message: 'Comment count retrieved successfully.',
      data: { 'doc-1': { total: 6, unread: 0 }, 'doc-2': { total: 2, unread: 0 } },
    });
    // A public document counts for any user of the key; a restricted one only for its grantees.
    await seedDocument(world, owner.apiKey, 'org-1', 'doc-secret', { accessType: 'restricted' });
    const stranger = await call('/v2/commentannotations/count/get', {
      organizationId: 'org-1',
      documentIds: ['doc-1', 'doc-secret'],
      userId: 'nobody',
    });
    expect(stranger.body.result.data).toEqual({ 'doc-1': { total: 6, unread: 0 } });
  });

  it.each([
    [
      '/v2/commentannotations/add',
      { ...doc, commentAnnotations: [{ annotationId: 'z1', status: 'closed', commentData: [say('x')] }] },
      'data.commentAnnotations[0].status',
    ],
    [
      '/v2/commentannotations/add',
      {
        ...doc,
        commentAnnotations: [
          { annotationId: 'z1', status: { id: 'X', name: 'X', type: 'closed' }, commentData: [say('x')] },
        ],
      },
      'data.commentAnnotations[0].status.type',
    ],
    [
      '/v2/commentannotations/add',
      {
        ...doc,
        commentAnnotations: [
          { annotationId: 'z1', commentData: [say('x')] },
          { annotationId: 'z1', commentData: [say('x')] },
        ],
      },
      'data.commentAnnotations[1].annotationId',
    ],
    [
      '/v2/commentannotations/add',
      { ...doc, commentAnnotations: [{ annotationId: 'z1', commentData: [{ commentText: 'no author' }] }] },
      'data.commentAnnotations[0].commentData[0].from',
    ],
    [
      '/v2/commentannotations/add',
      { ...doc, commentAnnotations: [{ annotationId: 'z1', commentData: [{ ...say('x'), commentId: 'c1' }] }] },
      'data.commentAnnotations[0].commentData[0].commentId',
    ],
    [
      '/v2/commentannotations/add',
      { ...doc, commentAnnotations: [{ annotationId: 'z1', comments: [say('x')] }] },
      'data.commentAnnotations[0].comments',
    ],
    [
      '/v2/commentannotations/add',
      { organizationId: 'org-1', commentAnnotations: [{ annotationId: 'z1', commentData: [say('x')] }] },
      'data.documentId',
    ],
    ['/v2/commentannotations/add', { ...doc, commentAnnotations: [] }, 'data.commentAnnotations'],
    [
      '/v2/commentannotations/add',
      { ...doc, from: { name: 'x' }, commentAnnotations: [{ annotationId: 'z1', commentData: [say('x')] }] },
      'data.from.userId',
    ],
    [
      '/v2/commentannotations/update',
      { ...doc, annotationIds: ['a1'], updatedData: { priority: 'critical' } },
      'data.updatedData.priority',
    ],
    [
      '/v2/commentannotations/comments/add',
      { ...doc, annotationId: 'a1', commentData: [{ ...say('x'), commentText: 7 }] },
      'data.commentData[0].commentText',
    ],
    ['/v2/commentannotations/comments/get', { ...doc, annotationId: 'a1', commentIds: ['c1'] }, 'data.commentIds'],
    [
      '/v2/commentannotations/comments/reactions/add',
      { ...doc, annotationId: 'a1', commentId: 1, icons: ['👍'] },
      'data.from',
    ],
    ['/v2/commentannotations/get', { ...doc, pageSize: 0 }, 'data.pageSize'],
    ['/v2/commentannotations/get', { ...doc, order: 'newest' }, 'data.order'],
    ['/v2/commentannotations/get', { ...doc, agentId: 'a', agentComments: true }, 'Only one agent filter'],
  ])('%s refuses bad input naming the field (%#)', async (path, data, field) => {
    const before = await world.query(
      'SELECT (SELECT count(*) FROM comment_annotation) AS a, (SELECT count(*) FROM comment) AS c, (SELECT count(*) FROM comment_reaction) AS r',
    );
    const response = await call(path, data);
    expect(response.status).toBe(400);
    expect(response.body.error.status).toBe('INVALID_ARGUMENT');
    expect(response.body.error.message).toContain(field);
    expect(
      await world.query(
        'SELECT (SELECT count(*) FROM comment_annotation) AS a, (SELECT count(*) FROM comment) AS c, (SELECT count(*) FROM comment_reaction) AS r',
      ),
    ).toEqual(before);
  });

  it('answers NOT_FOUND for a missing document or annotation, creates them when asked, and keeps API keys apart', async () => {
    const missingDoc = await call('/v2/commentannotations/add', {
      organizationId: 'org-1',
      documentId: 'nope',
      commentAnnotations: [{ annotationId: 'x', commentData: [say('x')] }],
    });
    expect(missingDoc.status).toBe(404);
    expect(missingDoc.body.error).toEqual({ status: 'NOT_FOUND', message: 'Document does not exist.' });
    // Comments name the document even when its organization is what is missing, with or without `from`.
    for (const from of [undefined, { userId: 'u1' }]) {
      const orphan = await call('/v2/commentannotations/get', { organizationId: 'nowhere', documentId: 'doc-1', from });
      expect(orphan.body.error).toEqual({ status: 'NOT_FOUND', message: 'Document does not exist.' });
    }
    const missingAnnotation = await call('/v2/commentannotations/comments/add', {
      ...doc,
      annotationId: 'nope',
      commentData: [say('x')],
    });
    expect(missingAnnotation.body.error).toEqual({ status: 'NOT_FOUND', message: 'Annotation does not exist.' });
    const created = await call<Record<string, Added>>('/v2/commentannotations/add', {
      organizationId: 'org-new',
      documentId: 'doc-new',
      createOrganization: true,
      createDocument: true,
      commentAnnotations: [{ annotationId: 'c1', commentData: [say('x')] }],
    });
    expect(created.body.result.data.c1.success).toBe(true);
    expect(
      await world.query(`SELECT id, name FROM document WHERE api_key_id = $1 AND organization_id = 'org-new'`, [
        owner.apiKey,
      ]),
    ).toEqual([{ id: 'doc-new', name: 'doc-new' }]);
    const stranger = await createWorkspace(api.url);
    const crossed = await call('/v2/commentannotations/get', doc, stranger);
    expect(crossed.status).toBe(404);
  });

  it('refuses a user acting on a disabled document', async () => {
    await seedDocument(world, owner.apiKey, 'org-1', 'doc-off');
    await world.query(`UPDATE document SET disabled = true WHERE api_key_id = $1 AND id = 'doc-off'`, [owner.apiKey]);
    const denied = await call('/v2/commentannotations/add', {
      organizationId: 'org-1',
      documentId: 'doc-off',
      from: { userId: 'u1' },
      commentAnnotations: [{ annotationId: 'x', commentData: [say('x')] }],
    });
    expect(denied.status).toBe(403);
    expect(denied.body.error.status).toBe('PERMISSION_DENIED');
  });

  it('applies the access rule to the acting user and, with verifyUserPermissions, to each author', async () => {
    await seedDocument(world, owner.apiKey, 'org-1', 'doc-private', { accessType: 'restricted' });
    const target = { organizationId: 'org-1', documentId: 'doc-private' };
    const grant = (userId: string, accessRole: string) =>
      call('/v2/auth/permissions/add', {
        userId,
        permissions: { resources: [{ type: 'document', id: 'doc-private', organizationId: 'org-1', accessRole }] },
      });
    const note = (annotationId: string) => ({ annotationId, commentData: [say('x')] });
    // Restricted: the organization role of u1 does not count, only explicit document grants.
    expect(
      (
        await call('/v2/commentannotations/add', {
          ...target,
          from: { userId: 'u1' },
          commentAnnotations: [note('early')],
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await call('/v2/commentannotations/add', {
          ...target,
          verifyUserPermissions: true,
          commentAnnotations: [note('early')],
        })
      ).status,
    ).toBe(403);
    await grant('u1', 'editor');
    await grant('reader', 'viewer');
    const add = (userId: string) =>
      call<Record<string, Added>>('/v2/commentannotations/add', {
        ...target,
        from: { userId },
        commentAnnotations: [note(`by-${userId}`)],
      });
    const read = (userId: string) => call('/v2/commentannotations/get', { ...target, from: { userId } });
    const byEditor = await add('u1');
    expect(byEditor.status).toBe(200);
    expect(byEditor.body.result.data['by-u1'].success).toBe(true);
    const byViewer = await add('reader');
    expect(byViewer.status).toBe(403);
    expect(byViewer.body.error).toEqual({
      status: 'PERMISSION_DENIED',
      message: 'The user may not comment on this document.',
    });
    expect((await read('reader')).status).toBe(200);
    const stranger = await read('nobody');
    expect(stranger.status).toBe(403);
    expect(stranger.body.error.message).toBe('The user may not read this document.');
    // Organization-wide, a user sees only the documents they may read.
    const wide = await annotations({ organizationId: 'org-1', from: { userId: 'u2' } });
    expect(wide.some((a) => a.metadata.documentId === 'doc-private')).toBe(false);
    expect(wide.some((a) => a.metadata.documentId === 'doc-1')).toBe(true);
    const stored = await world.query(
      `SELECT id FROM comment_annotation WHERE api_key_id = $1 AND document_id = 'doc-private'`,
      [owner.apiKey],
    );
    expect(stored).toEqual([{ id: 'by-u1' }]);
  });

  it('deletes annotations by filter (all of the document without one), cascading to comments; re-keying a document carries its comments', async () => {
    await seedDocument(world, owner.apiKey, 'org-1', 'doc-old');
    const old = { organizationId: 'org-1', documentId: 'doc-old' };
    await call('/v2/commentannotations/add', {
      ...old,
      commentAnnotations: [
        { annotationId: 'm1', commentData: [say('moving')] },
        { annotationId: 'm2', location: { id: 'L' }, commentData: [say('too')] },
        { annotationId: 'm3', commentData: [say('last')] },
      ],
    });
    await call('/v2/commentannotations/comments/reactions/add', {
      ...old,
      annotationId: 'm1',
      commentId: 1,
      from: { userId: 'u1' },
      icons: ['👀'],
    });
    await world.query(
      `UPDATE document SET id = 'doc-moved' WHERE api_key_id = $1 AND organization_id = 'org-1' AND id = 'doc-old'`,
      [owner.apiKey],
    );
    const moved = await annotations({ organizationId: 'org-1', documentId: 'doc-moved', annotationIds: ['m1'] });
    expect(moved).toEqual([
      expect.objectContaining({
        annotationId: 'm1',
        metadata: { apiKey: owner.apiKey, organizationId: 'org-1', documentId: 'doc-moved' },
        comments: [
          expect.objectContaining({ commentId: 1, reactionAnnotations: [expect.objectContaining({ icon: '👀' })] }),
        ],
      }),
    ]);
    const deleted = await call('/v2/commentannotations/delete', {
      organizationId: 'org-1',
      documentId: 'doc-moved',
      annotationIds: ['m1', 'ghost'],
    });
    expect(deleted.body.result).toEqual({
      status: 'success',
      message: 'Annotations deleted successfully.',
      data: {
        m1: { success: true, id: 'm1', message: 'Deleted Successfully' },
        ghost: { success: false, id: 'ghost', message: 'Annotation not found.' },
      },
    });
    // Velt: organizationId may be left out; the document is found by its id.
    const byLocation = await call<BatchResult>('/v2/commentannotations/delete', {
      documentId: 'doc-moved',
      locationIds: ['L'],
    });
    expect(byLocation.body.error).toBeUndefined();
    expect(Object.keys(byLocation.body.result.data)).toEqual(['m2']);
    const rest = await call<BatchResult>('/v2/commentannotations/delete', {
      organizationId: 'org-1',
      documentId: 'doc-moved',
    });
    expect(Object.keys(rest.body.result.data)).toEqual(['m3']);
    expect(await world.query(`SELECT * FROM comment WHERE document_id = 'doc-moved'`)).toEqual([]);
    expect(await world.query(`SELECT * FROM comment_annotation WHERE document_id = 'doc-moved'`)).toEqual([]);
  });
});
