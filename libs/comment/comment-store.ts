import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { queryPrepared } from '@app/database';
import {
  ADD_COMMENTS,
  ADD_REACTIONS,
  ADD_THREADS,
  ANNOTATION_ORGANIZATIONS,
  AnnotationListing,
  annotationListing,
  annotationOf,
  changeLogKey,
  CHANGE_HORIZON,
  CHANGED_SINCE,
  COMMENT_PAGE,
  COMMENT_PAGE_AFTER,
  COMMENT_USERS,
  commentOf,
  COUNT_ANNOTATIONS,
  DELETE_ANNOTATIONS,
  DELETE_AT_LOCATION,
  DELETE_COMMENTS,
  DELETE_REACTIONS,
  LATEST_CHANGE,
  ListedThreadRow,
  LOCK_ANNOTATION,
  LOCK_ANNOTATIONS,
  LOCK_AT_LOCATION,
  LOCK_SUBSCRIPTIONS,
  MARK_READ,
  MOVE_ANNOTATIONS,
  REACTION_TARGET,
  reactionOf,
  READ_MARKS,
  RECORD_CHANGES,
  SET_COMMENT_USERS,
  SET_SUBSCRIPTIONS,
  StoredThread,
  storedThread,
  ThreadRow,
  UPDATE_ANNOTATIONS,
  UPDATE_COMMENTS,
  USER_COMMENTS,
  USER_REACTIONS,
} from './comment-sql';
import { CommentAnnotation } from './entities/comment-annotation.entity';
import { CommentReaction } from './entities/comment-reaction.entity';
import { CommentPriority, CommentStatus, CommentUser, DEFAULT_STATUSES } from './entities/comment-user';
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
  | 'source_type'
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

/** A page of an annotation's comments (comments/get); `after` is the seq of the last comment of the page before. */
export interface CommentPageQuery extends ThreadKey {
  commentIds: number[] | null;
  userIds: string[] | null;
  after: string | null;
  limit: number;
}

/** A comment with its reactions, oldest first. */
export interface CommentWithReactions {
  comment: CommentEntity;
  reactions: CommentReaction[];
}

/** The annotation filters of update and delete (Velt: none selects the whole document); null or absent is no filter. */
export interface AnnotationSelection {
  annotationIds?: string[] | null;
  locationIds?: string[] | null;
  userIds?: string[] | null;
}

/** Delete's agent filters besides the selection: a filter given as null matches nothing, as SQL's `= NULL` does. */
export interface AgentSelection {
  agentId?: string | null;
  agentUrls?: string[] | null;
  agentSuggestions?: boolean | null;
}

/** An annotation's fields update may change, in the columns they are stored in. */
export type AnnotationChange = Pick<
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
  | 'suggestion'
  | 'resolved_by_user_id'
  | 'status_updated_by_user_id'
>;

/** A comment's author and tagged contacts, as updateUsers rewrites them. */
export interface CommentUsers {
  annotationId: string;
  id: string;
  from: CommentUser | null;
  taggedUserContacts: CommentEntity['taggedUserContacts'];
}

/** What a delete hands back of each annotation: who could see it, for the change it publishes. */
export interface DeletedAnnotation {
  id: string;
  visibility: Record<string, unknown> | null;
  created_by: CommentUser | null;
}

/** One of an end user's reactions with the seq of its comment, as the GDPR listing reads it. */
export interface UserReactionRow {
  seq: string;
  organization_id: string;
  document_id: string;
  annotation_id: string;
  comment_id: string;
  icon: string;
  user: CommentUser;
  created_at: Date;
}

/** A document under an API key. */
export interface DocumentKey {
  organizationId: string;
  documentId: string;
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

  /** Whether the annotation exists, and a page of its comments with their reactions, outside any transaction. */
  async commentPage(
    dataSource: DataSource,
    apiKeyId: string,
    query: CommentPageQuery,
  ): Promise<{ found: boolean; comments: CommentWithReactions[] }> {
    const values = [
      apiKeyId,
      query.organizationId,
      query.documentId,
      query.annotationId,
      query.commentIds,
      query.userIds,
      query.limit,
    ];
    const [row] = await queryPrepared<{ found: boolean; comments: Array<Record<string, unknown>> }>(
      dataSource,
      query.after === null ? COMMENT_PAGE : COMMENT_PAGE_AFTER,
      query.after === null ? values : [...values, query.after],
    );
    return {
      found: row.found,
      comments: row.comments.map((json) => ({
        comment: commentOf(json),
        reactions: (json.reactions as Array<Record<string, unknown>>).map(reactionOf),
      })),
    };
  }

