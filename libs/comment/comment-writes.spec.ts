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
import { AddedThreads, CommentStore, NewComment, NewThread } from './comment-store';
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

  thread(annotationId: string): StoredThread {
    const row = { id: annotationId, organizationId: 'o', documentId: 'd' } as CommentAnnotation;
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
    {} as DataSource,
    access,
    {} as AppConfig,
    mentions,
    store as unknown as CommentStore,
  );
  const annotations = new CommentAnnotationService(feed, access, mentions, store as unknown as CommentStore);
  return { store, changes, events, comments, annotations };
}

const from = { userId: 'ann' };
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
