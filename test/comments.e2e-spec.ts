import { createTestEnvironment, TestEnvironment } from './support/test-environment';
import { RunningApi, startApi } from './support/processes';
import { apiKeyHeaders, BatchResult, createWorkspace, Credentials, post } from './support/http-client';
import { seedDocument, seedEditors } from './support/seed';

interface Comment {
  commentId: string;
  commentText: string;
  reactions: Array<{ icon: string; user: { userId: string } }>;
}

interface Annotation {
  annotationId: string;
  status: string;
  comments: Comment[];
}

describe('comment annotations, comments and reactions', () => {
  let world: TestEnvironment;
  let api: RunningApi;
  let owner: Credentials;
  const doc = { organizationId: 'org-1', documentId: 'doc-1' };
  const call = <T = unknown>(path: string, data: unknown, who: Credentials = owner) => post<T>(api.url, path, data, apiKeyHeaders(who));

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

  it('adds annotations with first comments, per item, and refuses an existing id without failing the batch', async () => {
    const first = await call('/v2/commentannotations/add', {
      ...doc,
      from: { userId: 'u1', name: 'Ann', email: 'ann@example.com' },
      commentAnnotations: [{ annotationId: 'a1', priority: 'high', comments: [{ commentId: 'c1', commentText: 'Hello', toContactsTagged: [{ userId: 'u2' }] }] }],
    });
    expect(first.status).toBe(200);
    expect(first.body.result).toEqual({
      status: 'success',
      message: 'Comment annotation(s) added successfully.',
      data: { a1: { success: true, id: 'a1', message: 'Annotation added.' } },
    });
    const second = await call('/v2/commentannotations/add', { ...doc, commentAnnotations: [{ annotationId: 'a1' }, { annotationId: 'a2' }] });
    expect(second.body.result.data).toEqual({
      a1: { success: false, id: 'a1', message: 'Annotation already exists.' },
      a2: { success: true, id: 'a2', message: 'Annotation added.' },
    });
    const got = await call('/v2/commentannotations/get', { ...doc, annotationIds: ['a1'] });
    expect(got.body.result.data).toEqual([
      expect.objectContaining({
        annotationId: 'a1',
        status: 'open',
        priority: 'high',
        createdBy: { userId: 'u1', name: 'Ann', email: 'ann@example.com' },
        comments: [expect.objectContaining({ commentId: 'c1', commentText: 'Hello', toContactsTagged: [{ userId: 'u2' }], reactions: [] })],
      }),
    ]);
  });

  it('pages annotations with a signed keyset token and refuses a tampered one', async () => {
    await call('/v2/commentannotations/add', { ...doc, commentAnnotations: [{ annotationId: 'p1' }, { annotationId: 'p2' }, { annotationId: 'p3' }] });
    const seen: string[] = [];
    let pageToken: string | undefined;
    do {
      const page = await call<Annotation[]>('/v2/commentannotations/get', { ...doc, pageSize: 2, ...(pageToken ? { pageToken } : {}) });
      expect(page.status).toBe(200);
      seen.push(...page.body.result.data.map((a) => a.annotationId));
      pageToken = page.body.result.nextPageToken;
    } while (pageToken);
    expect(seen).toEqual(expect.arrayContaining(['a1', 'a2', 'p1', 'p2', 'p3']));
    expect(new Set(seen).size).toBe(seen.length);
    const firstPage = await call('/v2/commentannotations/get', { ...doc, pageSize: 1 });
    const tampered = await call('/v2/commentannotations/get', { ...doc, pageSize: 1, pageToken: `${firstPage.body.result.nextPageToken}x` });
    expect(tampered.status).toBe(400);
    expect(tampered.body.error).toEqual({ status: 'INVALID_ARGUMENT', message: 'Invalid pageToken.' });
  });

  it('updates status, assignment and priority per item', async () => {
    const updated = await call('/v2/commentannotations/update', {
      ...doc,
      commentAnnotations: [{ annotationId: 'a1', status: 'resolved', assignedTo: { userId: 'u3' }, priority: null }, { annotationId: 'nope', status: 'open' }],
    });
    expect(updated.body.result.data).toEqual({
      a1: { success: true, id: 'a1', message: 'Annotation updated.' },
      nope: { success: false, id: 'nope', message: 'Annotation does not exist.' },
    });
    const [annotation] = (await call<Annotation[]>('/v2/commentannotations/get', { ...doc, annotationIds: ['a1'] })).body.result.data;
    expect(annotation).toMatchObject({ status: 'resolved', assignedTo: { userId: 'u3' }, priority: null });
  });

  it('adds, updates, lists and deletes comments with per-item results', async () => {
    const ref = { ...doc, annotationId: 'a1' };
    const added = await call('/v2/commentannotations/comments/add', { ...ref, comments: [{ commentId: 'c1', commentText: 'dup' }, { commentId: 'c2', commentText: 'Second' }] });
    expect(added.body.result.data).toEqual({
      c1: { success: false, id: 'c1', message: 'Comment already exists.' },
      c2: { success: true, id: 'c2', message: 'Comment added.' },
    });
    const updated = await call('/v2/commentannotations/comments/update', { ...ref, comments: [{ commentId: 'c2', commentText: 'Edited' }, { commentId: 'c9', commentText: 'x' }] });
    expect(updated.body.result.data).toEqual({
      c2: { success: true, id: 'c2', message: 'Comment updated.' },
      c9: { success: false, id: 'c9', message: 'Comment does not exist.' },
    });
    const listed = await call<Comment[]>('/v2/commentannotations/comments/get', { ...ref, pageSize: 1 });
    expect(listed.body.result.data.map((c) => c.commentId)).toEqual(['c1']);
    const next = await call('/v2/commentannotations/comments/get', { ...ref, pageToken: listed.body.result.nextPageToken });
    expect(next.body.result.data).toEqual([expect.objectContaining({ commentId: 'c2', commentText: 'Edited' })]);
    expect(next.body.result.nextPageToken).toBeUndefined();
    const deleted = await call('/v2/commentannotations/comments/delete', { ...ref, commentIds: ['c2', 'c9'] });
    expect(deleted.body.result.data).toEqual({
      c2: { success: true, id: 'c2', message: 'Comment deleted.' },
      c9: { success: true, id: 'c9', message: 'Comment does not exist.' },
    });
  });

  // Regression: the token carried the raw commentIds filter, ~3,300 characters for 100 ids, which pageToken (at most 2048) then refused.
  it('pages through comments filtered by 100 ids: every next token is accepted and each comment comes once', async () => {
    const ref = { ...doc, annotationId: 'many' };
    const ids = Array.from({ length: 130 }, (_, i) => `comment-with-a-long-identifier-${String(i).padStart(4, '0')}`);
    const wanted = ids.filter((_, i) => i % 13 !== 0).slice(0, 100);
    await call('/v2/commentannotations/add', { ...doc, commentAnnotations: [{ annotationId: 'many' }] });
    const added = await call('/v2/commentannotations/comments/add', { ...ref, comments: ids.map((commentId) => ({ commentId, commentText: commentId })) });
    const results = (added.body as { result: { data: Record<string, { success: boolean }> } }).result.data;
    expect(Object.values(results).filter((entry) => !entry.success)).toEqual([]);
    expect(JSON.stringify(wanted).length).toBeGreaterThan(3000);

    const seen: string[] = [];
    const tokenLengths: number[] = [];
    let pageToken: string | undefined;
    do {
      const page = await call('/v2/commentannotations/comments/get', { ...ref, commentIds: wanted, pageSize: 7, ...(pageToken ? { pageToken } : {}) });
      const body = page.body as { error?: unknown; result: { data: Array<{ commentId: string }>; nextPageToken?: string } };
      expect([page.status, body.error]).toEqual([200, undefined]);
      expect(body.result.data.length).toBeLessThanOrEqual(7);
      seen.push(...body.result.data.map((comment) => comment.commentId));
      pageToken = body.result.nextPageToken;
      if (pageToken) tokenLengths.push(pageToken.length);
    } while (pageToken);

    expect(tokenLengths).toHaveLength(14);
    expect(Math.max(...tokenLengths)).toBeLessThanOrEqual(2048);
    expect(seen).toHaveLength(100);
    expect([...seen].sort()).toEqual([...wanted].sort());
  });

  it('adds and deletes reactions keyed by icon', async () => {
    const ref = { ...doc, annotationId: 'a1', commentId: 'c1', from: { userId: 'u5' } };
    const added = await call<BatchResult>('/v2/commentannotations/comments/reactions/add', { ...ref, icons: ['👍', '🎉'] });
    expect(added.body.result.data['👍']).toEqual({ success: true, id: '👍', message: 'Reaction added.' });
    const again = await call<BatchResult>('/v2/commentannotations/comments/reactions/add', { ...ref, icons: ['👍'] });
    expect(again.body.result.data['👍']).toEqual({ success: false, id: '👍', message: 'Reaction already exists.' });
    const removed = await call('/v2/commentannotations/comments/reactions/delete', { ...ref, icons: ['🎉', '❤️'] });
    expect(removed.body.result.data).toEqual({
      '🎉': { success: true, id: '🎉', message: 'Reaction deleted.' },
      '❤️': { success: true, id: '❤️', message: 'Reaction does not exist.' },
    });
    const comments = await call<Comment[]>('/v2/commentannotations/comments/get', { ...doc, annotationId: 'a1', commentIds: ['c1'] });
    expect(comments.body.result.data[0].reactions).toEqual([{ icon: '👍', user: { userId: 'u5' } }]);
  });

  it.each([
    ['/v2/commentannotations/add', { ...doc, commentAnnotations: [{ annotationId: 'z1', status: 'closed' }] }, 'data.commentAnnotations[0].status'],
    ['/v2/commentannotations/add', { ...doc, commentAnnotations: [{ annotationId: 'z1' }, { annotationId: 'z1' }] }, 'data.commentAnnotations[1].annotationId'],
    ['/v2/commentannotations/add', { ...doc, commentAnnotations: [{ annotationId: 'z1', comments: [{ commentId: 'k', commentText: '' }] }] }, 'data.commentAnnotations[0].comments[0].commentText'],
    ['/v2/commentannotations/add', { organizationId: 'org-1', commentAnnotations: [{ annotationId: 'z1' }] }, 'data.documentId'],
    ['/v2/commentannotations/add', { ...doc, commentAnnotations: [] }, 'data.commentAnnotations'],
    ['/v2/commentannotations/add', { ...doc, from: { name: 'x' }, commentAnnotations: [{ annotationId: 'z1' }] }, 'data.from.userId'],
    ['/v2/commentannotations/update', { ...doc, commentAnnotations: [{ annotationId: 'a1', priority: 'critical' }] }, 'data.commentAnnotations[0].priority'],
    ['/v2/commentannotations/comments/add', { ...doc, annotationId: 'a1', comments: [{ commentId: 'z2', commentText: 7 }] }, 'data.comments[0].commentText'],
    ['/v2/commentannotations/comments/reactions/add', { ...doc, annotationId: 'a1', commentId: 'c1', icons: ['👍'] }, 'data.from'],
    ['/v2/commentannotations/get', { ...doc, pageSize: 0 }, 'data.pageSize'],
  ])('%s refuses bad input naming the field (%#)', async (path, data, field) => {
    const before = await world.query('SELECT (SELECT count(*) FROM comment_annotation) AS a, (SELECT count(*) FROM comment) AS c, (SELECT count(*) FROM comment_reaction) AS r');
    const response = await call(path, data);
    expect(response.status).toBe(400);
    expect(response.body.error.status).toBe('INVALID_ARGUMENT');
    expect(response.body.error.message).toContain(field);
    expect(await world.query('SELECT (SELECT count(*) FROM comment_annotation) AS a, (SELECT count(*) FROM comment) AS c, (SELECT count(*) FROM comment_reaction) AS r')).toEqual(before);
  });

  it('answers NOT_FOUND for a missing document or annotation, and keeps API keys apart', async () => {
    const missingDoc = await call('/v2/commentannotations/add', { organizationId: 'org-1', documentId: 'nope', commentAnnotations: [{ annotationId: 'x' }] });
    expect(missingDoc.status).toBe(404);
    expect(missingDoc.body.error).toEqual({ status: 'NOT_FOUND', message: 'Document does not exist.' });
    // Comments name the document even when its organization is what is missing, with or without `from`.
    for (const from of [undefined, { userId: 'u1' }]) {
      const orphan = await call('/v2/commentannotations/get', { organizationId: 'nowhere', documentId: 'doc-1', from });
      expect(orphan.body.error).toEqual({ status: 'NOT_FOUND', message: 'Document does not exist.' });
    }
    const missingAnnotation = await call('/v2/commentannotations/comments/add', { ...doc, annotationId: 'nope', comments: [{ commentId: 'x', commentText: 'x' }] });
    expect(missingAnnotation.body.error).toEqual({ status: 'NOT_FOUND', message: 'Annotation does not exist.' });
    const stranger = await createWorkspace(api.url);
    const crossed = await call('/v2/commentannotations/get', doc, stranger);
    expect(crossed.status).toBe(404);
  });

  it('refuses a user acting on a disabled document', async () => {
    await seedDocument(world, owner.apiKey, 'org-1', 'doc-off');
    await world.query(`UPDATE document SET disabled = true WHERE api_key_id = $1 AND id = 'doc-off'`, [owner.apiKey]);
    const denied = await call('/v2/commentannotations/add', { organizationId: 'org-1', documentId: 'doc-off', from: { userId: 'u1' }, commentAnnotations: [{ annotationId: 'x' }] });
    expect(denied.status).toBe(403);
    expect(denied.body.error.status).toBe('PERMISSION_DENIED');
  });

  it('applies the access rule to the acting user: viewers read, editors write, strangers neither', async () => {
    await seedDocument(world, owner.apiKey, 'org-1', 'doc-private', { accessType: 'restricted' });
    const target = { organizationId: 'org-1', documentId: 'doc-private' };
    const grant = (userId: string, accessRole: string) =>
      call('/v2/auth/permissions/add', { userId, permissions: { resources: [{ type: 'document', id: 'doc-private', organizationId: 'org-1', accessRole }] } });
    // Restricted: the organization role of u1 does not count, only explicit document grants.
    expect((await call('/v2/commentannotations/add', { ...target, from: { userId: 'u1' }, commentAnnotations: [{ annotationId: 'early' }] })).status).toBe(403);
    await grant('u1', 'editor');
    await grant('reader', 'viewer');
    const add = (userId: string) => call<BatchResult>('/v2/commentannotations/add', { ...target, from: { userId }, commentAnnotations: [{ annotationId: `by-${userId}` }] });
    const read = (userId: string) => call('/v2/commentannotations/get', { ...target, from: { userId } });
    const byEditor = await add('u1');
    expect(byEditor.status).toBe(200);
    expect(byEditor.body.result.data['by-u1'].success).toBe(true);
    const byViewer = await add('reader');
    expect(byViewer.status).toBe(403);
    expect(byViewer.body.error).toEqual({ status: 'PERMISSION_DENIED', message: 'The user may not comment on this document.' });
    expect((await read('reader')).status).toBe(200);
    const stranger = await read('nobody');
    expect(stranger.status).toBe(403);
    expect(stranger.body.error.message).toBe('The user may not read this document.');
    const stored = await world.query(`SELECT id FROM comment_annotation WHERE api_key_id = $1 AND document_id = 'doc-private'`, [owner.apiKey]);
    expect(stored).toEqual([{ id: 'by-u1' }]);
  });

  it('deleting annotations is per item and cascades to comments; re-keying a document carries its comments', async () => {
    await seedDocument(world, owner.apiKey, 'org-1', 'doc-old');
    const old = { organizationId: 'org-1', documentId: 'doc-old' };
    await call('/v2/commentannotations/add', { ...old, commentAnnotations: [{ annotationId: 'm1', comments: [{ commentId: 'mc', commentText: 'moving' }] }] });
    await call('/v2/commentannotations/comments/reactions/add', { ...old, annotationId: 'm1', commentId: 'mc', from: { userId: 'u1' }, icons: ['👀'] });
    await world.query(`UPDATE document SET id = 'doc-new' WHERE api_key_id = $1 AND organization_id = 'org-1' AND id = 'doc-old'`, [owner.apiKey]);
    const moved = await call('/v2/commentannotations/get', { organizationId: 'org-1', documentId: 'doc-new' });
    expect(moved.body.result.data).toEqual([
      expect.objectContaining({ annotationId: 'm1', documentId: 'doc-new', comments: [expect.objectContaining({ commentId: 'mc', reactions: [{ icon: '👀', user: { userId: 'u1' } }] })] }),
    ]);
    const deleted = await call('/v2/commentannotations/delete', { organizationId: 'org-1', documentId: 'doc-new', annotationIds: ['m1', 'ghost'] });
    expect(deleted.body.result.data).toEqual({
      m1: { success: true, id: 'm1', message: 'Annotation deleted.' },
      ghost: { success: true, id: 'ghost', message: 'Annotation does not exist.' },
    });
    expect(await world.query(`SELECT * FROM comment WHERE document_id = 'doc-new'`)).toEqual([]);
  });
});
