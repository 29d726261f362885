// The user module loads jose (ES modules only, which this test runner does not load); the services only name its classes.
jest.mock('@app/user', () => ({
  UserService: class {},
  UserContacts: class {},
  UserContactsModule: class {},
  UserModule: class {},
}));

import { DataSource, EntityManager } from 'typeorm';
import { AppConfig, ErrorCode } from '@app/common';
import { EmittedEvent } from '@app/events';
import { CommentAccess } from './comment-access';
import { CommentAnnotationService } from './comment-annotation.service';
import { CommentFeed, FeedWork, ThreadChange } from './comment-feed';
import { CommentMentions } from './comment-mentions';
import { StoredThread } from './comment-sql';
import {
  AddedThreads,
  AgentSelection,
  AnnotationChange,
  AnnotationSelection,
  CommentPageQuery,
  CommentStore,
  CommentUsers,
  CommentWithReactions,
  DeletedAnnotation,
  NewComment,
  NewThread,
} from './comment-store';
import { CommentService } from './comment.service';
import { CommentAnnotation } from './entities/comment-annotation.entity';

/** What the services asked of the store, and what it answers. */
class FakeStore {
  documentFound = true;
  /** Annotation id -> next comment id; a missing key is a missing annotation. */
  counters = new Map<string, number>();
  /** Annotation id -> comment ids stored. */
  comments = new Map<string, number[]>();
  readonly calls: string[] = [];

  addThreads(
    _manager: EntityManager,
    _apiKeyId: string,
    _organizationId: string,
    _documentId: string,
    threads: NewThread[],
    comments: NewComment[],
  ): Promise<AddedThreads> {
    this.calls.push('addThreads');
    if (!this.documentFound) return Promise.resolve({ documentFound: false, added: [] });
    const added = threads.filter((thread) => !this.counters.has(thread.id));
    for (const thread of added) {
      this.counters.set(thread.id, thread.next_comment_id);
      this.comments.set(
        thread.id,
        comments.filter((c) => c.annotation_id === thread.id).map((c) => c.id),
      );
    }
    return Promise.resolve({
      documentFound: true,
      added: added.map((thread, i) => ({ ...this.thread(thread.id), cursor: String(i + 1) })),
    });
  }

  lockAnnotation(_m: EntityManager, _k: string, _o: string, _d: string, annotationId: string): Promise<string | null> {
    this.calls.push('lockAnnotation');
    const next = this.counters.get(annotationId);
    return Promise.resolve(next === undefined ? null : String(next));
  }

  addComments(
    _m: EntityManager,
    _k: string,
    _o: string,
    _d: string,
    annotationId: string,
    comments: NewComment[],
    givenIds: number[],
    nextCommentId: number,
  ): Promise<number | null> {
    this.calls.push('addComments');
    const stored = this.comments.get(annotationId)!;
    const taken = givenIds.find((id) => stored.includes(id));
    if (taken !== undefined) return Promise.resolve(taken);
    stored.push(...comments.map((c) => c.id));
    this.counters.set(annotationId, Math.max(this.counters.get(annotationId)!, nextCommentId));
    return Promise.resolve(null);
  }

  /** Annotation rows by id, for update and delete; `organizations` answers which hold a document. */
  rows = new Map<string, CommentAnnotation>();
  organizations: string[] = ['o'];
  /** The comments' authors and tags, for updateUsers. */
  users: CommentUsers[] = [];
  pageQueries: CommentPageQuery[] = [];
  updatedComments: Array<{ ids: number[]; change: Record<string, string | null> }> = [];
  writtenAnnotations: AnnotationChange[] = [];
  writtenUsers: CommentUsers[] = [];
  deletions: Array<AnnotationSelection & AgentSelection> = [];

  commentPage(_d: DataSource, _k: string, query: CommentPageQuery) {
    this.calls.push('commentPage');
    this.pageQueries.push(query);
    const found = this.counters.has(query.annotationId);
    const comments: CommentWithReactions[] = (this.comments.get(query.annotationId) ?? [])
      .filter((id) => query.after === null || id > Number(query.after))
      .slice(0, query.limit)
      .map((id) => ({
        comment: {
          id: String(id),
          seq: String(id),
          text: `c${id}`,
          from,
          taggedUserContacts: [],
          attachments: [],
          createdAt: new Date(0),
          updatedAt: new Date(0),
        } as never,
        reactions: [{ commentId: String(id), icon: 'like', user: from, createdAt: new Date(0) } as never],
      }));
    return Promise.resolve({ found, comments });
  }