  /** Sets the given fields (null: left as it is) of the annotation's named comments; answers the ids it found. */
  async updateComments(
    manager: EntityManager,
    apiKeyId: string,
    ref: ThreadKey,
    commentIds: number[],
    change: {
      text: string | null;
      html: string | null;
      context: string | null;
      taggedUserContacts: string | null;
      attachments: string | null;
      from: string | null;
    },
  ): Promise<number[]> {
    const rows = await queryPrepared<{ id: string }>(manager, UPDATE_COMMENTS, [
      apiKeyId,
      ref.organizationId,
      ref.documentId,
      ref.annotationId,
      commentIds,
      change.text,
      change.html,
      change.context,
      change.taggedUserContacts,
      change.attachments,
      change.from,
    ]);
    return rows.map((row) => Number(row.id));
  }

  /** The document's annotations the selection names, locked for the transaction, in creation order. */
  async lockAnnotations(
    manager: EntityManager,
    apiKeyId: string,
    document: DocumentKey,
    selection: AnnotationSelection,
  ): Promise<CommentAnnotation[]> {
    const values = selectionValues(apiKeyId, document, selection);
    const ids = selection.annotationIds;
    const rows = ids
      ? await queryPrepared<ThreadRow>(manager, LOCK_ANNOTATIONS.byIds, [...values, ids])
      : await queryPrepared<ThreadRow>(manager, LOCK_ANNOTATIONS.all, values);
    return rows.map(annotationOf);
  }

  /** Writes the changed fields of the document's annotations. */
  async updateAnnotations(
    manager: EntityManager,
    apiKeyId: string,
    document: DocumentKey,
    changes: AnnotationChange[],
  ): Promise<void> {
    await queryPrepared(manager, UPDATE_ANNOTATIONS, [
      apiKeyId,
      document.organizationId,
      document.documentId,
      JSON.stringify(changes),
    ]);
  }

  /** The authors and tagged contacts of the comments of the document's annotations. */
  async commentUsers(
    manager: EntityManager,
    apiKeyId: string,
    document: DocumentKey,
    annotationIds: string[],
  ): Promise<CommentUsers[]> {
    const rows = await queryPrepared<{
      annotation_id: string;
      id: string;
      from_user: CommentUser | null;
      tagged_user_contacts: CommentEntity['taggedUserContacts'];
    }>(manager, COMMENT_USERS, [apiKeyId, document.organizationId, document.documentId, annotationIds]);
    return rows.map((row) => ({
      annotationId: row.annotation_id,
      id: row.id,
      from: row.from_user,
      taggedUserContacts: row.tagged_user_contacts,
    }));
  }

  /** Writes the authors and tagged contacts of the document's comments. */
  async setCommentUsers(
    manager: EntityManager,
    apiKeyId: string,
    document: DocumentKey,
    comments: CommentUsers[],
  ): Promise<void> {
    await queryPrepared(manager, SET_COMMENT_USERS, [
      apiKeyId,
      document.organizationId,
      document.documentId,
      JSON.stringify(
        comments.map((c) => ({
          annotation_id: c.annotationId,
          id: c.id,
          from_user: c.from,
          tagged: c.taggedUserContacts,
        })),
      ),
    ]);
  }

  /** Deletes the document's annotations the selection and the agent filters name (their comments and reactions go with them). */
  async deleteAnnotations(
    manager: EntityManager,
    apiKeyId: string,
    document: DocumentKey,
    selection: AnnotationSelection & AgentSelection,
  ): Promise<DeletedAnnotation[]> {
    const { agentId, agentUrls, agentSuggestions } = selection;
    const values = [
      ...selectionValues(apiKeyId, document, selection),
      agentId !== undefined,
      agentId ?? null,
      agentUrls !== undefined,
      agentUrls ?? null,
      agentId !== undefined || agentUrls !== undefined || agentSuggestions === true,
      agentSuggestions === true,
    ];
    const ids = selection.annotationIds;
    return ids
      ? queryPrepared<DeletedAnnotation>(manager, DELETE_ANNOTATIONS.byIds, [...values, ids])
      : queryPrepared<DeletedAnnotation>(manager, DELETE_ANNOTATIONS.all, values);
  }

  /** The organizations (at most two) holding annotations on a document id. */
  async annotationOrganizations(manager: EntityManager, apiKeyId: string, documentId: string): Promise<string[]> {
    const rows = await queryPrepared<{ organization_id: string }>(manager, ANNOTATION_ORGANIZATIONS, [
      apiKeyId,
      documentId,
    ]);
    return rows.map((row) => row.organization_id);
  }

