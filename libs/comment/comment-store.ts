import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { queryPrepared } from '@app/database';
import {
  ADD_COMMENTS,
  ADD_REACTIONS,
  ADD_THREADS,
  AnnotationListing,
  annotationListing,
  changeLogKey,
  commentOf,
  COUNT_ANNOTATIONS,
  DELETE_COMMENTS,
  DELETE_REACTIONS,
  ListedThreadRow,
  LOCK_ANNOTATION,
  LOCK_SUBSCRIPTIONS,
  REACTION_TARGET,
  RECORD_CHANGES,
  SET_SUBSCRIPTIONS,
  StoredThread,
  storedThread,
  ThreadRow,
} from './comment-sql';
import { CommentAnnotation } from './entities/comment-annotation.entity';
import { CommentReaction } from './entities/comment-reaction.entity';
import { CommentPriority, CommentStatus, DEFAULT_STATUSES } from './entities/comment-user';
import { CommentEntity } from './entities/comment.entity';
import { NewCommentDto } from './dto/comments.dto';
import { PriorityDto, StatusDto } from './dto/velt-models.dto';

/** A validated DTO as plain data: the fields the caller sent (class fields they left out are undefined). */
export function plain<T extends object>(dto: T): T {
  return Object.fromEntries(Object.entries(dto).filter(([, value]) => value !== undefined)) as T;
}

/** The status as stored: the caller's object, with a default status's colours filled in when left out. */
export function statusOf(status: StatusDto | undefined): CommentStatus {
  if (!status) return { ...DEFAULT_STATUSES.OPEN };
  const known = (DEFAULT_STATUSES as Record<string, CommentStatus | undefined>)[status.id];
  return { ...(known ? { color: known.color, lightColor: known.lightColor } : {}), ...plain(status) };
}

export function priorityOf(priority: PriorityDto): CommentPriority {
  return plain(priority);
}

/** `location.id` (else its `locationName`) as the text the locationIds filters match. */
export function locationIdOf(location: Record<string, unknown> | null | undefined): string | null {
  if (!location) return null;
  const id = location.id ?? location.locationName;
  return typeof id === 'string' || typeof id === 'number' ? String(id) : null;
}

/** Comment ids for a batch: the given ones, and counter values (from `next`, skipping given ones) for the rest. */
export function numberComments(given: Array<number | undefined>, next: number): number[] {
  const taken = new Set(given.filter((id) => id !== undefined));
  return given.map((id) => {
    if (id !== undefined) return id;
    while (taken.has(next)) next++;
    return next++;
  });
}

export function dateOf(ms: number | undefined): Date | undefined {
  return ms === undefined ? undefined : new Date(ms);
}

/** A new thread for CommentStore.addThreads, in the columns it is stored with. */
export type NewThread = Pick<
  ThreadRow,
  | 'id'
  | 'status'
  | 'priority'
  | 'assigned_to'
  | 'created_by'
  | 'location'
  | 'location_id'
  | 'target_element'
  | 'context'
  | 'type'
  | 'comment_type'
  | 'suggestion'
  | 'created_at'
  | 'updated_at'
> & {
  /** Velt's visibility object as the caller sent it. */
  visibility: object | null;
  next_comment_id: number;
};

/** A new comment, in the columns it is stored with. */
export interface NewComment {
  annotation_id: string;
  id: number;
  text: string;
  html: string | null;
  from_user: CommentEntity['from'];
  tagged_user_contacts: CommentEntity['taggedUserContacts'];
  context: CommentEntity['context'];
  attachments: CommentEntity['attachments'];
  agent: CommentEntity['agent'];
  created_at: Date;
  updated_at: Date;
}

/** A comment of an add request as stored; `now` stands in for the times it leaves out. */
export function newComment(annotationId: string, id: number, c: NewCommentDto, now: Date): NewComment {
  return {
    annotation_id: annotationId,
    id,
    text: c.commentText ?? '',
    html: c.commentHtml ?? null,
    from_user: c.from,
    tagged_user_contacts: c.taggedUserContacts ?? [],
    context: c.context ?? null,
    attachments: c.attachments ?? [],
    agent: c.agent ?? null,
    created_at: dateOf(c.createdAt) ?? now,
    updated_at: dateOf(c.lastUpdated) ?? dateOf(c.createdAt) ?? now,
  };
}