  updateComments(
    _m: EntityManager,
    _k: string,
    ref: { annotationId: string },
    ids: number[],
    change: Record<string, string | null>,
  ) {
    this.calls.push('updateComments');
    this.updatedComments.push({ ids, change });
    const stored = this.comments.get(ref.annotationId) ?? [];
    return Promise.resolve(ids.filter((id) => stored.includes(id)));
  }

  lockAnnotations(_m: EntityManager, _k: string, _d: unknown, selection: AnnotationSelection) {
    this.calls.push('lockAnnotations');
    const ids = selection.annotationIds;
    return Promise.resolve(
      [...this.rows.values()].filter((row) => !ids || ids.includes(row.id)).map((row) => ({ ...row })),
    );
  }

  updateAnnotations(_m: EntityManager, _k: string, _d: unknown, changes: AnnotationChange[]) {
    this.calls.push('updateAnnotations');
    this.writtenAnnotations.push(...changes);
    return Promise.resolve();
  }

  commentUsers(_m: EntityManager, _k: string, _d: unknown, annotationIds: string[]) {
    this.calls.push('commentUsers');
    return Promise.resolve(this.users.filter((c) => annotationIds.includes(c.annotationId)).map((c) => ({ ...c })));
  }

  setCommentUsers(_m: EntityManager, _k: string, _d: unknown, comments: CommentUsers[]) {
    this.calls.push('setCommentUsers');
    this.writtenUsers.push(...comments);
    return Promise.resolve();
  }

  deleteAnnotations(_m: EntityManager, _k: string, _d: unknown, selection: AnnotationSelection & AgentSelection) {
    this.calls.push('deleteAnnotations');
    this.deletions.push(selection);
    const ids = selection.annotationIds;
    const gone = [...this.rows.values()].filter((row) => !ids || ids.includes(row.id));
    for (const row of gone) this.rows.delete(row.id);
    return Promise.resolve(
      gone.map<DeletedAnnotation>((row) => ({ id: row.id, visibility: row.visibility, created_by: row.createdBy })),
    );
  }

  annotationOrganizations() {
    this.calls.push('annotationOrganizations');
    return Promise.resolve(this.organizations);
  }

  thread(annotationId: string): StoredThread {
    const row =
      this.rows.get(annotationId) ?? ({ id: annotationId, organizationId: 'o', documentId: 'd' } as CommentAnnotation);
    const comments = (this.comments.get(annotationId) ?? []).map((commentId) => ({ commentId, commentText: '' }));
    return { row, view: { annotationId, comments }, documentName: 'Doc' };
  }
}

/** The feed's transaction without a database: the work runs, `flush` answers the changed threads from the store. */
function fakeFeed(store: FakeStore, changes: ThreadChange[], events: EmittedEvent[]): CommentFeed {
  return {
    transaction<T>(_apiKeyId: string, _actor: unknown, work: FeedWork<T>): Promise<T> {
      const flush = () =>
        Promise.resolve([...new Set(changes.map((change) => change.annotationId))].map((id) => store.thread(id)));
      return work(
        {} as EntityManager,
        (event) => events.push(event),
        (change) => changes.push(change),
        flush,
      );
    },
  } as unknown as CommentFeed;
}

const access = { checkAdd: () => Promise.resolve(), check: () => Promise.resolve() } as unknown as CommentAccess;
const mentions = {
  withGroupMembers: (_m: EntityManager, _k: string, _o: string, comment: unknown) => Promise.resolve(comment),
} as unknown as CommentMentions;

function services() {
  const store = new FakeStore();
  const changes: ThreadChange[] = [];
  const events: EmittedEvent[] = [];
  const feed = fakeFeed(store, changes, events);
  const comments = new CommentService(
    feed,
    { manager: {} } as DataSource,
    access,
    { pageTokenKey: Buffer.alloc(32, 7) } as AppConfig,
    mentions,
    store as unknown as CommentStore,
  );
  const annotations = new CommentAnnotationService(feed, access, mentions, store as unknown as CommentStore);
  return { store, changes, events, comments, annotations };
}