  /** Marks the annotation read by the user now, outside any transaction. */
  async markRead(dataSource: DataSource, apiKeyId: string, ref: ThreadKey, userId: string): Promise<void> {
    await queryPrepared(dataSource, MARK_READ, [
      apiKeyId,
      ref.organizationId,
      ref.documentId,
      ref.annotationId,
      userId,
    ]);
  }

  /** When the user last read each of the annotations they have read. */
  async readMarks(
    dataSource: DataSource,
    apiKeyId: string,
    document: DocumentKey,
    userId: string,
    annotationIds: string[],
  ): Promise<Map<string, Date>> {
    const rows = await queryPrepared<{ annotation_id: string; read_at: Date }>(dataSource, READ_MARKS, [
      apiKeyId,
      document.organizationId,
      document.documentId,
      userId,
      annotationIds,
    ]);
    return new Map(rows.map((row) => [row.annotation_id, row.read_at]));
  }

  /** The retention horizon: a cursor below it may have missed deleted changes. */
  async changeHorizon(dataSource: DataSource): Promise<string> {
    const [row] = await queryPrepared<{ horizon: string }>(dataSource, CHANGE_HORIZON, []);
    return row.horizon;
  }

  /** The document's latest change-log cursor (or the retention horizon, when later), or null when there is neither. */
  async latestChange(dataSource: DataSource, apiKeyId: string, document: DocumentKey): Promise<string | null> {
    const [row] = await queryPrepared<{ cursor: string | null }>(dataSource, LATEST_CHANGE, [
      apiKeyId,
      document.organizationId,
      document.documentId,
    ]);
    return row.cursor;
  }

  /** The annotations changed after the cursor: whether one was deleted, and its latest cursor. */
  changedSince(
    dataSource: DataSource,
    apiKeyId: string,
    document: DocumentKey,
    since: string,
  ): Promise<Array<{ annotation_id: string; deleted: boolean; cursor: string }>> {
    return queryPrepared(dataSource, CHANGED_SINCE, [apiKeyId, document.organizationId, document.documentId, since]);
  }

  /** The annotations at a location, locked for the transaction. */
  atLocation(
    manager: EntityManager,
    apiKeyId: string,
    document: DocumentKey,
    locationId: string,
  ): Promise<Array<{ id: string; location: Record<string, unknown> }>> {
    return queryPrepared(manager, LOCK_AT_LOCATION, [
      apiKeyId,
      document.organizationId,
      document.documentId,
      locationId,
    ]);
  }

  /** Moves the document's annotations to their new locations. */
  async moveAnnotations(
    manager: EntityManager,
    apiKeyId: string,
    document: DocumentKey,
    moves: Array<{ id: string; location: Record<string, unknown>; location_id: string | null }>,
  ): Promise<void> {
    await queryPrepared(manager, MOVE_ANNOTATIONS, [
      apiKeyId,
      document.organizationId,
      document.documentId,
      JSON.stringify(moves),
    ]);
  }

  /** Deletes the annotations at a location (their comments and reactions go with them). */
  deleteAtLocation(
    manager: EntityManager,
    apiKeyId: string,
    document: DocumentKey,
    locationId: string,
  ): Promise<DeletedAnnotation[]> {
    return queryPrepared(manager, DELETE_AT_LOCATION, [
      apiKeyId,
      document.organizationId,
      document.documentId,
      locationId,
    ]);
  }

  /** Up to `limit` comments the user wrote or is tagged in, in creation order after the seq. */
  async userComments(
    dataSource: DataSource,
    apiKeyId: string,
    organizationId: string,
    userId: string,
    afterSeq: string,
    limit: number,
  ): Promise<CommentEntity[]> {
    const rows = await queryPrepared<{ comment: Record<string, unknown> }>(dataSource, USER_COMMENTS, [
      apiKeyId,
      organizationId,
      userId,
      JSON.stringify([{ userId }]),
      afterSeq,
      limit,
    ]);
    return rows.map((row) => commentOf(row.comment));
  }

  /** Up to `limit` of the user's reactions, by their comment's creation, then icon, after the cursor. */
  userReactions(
    dataSource: DataSource,
    apiKeyId: string,
    organizationId: string,
    userId: string,
    after: [string, string],
    limit: number,
  ): Promise<UserReactionRow[]> {
    return queryPrepared(dataSource, USER_REACTIONS, [apiKeyId, organizationId, userId, after[0], after[1], limit]);
  }
}

/** The parameters $1 to $5 of an annotation selection. */
function selectionValues(apiKeyId: string, document: DocumentKey, selection: AnnotationSelection): unknown[] {
  return [
    apiKeyId,
    document.organizationId,
    document.documentId,
    selection.locationIds ?? null,
    selection.userIds ?? null,
  ];
}