/** What addThreads did: nothing when the document does not exist, else the threads inserted with their change-log cursors. */
export interface AddedThreads {
  documentFound: boolean;
  added: Array<StoredThread & { cursor: string }>;
}

/** A thread by its key under an API key. */
export interface ThreadKey {
  organizationId: string;
  documentId: string;
  annotationId: string;
}

/**
 * The comment writes' SQL (libs/comment/comment-sql.ts), each one named statement on the caller's
 * transaction; the services decide, this runs.
 */
@Injectable()
export class CommentStore {
  /** Appends the document's change-log rows in order and reads back the threads still alive; answers the rows' seqs (ascending). */
  async recordChanges(
    manager: EntityManager,
    apiKeyId: string,
    organizationId: string,
    documentId: string,
    changes: Array<{ annotationId: string; kind: string }>,
    alive: string[],
  ): Promise<{ seqs: string[]; threads: StoredThread[] }> {
    const rows = await queryPrepared<ThreadRow & { change_seqs: string[] }>(manager, RECORD_CHANGES, [
      apiKeyId,
      organizationId,
      documentId,
      changeLogKey(apiKeyId, organizationId, documentId),
      changes.map((change) => change.annotationId),
      changes.map((change) => change.kind),
      alive,
    ]);
    return { seqs: rows[0].change_seqs, threads: rows.filter((row) => row.id !== null).map(storedThread) };
  }

  /** Checks the document, inserts the threads not taken yet with their comments, and logs them as added. */
  async addThreads(
    manager: EntityManager,
    apiKeyId: string,
    organizationId: string,
    documentId: string,
    threads: NewThread[],
    comments: NewComment[],
  ): Promise<AddedThreads> {
    const rows = await queryPrepared<ThreadRow & { change_seq: string | null }>(manager, ADD_THREADS, [
      apiKeyId,
      organizationId,
      documentId,
      JSON.stringify(threads),
      JSON.stringify(comments),
      changeLogKey(apiKeyId, organizationId, documentId),
    ]);
    return {
      documentFound: rows.length > 0,
      added: rows.filter((row) => row.id !== null).map((row) => ({ ...storedThread(row), cursor: row.change_seq! })),
    };
  }

  /** Locks the thread for the transaction; its subscription maps, or null when it does not exist. */
  async lockSubscriptions(
    manager: EntityManager,
    apiKeyId: string,
    ref: ThreadKey,
  ): Promise<Pick<CommentAnnotation, 'subscribedUsers' | 'unsubscribedUsers'> | null> {
    const [row] = await queryPrepared<Pick<ThreadRow, 'subscribed_users' | 'unsubscribed_users'>>(
      manager,
      LOCK_SUBSCRIPTIONS,
      [apiKeyId, ref.organizationId, ref.documentId, ref.annotationId],
    );
    return row ? { subscribedUsers: row.subscribed_users, unsubscribedUsers: row.unsubscribed_users } : null;
  }

  async setSubscriptions(
    manager: EntityManager,
    apiKeyId: string,
    ref: ThreadKey,
    maps: Pick<CommentAnnotation, 'subscribedUsers' | 'unsubscribedUsers'>,
  ): Promise<void> {
    await queryPrepared(manager, SET_SUBSCRIPTIONS, [
      apiKeyId,
      ref.organizationId,
      ref.documentId,
      ref.annotationId,
      maps.subscribedUsers,
      maps.unsubscribedUsers,
    ]);
  }