const from = { userId: 'ann' };
const open = { id: 'OPEN', name: 'Open', type: 'default' as const };
const resolved = { id: 'RESOLVED', name: 'Resolved', type: 'terminal' as const };
/** An annotation row as the store locks it. */
const row = (id: string, extra: Partial<CommentAnnotation> = {}) =>
  ({
    apiKeyId: 'key',
    organizationId: 'o',
    documentId: 'd',
    id,
    status: open,
    priority: null,
    assignedTo: null,
    createdBy: from,
    location: null,
    locationId: null,
    targetElement: null,
    context: null,
    suggestion: null,
    visibility: null,
    resolvedByUserId: null,
    statusUpdatedByUserId: null,
    ...extra,
  }) as CommentAnnotation;
const ref = { organizationId: 'o', documentId: 'd', annotationId: 'a1' };

describe('comment add against a fake store', () => {
  it('numbers new comments from the locked counter around the given ids, and moves the counter past them', async () => {
    const { store, comments, changes } = services();
    store.counters.set('a1', 3);
    store.comments.set('a1', [1, 2]);
    const ids = await comments.add('key', {
      ...ref,
      commentData: [{ from }, { from, commentId: 4 }, { from }],
    });
    expect(ids).toEqual([3, 4, 5]);
    expect(store.counters.get('a1')).toBe(6);
    expect(store.calls).toEqual(['lockAnnotation', 'addComments']);
    expect(changes.map((change) => [change.kind, change.commentId])).toEqual([
      ['comment_added', 3],
      ['comment_added', 4],
      ['comment_added', 5],
    ]);
  });

  it('refuses a given id that is taken, and a missing annotation', async () => {
    const { store, comments } = services();
    store.counters.set('a1', 3);
    store.comments.set('a1', [1, 2]);
    await expect(comments.add('key', { ...ref, commentData: [{ from, commentId: 2 }] })).rejects.toMatchObject({
      code: ErrorCode.ALREADY_EXISTS,
      message: 'Comment 2 already exists.',
    });
    await expect(comments.add('key', { ...ref, annotationId: 'nope', commentData: [{ from }] })).rejects.toMatchObject({
      code: ErrorCode.NOT_FOUND,
      message: 'Annotation does not exist.',
    });
  });

  it('emits comment.add for the notified comments with the thread as the change log read it', async () => {
    const { store, comments, events } = services();
    store.counters.set('a1', 1);
    store.comments.set('a1', []);
    await comments.add('key', {
      ...ref,
      commentData: [{ from }, { from, triggerNotification: true }],
    });
    expect(events.map((event) => event.trigger)).toEqual(['comment.add']);
    const [event] = events as Array<
      EmittedEvent & { documentName: string; comment: { commentId: number }; annotation: { annotationId: string } }
    >;
    expect([event.documentName, event.comment.commentId, event.annotation.annotationId]).toEqual(['Doc', 2, 'a1']);
  });
});

describe('annotation add against a fake store', () => {
  it('adds new threads in one store call, reports a taken id without failing the batch, and logs each added thread once', async () => {
    const { store, annotations, changes } = services();
    store.counters.set('taken', 2);
    const results = await annotations.add('key', {
      organizationId: 'o',
      documentId: 'd',
      commentAnnotations: [
        { annotationId: 'new', commentData: [{ from }, { from, commentId: 7 }] },
        { annotationId: 'taken', commentData: [{ from }] },
      ],
    });
    expect(results).toEqual({
      new: { success: true, annotationId: 'new', commentIds: [1, 7], message: 'Added Successfully' },
      taken: { success: false, annotationId: 'taken', message: 'Annotation already exists.' },
    });
    expect(store.calls).toEqual(['addThreads']);
    expect(store.counters.get('new')).toBe(8);
    expect(changes.map((change) => [change.annotationId, change.kind, change.logged?.cursor])).toEqual([
      ['new', 'thread_added', '1'],
    ]);
  });

  it('answers NOT_FOUND when the store found no document', async () => {
    const { store, annotations } = services();
    store.documentFound = false;
    await expect(
      annotations.add('key', {
        organizationId: 'o',
        documentId: 'gone',
        commentAnnotations: [{ annotationId: 'x', commentData: [{ from }] }],
      }),
    ).rejects.toMatchObject({ code: ErrorCode.NOT_FOUND, message: 'Document does not exist.' });
  });
});

describe('comments get against a fake store', () => {
  it('reads the annotation check and one page with its reactions in one store call, and pages on the seq', async () => {
    const { store, comments } = services();
    store.counters.set('a1', 4);
    store.comments.set('a1', [1, 2, 3]);
    const first = await comments.get('key', { ...ref, pageSize: 2 });
    expect(store.calls).toEqual(['commentPage']);
    expect(store.pageQueries[0]).toMatchObject({ commentIds: null, userIds: null, after: null, limit: 3 });
    expect(first.comments.map((c) => [c.commentId, (c.reactionAnnotations as unknown[]).length])).toEqual([
      [1, 1],
      [2, 1],
    ]);
    const second = await comments.get('key', { ...ref, pageSize: 2, pageToken: first.nextPageToken });
    expect(store.pageQueries[1].after).toBe('2');
    expect(second.comments.map((c) => c.commentId)).toEqual([3]);
    expect(second.nextPageToken).toBeUndefined();
  });

  it("answers a missing annotation's NOT_FOUND before a bad page token", async () => {
    const { store, comments } = services();
    await expect(comments.get('key', { ...ref, pageToken: 'bad' })).rejects.toMatchObject({
      code: ErrorCode.NOT_FOUND,
      message: 'Annotation does not exist.',
    });
    store.counters.set('a1', 1);
    store.comments.set('a1', []);
    await expect(comments.get('key', { ...ref, pageToken: 'bad' })).rejects.toMatchObject({
      code: ErrorCode.INVALID_ARGUMENT,
    });
  });
});

describe('comments update against a fake store', () => {
  it('writes only the fields given, answers each id, and notes the comments found', async () => {
    const { store, comments, changes, events } = services();
    store.counters.set('a1', 3);
    store.comments.set('a1', [1, 2]);
    const results = await comments.update('key', {
      ...ref,
      commentIds: [2, 9, 2],
      updatedData: { commentText: 'new', context: { k: 1 } },
    });
    expect(results).toEqual([
      { success: true, id: 2, message: 'Updated successfully' },
      { success: false, id: 9, message: 'Not found' },
    ]);
    expect(store.calls).toEqual(['lockAnnotation', 'updateComments']);
    expect(store.updatedComments).toEqual([
      {
        ids: [2, 9],
        change: {
          text: 'new',
          html: null,
          context: '{"k":1}',
          taggedUserContacts: null,
          attachments: null,
          from: null,
        },
      },
    ]);
    expect(changes.map((change) => [change.kind, change.commentId])).toEqual([['comment_updated', 2]]);
    expect(events).toEqual([]);
  });
});