  /** Locks the annotation for the transaction; its next comment id, or null when it does not exist. */
  async lockAnnotation(
    manager: EntityManager,
    apiKeyId: string,
    organizationId: string,
    documentId: string,
    annotationId: string,
  ): Promise<string | null> {
    const [row] = await queryPrepared<{ next_comment_id: string }>(manager, LOCK_ANNOTATION, [
      apiKeyId,
      organizationId,
      documentId,
      annotationId,
    ]);
    return row?.next_comment_id ?? null;
  }

  /**
   * Adds comments to a locked annotation and moves its counter to `nextCommentId`; when one of the ids the
   * caller gave is taken, adds nothing and answers it.
   */
  async addComments(
    manager: EntityManager,
    apiKeyId: string,
    organizationId: string,
    documentId: string,
    annotationId: string,
    comments: NewComment[],
    givenIds: number[],
    nextCommentId: number,
  ): Promise<number | null> {
    const [row] = await queryPrepared<{ taken: string | null }>(manager, ADD_COMMENTS, [
      apiKeyId,
      organizationId,
      documentId,
      annotationId,
      JSON.stringify(comments),
      givenIds,
      nextCommentId,
    ]);
    return row.taken === null ? null : Number(row.taken);
  }

  /** Deletes the named comments of the annotation (every one when `commentIds` is undefined); answers those deleted, in creation order. */
  async deleteComments(
    manager: EntityManager,
    apiKeyId: string,
    organizationId: string,
    documentId: string,
    annotationId: string,
    commentIds: number[] | undefined,
  ): Promise<CommentEntity[]> {
    const rows = await queryPrepared<{ comment: Record<string, unknown> }>(manager, DELETE_COMMENTS, [
      apiKeyId,
      organizationId,
      documentId,
      annotationId,
      commentIds ?? null,
    ]);
    return rows.map((row) => commentOf(row.comment));
  }

  /** Whether the annotation and the comment a reaction names exist. */
  async reactionTarget(
    manager: EntityManager,
    apiKeyId: string,
    ref: { organizationId: string; documentId: string; annotationId: string },
    commentId: number,
  ): Promise<{ annotation: boolean; comment: boolean }> {
    const [row] = await queryPrepared<{ annotation: boolean; comment: boolean }>(manager, REACTION_TARGET, [
      apiKeyId,
      ref.organizationId,
      ref.documentId,
      ref.annotationId,
      commentId,
    ]);
    return row;
  }

  /** Adds (skipping those there) or removes the user's reactions on the comment; answers the icons it changed. */
  async changeReactions(
    manager: EntityManager,
    apiKeyId: string,
    ref: { organizationId: string; documentId: string; annotationId: string },
    commentId: number,
    user: CommentReaction['user'],
    icons: string[],
    action: 'add' | 'delete',
  ): Promise<Set<string>> {
    const key = [apiKeyId, ref.organizationId, ref.documentId, ref.annotationId, commentId, user.userId];
    const rows =
      action === 'add'
        ? await queryPrepared<{ icon: string }>(manager, ADD_REACTIONS, [...key, JSON.stringify(user), icons])
        : await queryPrepared<{ icon: string }>(manager, DELETE_REACTIONS, [...key, icons]);
    return new Set(rows.map((row) => row.icon));
  }

  /** One page of annotations with their comments and reactions, outside any transaction. */
  listThreads(dataSource: DataSource, listing: AnnotationListing): Promise<ListedThreadRow[]> {
    const { statement, values } = annotationListing(listing);
    return queryPrepared<ListedThreadRow>(dataSource, statement, values);
  }

  /** How many annotations each document has that the user may read, of the statuses (any when undefined); documents with none are left out. */
  async countThreads(
    dataSource: DataSource,
    apiKeyId: string,
    organizationId: string,
    documentIds: string[],
    readerId: string,
    statusIds: string[] | undefined,
  ): Promise<Map<string, number>> {
    const rows = await queryPrepared<{ document_id: string; total: string }>(dataSource, COUNT_ANNOTATIONS, [
      apiKeyId,
      organizationId,
      documentIds,
      readerId,
      statusIds ?? null,
    ]);
    return new Map(rows.map((row) => [row.document_id, Number(row.total)]));
  }
}