describe('annotation update against a fake store', () => {
  it('locks the selection, writes every selected row, emits the changes it made, and reports ids not found', async () => {
    const { store, annotations, changes, events } = services();
    store.rows.set('a1', row('a1', { resolvedByUserId: 'old' }));
    store.rows.set('a2', row('a2', { status: resolved, resolvedByUserId: 'bob' }));
    const results = await annotations.update('key', {
      organizationId: 'o',
      documentId: 'd',
      annotationIds: ['a1', 'gone'],
      triggerNotification: true,
      updatedData: { status: resolved, priority: { id: 'P1', name: 'High' } },
    });
    expect(results).toEqual([
      { success: true, id: 'a1', message: 'Annotations updated successfully' },
      { success: false, id: 'gone', message: 'Annotation not found.' },
    ]);
    expect(store.calls).toEqual(['lockAnnotations', 'updateAnnotations']);
    expect(store.writtenAnnotations).toMatchObject([
      { id: 'a1', status: { id: 'RESOLVED' }, priority: { id: 'P1' }, resolved_by_user_id: 'old' },
    ]);
    expect(changes.map((change) => [change.annotationId, change.kind])).toEqual([['a1', 'thread_updated']]);
    expect(events.map((event) => event.trigger)).toEqual([
      'comment_annotation.status_change',
      'comment_annotation.priority_change',
    ]);
  });

  it('clears the resolver of a status that is not terminal', async () => {
    const { store, annotations } = services();
    store.rows.set('a1', row('a1', { status: resolved, resolvedByUserId: 'bob' }));
    await annotations.update('key', { organizationId: 'o', documentId: 'd', updatedData: { status: open } });
    expect(store.writtenAnnotations).toMatchObject([{ id: 'a1', resolved_by_user_id: null }]);
  });

  it('replaces a user in the threads and rewrites only the comments that name them', async () => {
    const { store, annotations } = services();
    store.rows.set('a1', row('a1', { assignedTo: { userId: 'ann' } }));
    const contact = { userId: 'ann', contact: { userId: 'ann' } };
    store.users = [
      { annotationId: 'a1', id: '1', from: { userId: 'ann' }, taggedUserContacts: [] },
      { annotationId: 'a1', id: '2', from: { userId: 'cat' }, taggedUserContacts: [contact] },
      { annotationId: 'a1', id: '3', from: { userId: 'cat' }, taggedUserContacts: [] },
    ];
    const newUser = { userId: 'bob', name: 'Bob' };
    await annotations.update('key', {
      organizationId: 'o',
      documentId: 'd',
      updateUsers: [{ oldUser: { userId: 'ann' }, newUser }],
    });
    expect(store.calls).toEqual(['lockAnnotations', 'updateAnnotations', 'commentUsers', 'setCommentUsers']);
    expect(store.writtenAnnotations).toMatchObject([{ created_by: newUser, assigned_to: newUser }]);
    expect(store.writtenUsers).toEqual([
      { annotationId: 'a1', id: '1', from: newUser, taggedUserContacts: [] },
      {
        annotationId: 'a1',
        id: '2',
        from: { userId: 'cat' },
        taggedUserContacts: [{ userId: 'bob', contact: newUser }],
      },
    ]);
  });

  it('writes nothing when the selection is empty', async () => {
    const { store, annotations } = services();
    expect(
      await annotations.update('key', { organizationId: 'o', documentId: 'd', updatedData: { status: resolved } }),
    ).toEqual([]);
    expect(store.calls).toEqual(['lockAnnotations']);
  });
});

describe('annotation delete against a fake store', () => {
  it('deletes the selection with its filters, notes who could see each thread, and reports ids not found', async () => {
    const { store, annotations, changes } = services();
    store.rows.set('a1', row('a1', { visibility: { type: 'restricted', userIds: ['bob'] } }));
    const results = await annotations.delete('key', {
      organizationId: 'o',
      documentId: 'd',
      annotationIds: ['a1', 'gone', 'gone'],
      agentId: 'agent',
    });
    expect(results).toEqual([
      { success: true, id: 'a1', message: 'Deleted Successfully' },
      { success: false, id: 'gone', message: 'Annotation not found.' },
    ]);
    expect(store.deletions).toMatchObject([{ annotationIds: ['a1', 'gone', 'gone'], agentId: 'agent' }]);
    expect(changes).toMatchObject([{ annotationId: 'a1', kind: 'thread_deleted', audience: ['ann', 'bob'] }]);
  });

  it('finds the organization from the document alone, and refuses a document in two organizations', async () => {
    const { store, annotations } = services();
    store.rows.set('a1', row('a1'));
    expect(await annotations.delete('key', { documentId: 'd' })).toEqual([
      { success: true, id: 'a1', message: 'Deleted Successfully' },
    ]);
    expect(store.calls).toEqual(['annotationOrganizations', 'deleteAnnotations']);
    store.organizations = ['o', 'p'];
    await expect(annotations.delete('key', { documentId: 'd' })).rejects.toMatchObject({
      code: ErrorCode.INVALID_ARGUMENT,
    });
    store.organizations = [];
    store.calls.length = 0;
    expect(await annotations.delete('key', { documentId: 'd', annotationIds: ['a1'] })).toEqual([
      { success: false, id: 'a1', message: 'Annotation not found.' },
    ]);
    expect(store.calls).toEqual(['annotationOrganizations']);
  });
});
