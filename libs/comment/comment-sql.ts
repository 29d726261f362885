import { types } from 'pg';
import { PreparedStatement, preparedStatement } from '@app/database';
import { DOCUMENT_NAME_SQL } from '@app/document';
import { AnnotationView, annotationView, commentView } from './comment-views';
import { CommentAnnotation } from './entities/comment-annotation.entity';
import { CommentReaction } from './entities/comment-reaction.entity';
import { CommentEntity } from './entities/comment.entity';

/**
 * The SQL of comment writes, as named statements each pooled connection prepares once (the hot-route
 * pattern of docs/performance.md), and the hydration of their rows into the entities the views read.
 * Nest-free, so the bare comment-write yardstick of bench/ runs these very texts.
 */

/** A comment row as JSON inside a statement's row: bigint and timestamps as PostgreSQL's text, parsed as pg parses columns. */
const commentJson = (alias: string) =>
  `to_jsonb(${alias}) || jsonb_build_object('id', ${alias}.id::text, 'seq', ${alias}.seq::text, 'created_at', ${alias}.created_at::text, 'updated_at', ${alias}.updated_at::text)`;

const reactionJson = (alias: string) =>
  `to_jsonb(${alias}) || jsonb_build_object('comment_id', ${alias}.comment_id::text, 'created_at', ${alias}.created_at::text)`;

/** The thread columns of `a`, its comments (creation order), its reactions (oldest first) and the document's name. */
const THREAD_COLUMNS = `a.*,
  (SELECT COALESCE(jsonb_agg(${commentJson('c')} ORDER BY c.seq), '[]') FROM comment c
    WHERE c.api_key_id = a.api_key_id AND c.organization_id = a.organization_id AND c.document_id = a.document_id AND c.annotation_id = a.id) AS comments,
  (SELECT COALESCE(jsonb_agg(${reactionJson('r')} ORDER BY r.created_at), '[]') FROM comment_reaction r
    WHERE r.api_key_id = a.api_key_id AND r.organization_id = a.organization_id AND r.document_id = a.document_id AND r.annotation_id = a.id) AS reactions`;

/** The advisory lock that orders a document's change log by commit (CommentFeed); $k is the lock key. */
const changeLogLock = (k: number) => `SELECT pg_advisory_xact_lock(hashtextextended($${k}, 0))`;

/**
 * Appends the change-log rows ($5 annotation ids, $6 kinds, in order) under the document's lock and reads
 * back the threads $7 as they now stand: one row per thread, or one row without a thread when none is
 * named; every row carries the new rows' seqs.
 */
export const RECORD_CHANGES = preparedStatement(`WITH locked AS (${changeLogLock(4)}),
  logged AS (
    INSERT INTO comment_change (api_key_id, organization_id, document_id, annotation_id, kind)
    SELECT $1, $2, $3, c.annotation_id, c.kind FROM locked, unnest($5::text[], $6::text[]) WITH ORDINALITY AS c(annotation_id, kind, n)
     ORDER BY c.n
    RETURNING seq
  )
  SELECT (SELECT array_agg(seq ORDER BY seq) FROM logged) AS change_seqs, t.* FROM (SELECT 1) AS one LEFT JOIN (
    SELECT ${THREAD_COLUMNS}, (${DOCUMENT_NAME_SQL}) AS document_name FROM comment_annotation a
     WHERE a.api_key_id = $1 AND a.organization_id = $2 AND a.document_id = $3 AND a.id = ANY($7::text[])
  ) AS t ON true
  ORDER BY t.seq`);

const ANNOTATION_RECORD = `id text, status jsonb, priority jsonb, assigned_to jsonb, created_by jsonb, location jsonb, location_id text,
  target_element jsonb, context jsonb, type text, comment_type text, source_type text, suggestion jsonb, visibility jsonb, next_comment_id bigint,
  created_at timestamptz, updated_at timestamptz`;
const ANNOTATION_FIELDS =
  'id, status, priority, assigned_to, created_by, location, location_id, target_element, context, type, comment_type, source_type, suggestion, visibility, next_comment_id, created_at, updated_at';
const COMMENT_RECORD = `annotation_id text, id bigint, text text, html text, from_user jsonb, tagged_user_contacts jsonb, context jsonb,
  attachments jsonb, agent jsonb, created_at timestamptz, updated_at timestamptz`;
const COMMENT_FIELDS =
  'id, text, html, from_user, tagged_user_contacts, context, attachments, agent, created_at, updated_at';

/**
 * Annotation add in one round trip: the document's check (no row: NOT_FOUND) and name, the threads $4
 * (an id already taken is skipped), the comments $5 of the threads inserted, and a `thread_added`
 * change-log row per inserted thread under the document's lock $6. One row per inserted thread, in
 * creation order, with its comments and change seq; one row without a thread when none was inserted.
 */
export const ADD_THREADS = preparedStatement(`WITH d AS (${DOCUMENT_NAME_SQL}),
  a AS (
    INSERT INTO comment_annotation (api_key_id, organization_id, document_id, ${ANNOTATION_FIELDS})
    SELECT $1, $2, $3, v.${ANNOTATION_FIELDS.split(', ').join(', v.')}
      FROM d, ROWS FROM (jsonb_to_recordset($4::jsonb) AS (${ANNOTATION_RECORD})) WITH ORDINALITY AS v(${ANNOTATION_FIELDS}, n)
     ORDER BY v.n
    ON CONFLICT DO NOTHING
    RETURNING *
  ),
  c AS (
    INSERT INTO comment (api_key_id, organization_id, document_id, annotation_id, ${COMMENT_FIELDS})
    SELECT $1, $2, $3, v.annotation_id, v.${COMMENT_FIELDS.split(', ').join(', v.')}
      FROM ROWS FROM (jsonb_to_recordset($5::jsonb) AS (${COMMENT_RECORD})) WITH ORDINALITY AS v(annotation_id, ${COMMENT_FIELDS}, n)
     WHERE v.annotation_id COLLATE "C" IN (SELECT id FROM a)
     ORDER BY v.n
    RETURNING *
  ),
  locked AS (${changeLogLock(6)}),
  logged AS (
    INSERT INTO comment_change (api_key_id, organization_id, document_id, annotation_id, kind)
    SELECT $1, $2, $3, a.id, 'thread_added' FROM locked, a ORDER BY a.seq
    RETURNING annotation_id, seq
  )
  SELECT d.name AS document_name, a.*, logged.seq AS change_seq,
    (SELECT COALESCE(jsonb_agg(${commentJson('c')} ORDER BY c.seq), '[]') FROM c WHERE c.annotation_id = a.id) AS comments
  FROM d LEFT JOIN a ON true LEFT JOIN logged ON logged.annotation_id = a.id
  ORDER BY a.seq`);

/** The thread $4's subscription maps, locked for the rest of the transaction; no row when it does not exist. */
export const LOCK_SUBSCRIPTIONS = preparedStatement(
  'SELECT subscribed_users, unsubscribed_users FROM comment_annotation WHERE api_key_id = $1 AND organization_id = $2 AND document_id = $3 AND id = $4 FOR UPDATE',
);

/** Replaces the thread $4's subscription maps with $5 and $6. */
export const SET_SUBSCRIPTIONS = preparedStatement(
  'UPDATE comment_annotation SET subscribed_users = $5, unsubscribed_users = $6 WHERE api_key_id = $1 AND organization_id = $2 AND document_id = $3 AND id = $4',
);

/** The annotation $4, locked for the rest of the transaction: its counter hands out each comment id once. */
export const LOCK_ANNOTATION = preparedStatement(
  'SELECT next_comment_id FROM comment_annotation WHERE api_key_id = $1 AND organization_id = $2 AND document_id = $3 AND id = $4 FOR UPDATE',
);

/**
 * Comment add into the locked annotation $4: when none of the given ids $6 is taken, the comments $5 and
 * the counter moved to $7; else nothing, and the first taken id (by creation) is answered.
 */
export const ADD_COMMENTS = preparedStatement(`WITH taken AS (
    SELECT id FROM comment WHERE api_key_id = $1 AND organization_id = $2 AND document_id = $3 AND annotation_id = $4 AND id = ANY($6::bigint[])
     ORDER BY seq LIMIT 1
  ),
  added AS (
    INSERT INTO comment (api_key_id, organization_id, document_id, annotation_id, ${COMMENT_FIELDS})
    SELECT $1, $2, $3, $4, v.${COMMENT_FIELDS.split(', ').join(', v.')}
      FROM ROWS FROM (jsonb_to_recordset($5::jsonb) AS (${COMMENT_RECORD})) WITH ORDINALITY AS v(annotation_id, ${COMMENT_FIELDS}, n)
     WHERE NOT EXISTS (SELECT 1 FROM taken)
     ORDER BY v.n
    RETURNING id
  ),
  counted AS (
    UPDATE comment_annotation SET next_comment_id = GREATEST(next_comment_id, $7::bigint), updated_at = now()
     WHERE api_key_id = $1 AND organization_id = $2 AND document_id = $3 AND id = $4 AND NOT EXISTS (SELECT 1 FROM taken)
    RETURNING id
  )
  SELECT (SELECT id::text FROM taken) AS taken`);

/** Deletes the comments $5 of annotation $4 (all of them when $5 is null), answering them in creation order. */
export const DELETE_COMMENTS = preparedStatement(`WITH deleted AS (
    DELETE FROM comment AS c
     WHERE c.api_key_id = $1 AND c.organization_id = $2 AND c.document_id = $3 AND c.annotation_id = $4
       AND ($5::bigint[] IS NULL OR c.id = ANY($5::bigint[]))
    RETURNING ${commentJson('c')} AS comment, c.seq
  )
  SELECT comment FROM deleted ORDER BY seq`);

/** Whether annotation $4 and its comment $5 exist. */
export const REACTION_TARGET = preparedStatement(`SELECT
    EXISTS (SELECT 1 FROM comment_annotation WHERE api_key_id = $1 AND organization_id = $2 AND document_id = $3 AND id = $4) AS annotation,
    EXISTS (SELECT 1 FROM comment WHERE api_key_id = $1 AND organization_id = $2 AND document_id = $3 AND annotation_id = $4 AND id = $5) AS comment`);

/** User $6's reactions $8 (in order) on comment $5, as `user` $7; those already there are skipped. Answers the icons added. */
export const ADD_REACTIONS =
  preparedStatement(`INSERT INTO comment_reaction (api_key_id, organization_id, document_id, annotation_id, comment_id, user_id, icon, "user")
  SELECT $1, $2, $3, $4, $5::bigint, $6, r.icon, $7::jsonb FROM unnest($8::text[]) WITH ORDINALITY AS r(icon, n) ORDER BY r.n
  ON CONFLICT DO NOTHING
  RETURNING icon`);

/** Removes user $6's reactions $7 from comment $5; answers the icons removed (a SELECT, so a transaction's query answers rows alone). */
export const DELETE_REACTIONS = preparedStatement(`WITH removed AS (
    DELETE FROM comment_reaction
     WHERE api_key_id = $1 AND organization_id = $2 AND document_id = $3 AND annotation_id = $4 AND comment_id = $5 AND user_id = $6
       AND icon = ANY($7::text[])
    RETURNING icon
  )
  SELECT icon FROM removed`);

/** A thread row of RECORD_CHANGES or ADD_THREADS, as pg answers it. */
export interface ThreadRow {
  api_key_id: string;
  organization_id: string;
  document_id: string;
  id: string;
  seq: string;
  status: CommentAnnotation['status'];
  priority: CommentAnnotation['priority'];
  assigned_to: CommentAnnotation['assignedTo'];
  created_by: CommentAnnotation['createdBy'];
  location: CommentAnnotation['location'];
  location_id: string | null;
  target_element: CommentAnnotation['targetElement'];
  context: CommentAnnotation['context'];
  type: string;
  comment_type: string | null;
  source_type: string | null;
  suggestion: CommentAnnotation['suggestion'];
  visibility: CommentAnnotation['visibility'];
  subscribed_users: CommentAnnotation['subscribedUsers'];
  unsubscribed_users: CommentAnnotation['unsubscribedUsers'];
  resolved_by_user_id: string | null;
  status_updated_by_user_id: string | null;
  next_comment_id: string;
  created_at: Date;
  updated_at: Date;
  comments: Array<Record<string, unknown>>;
  reactions?: Array<Record<string, unknown>>;
  document_name: string | null;
}

/** pg's own parser of timestamptz text, so a date read through JSON equals the same column read directly. */
const timestamp = types.getTypeParser(types.builtins.TIMESTAMPTZ) as (text: string) => Date;

export function annotationOf(row: ThreadRow): CommentAnnotation {
  return {
    apiKeyId: row.api_key_id,
    organizationId: row.organization_id,
    documentId: row.document_id,
    id: row.id,
    seq: row.seq,
    status: row.status,
    priority: row.priority,
    assignedTo: row.assigned_to,
    createdBy: row.created_by,
    location: row.location,
    locationId: row.location_id,
    targetElement: row.target_element,
    context: row.context,
    type: row.type,
    commentType: row.comment_type,
    sourceType: row.source_type,
    suggestion: row.suggestion,
    visibility: row.visibility,
    subscribedUsers: row.subscribed_users,
    unsubscribedUsers: row.unsubscribed_users,
    resolvedByUserId: row.resolved_by_user_id,
    statusUpdatedByUserId: row.status_updated_by_user_id,
    nextCommentId: row.next_comment_id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function commentOf(json: Record<string, unknown>): CommentEntity {
  return {
    apiKeyId: json.api_key_id as string,
    organizationId: json.organization_id as string,
    documentId: json.document_id as string,
    annotationId: json.annotation_id as string,
    id: json.id as string,
    seq: json.seq as string,
    text: json.text as string,
    html: json.html as string | null,
    from: json.from_user as CommentEntity['from'],
    taggedUserContacts: json.tagged_user_contacts as CommentEntity['taggedUserContacts'],
    context: json.context as CommentEntity['context'],
    attachments: json.attachments as CommentEntity['attachments'],
    agent: json.agent as CommentEntity['agent'],
    createdAt: timestamp(json.created_at as string),
    updatedAt: timestamp(json.updated_at as string),
  };
}

export function reactionOf(json: Record<string, unknown>): CommentReaction {
  return {
    apiKeyId: json.api_key_id as string,
    organizationId: json.organization_id as string,
    documentId: json.document_id as string,
    annotationId: json.annotation_id as string,
    commentId: json.comment_id as string,
    userId: json.user_id as string,
    icon: json.icon as string,
    user: json.user as CommentReaction['user'],
    createdAt: timestamp(json.created_at as string),
  };
}

/** A thread as a write left it: its row, its Velt view (comments and reactions) and its document's name. */
export interface StoredThread {
  row: CommentAnnotation;
  view: AnnotationView;
  documentName: string | null;
}

export function storedThread(row: ThreadRow): StoredThread {
  const reactions = (row.reactions ?? []).map(reactionOf);
  const comments = row.comments.map(commentOf).map((comment) =>
    commentView(
      comment,
      reactions.filter((r) => r.commentId === comment.id),
    ),
  );
  const annotation = annotationOf(row);
  return { row: annotation, view: annotationView(annotation, comments), documentName: row.document_name };
}

/** The JSON lock key of a document's change log. */
export function changeLogKey(apiKeyId: string, organizationId: string, documentId: string): string {
  return JSON.stringify([apiKeyId, organizationId, documentId]);
}

/* Annotation reads (commentannotations/get). */

/** The filters of an annotation listing besides its documents; an absent one is undefined. */
export interface AnnotationFilters {
  annotationIds?: string[];
  locationIds?: string[];
  /** Creators. */
  userIds?: string[];
  statusIds?: string[];
  resolvedBy?: string;
  /** Epoch ms. */
  updatedAfter?: number;
  updatedBefore?: number;
  createdAfter?: number;
  createdBefore?: number;
  mentionedUserIds?: string[];
  agentId?: string;
  executionId?: string;
  agentType?: string;
  agentSource?: string;
  agentComments?: boolean;
  agentSuggestions?: boolean;
}

/** One page of annotations, newest (`desc`) or oldest first by `updated_at`, then creation. */
export interface AnnotationListing {
  apiKeyId: string;
  organizationId: string;
  /** Null: the whole organization. */
  documentIds: string[] | null;
  filters: AnnotationFilters;
  /** Leaves out the restricted annotations this user may not read. */
  readerId: string | null;
  /** The keyset cursor: `updated_at` as PostgreSQL's text and `seq`. */
  after: readonly [string, string] | null;
  desc: boolean;
  limit: number;
}

/** Velt's private annotations: a restricted one is read by its author and the users it names; $n is the reader. */
const visibleTo = (n: number) =>
  `(a.visibility->>'type' IS DISTINCT FROM 'restricted' OR a.created_by->>'userId' = $${n} OR a.visibility->'userIds' ? $${n})`;

const inComments = (condition: string) =>
  `EXISTS (SELECT 1 FROM comment c WHERE c.api_key_id = a.api_key_id AND c.organization_id = a.organization_id AND c.document_id = a.document_id AND c.annotation_id = a.id AND ${condition})`;

/**
 * Every filter but the documents and the cursor, each a no-op when its parameter is null (false for
 * the two flags), so one text serves any combination: PostgreSQL folds the no-ops away when it
 * plans with the values. $1 and $2 are the API key and organization, $3 the limit.
 */
const LISTING_FILTERS = `a.api_key_id = $1 AND a.organization_id = $2
  AND ($4::text[] IS NULL OR a.id = ANY($4))
  AND ($5::text[] IS NULL OR a.location_id = ANY($5))
  AND ($6::text[] IS NULL OR a.created_by->>'userId' = ANY($6))
  AND ($7::text[] IS NULL OR a.status->>'id' = ANY($7))
  AND ($8::text IS NULL OR a.resolved_by_user_id = $8)
  AND ($9::float8 IS NULL OR a.updated_at > to_timestamp($9))
  AND ($10::float8 IS NULL OR a.updated_at < to_timestamp($10))
  AND ($11::float8 IS NULL OR a.created_at > to_timestamp($11))
  AND ($12::float8 IS NULL OR a.created_at < to_timestamp($12))
  AND ($13::text[] IS NULL OR ${inComments(`EXISTS (SELECT 1 FROM jsonb_array_elements(c.tagged_user_contacts) t WHERE t->>'userId' = ANY($13))`)})
  AND ($14::text IS NULL OR ${inComments(`c.agent->>'agentId' = $14`)})
  AND ($15::text IS NULL OR ${inComments(`c.agent->>'executionId' = $15`)})
  AND ($16::text IS NULL OR ${inComments(`c.agent->>'agentType' = $16`)})
  AND ($17::text IS NULL OR ${inComments(`c.agent->>'agentSource' = $17`)})
  AND (NOT $18::boolean OR ${inComments('c.agent IS NOT NULL')})
  AND (NOT $19::boolean OR (a.type = 'suggestion' AND COALESCE(a.suggestion->>'status', 'pending') = 'pending' AND ${inComments('c.agent IS NOT NULL')}))
  AND ($20::text IS NULL OR ${visibleTo(20)})`;

/**
 * The listing in one round trip, each annotation with its comments and reactions. The documents
 * ($21) and the cursor (after them) change which index serves the scan, so each combination with
 * the order is a text of its own: eight in all.
 */
function listingStatement(documents: boolean, cursor: boolean, desc: boolean) {
  const direction = desc ? 'DESC' : 'ASC';
  const next = documents ? 22 : 21;
  return preparedStatement(`SELECT ${THREAD_COLUMNS}, a.updated_at::text AS listed_at FROM comment_annotation AS a
  WHERE ${LISTING_FILTERS}${documents ? ' AND a.document_id = ANY($21::text[])' : ''}${
    cursor ? ` AND (a.updated_at, a.seq) ${desc ? '<' : '>'} ($${next}::timestamptz, $${next + 1}::bigint)` : ''
  }
  ORDER BY a.updated_at ${direction}, a.seq ${direction} LIMIT $3`);
}

const LISTING_STATEMENTS = [false, true].map((documents) =>
  [false, true].map((cursor) => [false, true].map((desc) => listingStatement(documents, cursor, desc))),
);

/** The statement and parameters of a listing; its rows are ListedThreadRow. */
export function annotationListing(listing: AnnotationListing): { statement: PreparedStatement; values: unknown[] } {
  const { filters, documentIds, after } = listing;
  const seconds = (ms: number | undefined) => (ms === undefined ? null : ms / 1000);
  const values: unknown[] = [
    listing.apiKeyId,
    listing.organizationId,
    listing.limit,
    filters.annotationIds ?? null,
    filters.locationIds ?? null,
    filters.userIds ?? null,
    filters.statusIds ?? null,
    filters.resolvedBy ?? null,
    seconds(filters.updatedAfter),
    seconds(filters.updatedBefore),
    seconds(filters.createdAfter),
    seconds(filters.createdBefore),
    filters.mentionedUserIds ?? null,
    filters.agentId ?? null,
    filters.executionId ?? null,
    filters.agentType ?? null,
    filters.agentSource ?? null,
    filters.agentComments === true,
    filters.agentSuggestions === true,
    listing.readerId,
    ...(documentIds ? [documentIds] : []),
    ...(after ?? []),
  ];
  const statement = LISTING_STATEMENTS[documentIds ? 1 : 0][after ? 1 : 0][listing.desc ? 1 : 0];
  return { statement, values };
}

/** A row of an annotation listing: the thread and its `updated_at` as PostgreSQL's text, for the cursor. */
export type ListedThreadRow = Omit<ThreadRow, 'document_name'> & { listed_at: string };

/** The annotations per document of $3 that user $4 may read, of the statuses $5 (any when null). */
export const COUNT_ANNOTATIONS = preparedStatement(`SELECT a.document_id, count(*) AS total FROM comment_annotation AS a
  WHERE a.api_key_id = $1 AND a.organization_id = $2 AND a.document_id = ANY($3::text[])
    AND ($5::text[] IS NULL OR a.status->>'id' = ANY($5)) AND ${visibleTo(4)}
  GROUP BY a.document_id`);

/* Comment reads and edits (comments/get, comments/update). */

/**
 * Whether annotation $4 exists, and a page of its comments (at most $7, in creation order), each with
 * its reactions (oldest first) under `reactions`: the comments $5 and of the authors $6 when given.
 * With a cursor the comments after seq $8 only; it serves the scan, so it is a text of its own.
 */
function commentPageStatement(cursor: boolean) {
  return preparedStatement(`SELECT
    EXISTS (SELECT 1 FROM comment_annotation WHERE api_key_id = $1 AND organization_id = $2 AND document_id = $3 AND id = $4) AS found,
    (SELECT COALESCE(jsonb_agg(${commentJson('c')} || jsonb_build_object('reactions',
        (SELECT COALESCE(jsonb_agg(${reactionJson('r')} ORDER BY r.created_at), '[]') FROM comment_reaction r
          WHERE r.api_key_id = c.api_key_id AND r.organization_id = c.organization_id AND r.document_id = c.document_id
            AND r.annotation_id = c.annotation_id AND r.comment_id = c.id)) ORDER BY c.seq), '[]')
       FROM (SELECT * FROM comment
              WHERE api_key_id = $1 AND organization_id = $2 AND document_id = $3 AND annotation_id = $4
                AND ($5::bigint[] IS NULL OR id = ANY($5::bigint[])) AND ($6::text[] IS NULL OR from_user->>'userId' = ANY($6::text[]))${
                  cursor ? ' AND seq > $8::bigint' : ''
                }
              ORDER BY seq LIMIT $7) AS c) AS comments`);
}

export const COMMENT_PAGE = commentPageStatement(false);
export const COMMENT_PAGE_AFTER = commentPageStatement(true);

/**
 * Sets the fields of the comments $5 of annotation $4 that are not null among $6 to $11 (text, html,
 * context, tagged contacts, attachments, author); answers the ids of those it found.
 */
export const UPDATE_COMMENTS = preparedStatement(`WITH updated AS (
    UPDATE comment AS c
       SET text = COALESCE($6, c.text), html = COALESCE($7, c.html), context = COALESCE($8::jsonb, c.context),
           tagged_user_contacts = COALESCE($9::jsonb, c.tagged_user_contacts), attachments = COALESCE($10::jsonb, c.attachments),
           from_user = COALESCE($11::jsonb, c.from_user), updated_at = now()
     WHERE c.api_key_id = $1 AND c.organization_id = $2 AND c.document_id = $3 AND c.annotation_id = $4 AND c.id = ANY($5::bigint[])
    RETURNING c.id
  )
  SELECT id FROM updated`);

/* Annotation update and delete (commentannotations/update, commentannotations/delete). */

/**
 * The annotations of document $3 that update and delete select: of the locations $4 and creators $5
 * when given, and the ids $n when a variant names them. Naming the ids decides which index serves the
 * scan (the key, or the document's annotations in creation order), so each is a text of its own, the
 * ids its last parameter.
 */
const selectedAnnotations = (
  ids: number | null,
) => `a.api_key_id = $1 AND a.organization_id = $2 AND a.document_id = $3${
  ids === null ? '' : ` AND a.id = ANY($${ids}::text[])`
}
  AND ($4::text[] IS NULL OR a.location_id = ANY($4::text[])) AND ($5::text[] IS NULL OR a.created_by->>'userId' = ANY($5::text[]))`;

/** The selected annotations, locked for the transaction, in creation order. */
function lockAnnotationsStatement(ids: number | null) {
  return preparedStatement(
    `SELECT a.* FROM comment_annotation AS a WHERE ${selectedAnnotations(ids)} ORDER BY a.seq FOR UPDATE`,
  );
}

/** By document ($1 to $5), and by ids ($6). */
export const LOCK_ANNOTATIONS = { all: lockAnnotationsStatement(null), byIds: lockAnnotationsStatement(6) };

/** Writes the annotation fields an update may change, one row of $4 per annotation of document $3. */
export const UPDATE_ANNOTATIONS = preparedStatement(`UPDATE comment_annotation AS a
    SET status = v.status, priority = v.priority, assigned_to = v.assigned_to, created_by = v.created_by, location = v.location,
        location_id = v.location_id, target_element = v.target_element, context = v.context, suggestion = v.suggestion,
        resolved_by_user_id = v.resolved_by_user_id, status_updated_by_user_id = v.status_updated_by_user_id, updated_at = now()
   FROM jsonb_to_recordset($4::jsonb) AS v(id text, status jsonb, priority jsonb, assigned_to jsonb, created_by jsonb, location jsonb, location_id text,
        target_element jsonb, context jsonb, suggestion jsonb, resolved_by_user_id text, status_updated_by_user_id text)
  WHERE a.api_key_id = $1 AND a.organization_id = $2 AND a.document_id = $3 AND a.id = v.id COLLATE "C"`);

/** The authors and tagged contacts of the comments of annotations $4 of document $3. */
export const COMMENT_USERS = preparedStatement(`SELECT annotation_id, id, from_user, tagged_user_contacts FROM comment
  WHERE api_key_id = $1 AND organization_id = $2 AND document_id = $3 AND annotation_id = ANY($4::text[])`);

/** Sets the authors and tagged contacts of the comments of document $3 listed in $4. */
export const SET_COMMENT_USERS =
  preparedStatement(`UPDATE comment AS c SET from_user = v.from_user, tagged_user_contacts = v.tagged, updated_at = now()
   FROM jsonb_to_recordset($4::jsonb) AS v(annotation_id text, id bigint, from_user jsonb, tagged jsonb)
  WHERE c.api_key_id = $1 AND c.organization_id = $2 AND c.document_id = $3 AND c.annotation_id = v.annotation_id COLLATE "C" AND c.id = v.id`);

/**
 * Deletes the selected annotations, and of them only those with a comment by an agent when $10 (by
 * the agent $7 when $6, on one of the page URLs $9 when $8) and the pending suggestions when $11;
 * answers who could see each.
 */
function deleteAnnotationsStatement(ids: number | null) {
  return preparedStatement(`WITH deleted AS (
    DELETE FROM comment_annotation AS a WHERE ${selectedAnnotations(ids)}
      AND (NOT $10::boolean OR EXISTS (SELECT 1 FROM comment c
            WHERE c.api_key_id = a.api_key_id AND c.organization_id = a.organization_id AND c.document_id = a.document_id AND c.annotation_id = a.id
              AND c.agent IS NOT NULL AND (NOT $6::boolean OR c.agent->>'agentId' = $7::text) AND (NOT $8::boolean OR c.agent->>'url' = ANY($9::text[]))))
      AND (NOT $11::boolean OR (a.type = 'suggestion' AND COALESCE(a.suggestion->>'status', 'pending') = 'pending'))
    RETURNING a.id, a.visibility, a.created_by
  )
  SELECT id, visibility, created_by FROM deleted`);
}

/** By document ($1 to $11), and by ids ($12). */
export const DELETE_ANNOTATIONS = { all: deleteAnnotationsStatement(null), byIds: deleteAnnotationsStatement(12) };

/** The organizations (at most two) holding annotations on document $2. */
export const ANNOTATION_ORGANIZATIONS = preparedStatement(
  'SELECT DISTINCT organization_id FROM comment_annotation WHERE api_key_id = $1 AND document_id = $2 LIMIT 2',
);

/* The client plane's read state and change log (comment_read, comment_change). */

/** Marks annotation $4 read by user $5 now. */
export const MARK_READ =
  preparedStatement(`INSERT INTO comment_read (api_key_id, organization_id, document_id, annotation_id, user_id, read_at) VALUES ($1, $2, $3, $4, $5, now())
  ON CONFLICT (api_key_id, organization_id, document_id, annotation_id, user_id) DO UPDATE SET read_at = EXCLUDED.read_at`);

/** When user $4 last read each of the annotations $5 they have read. */
export const READ_MARKS = preparedStatement(`SELECT annotation_id, read_at FROM comment_read
  WHERE api_key_id = $1 AND organization_id = $2 AND document_id = $3 AND user_id = $4 AND annotation_id = ANY($5::text[])`);

/** The document's latest change-log seq (null when it has none). */
/**
 * A cursor to catch up from: the document's latest change, or the retention horizon when that is
 * later (a quiet document's last change may be long deleted; no change of it lies between the two).
 */
export const LATEST_CHANGE = preparedStatement(
  `SELECT GREATEST(
     (SELECT max(seq) FROM comment_change WHERE api_key_id = $1 AND organization_id = $2 AND document_id = $3),
     (SELECT seq FROM comment_change_horizon WHERE id = 1))::text AS cursor`,
);

/** Every change-log row the retention sweep deleted has a seq at or below this one ('0': none deleted). */
export const CHANGE_HORIZON = preparedStatement(
  `SELECT COALESCE((SELECT seq FROM comment_change_horizon WHERE id = 1), 0)::text AS horizon`,
);

/** The annotations changed after seq $4: whether one was deleted, and its latest seq. */
export const CHANGED_SINCE =
  preparedStatement(`SELECT annotation_id, bool_or(kind = 'thread_deleted') AS deleted, max(seq)::text AS cursor FROM comment_change
  WHERE api_key_id = $1 AND organization_id = $2 AND document_id = $3 AND seq > $4::bigint GROUP BY annotation_id`);

/* Velt's v1 location routes. */

/** The annotations at location $4, locked for the transaction. */
export const LOCK_AT_LOCATION = preparedStatement(`SELECT id, location FROM comment_annotation
  WHERE api_key_id = $1 AND organization_id = $2 AND document_id = $3 AND location_id = $4 FOR UPDATE`);

/** Moves the annotations listed in $4 to their new locations. */
export const MOVE_ANNOTATIONS =
  preparedStatement(`UPDATE comment_annotation AS a SET location = v.location, location_id = v.location_id, updated_at = now()
  FROM jsonb_to_recordset($4::jsonb) AS v(id text, location jsonb, location_id text)
  WHERE a.api_key_id = $1 AND a.organization_id = $2 AND a.document_id = $3 AND a.id = v.id`);

/** Deletes the annotations at location $4; answers who could see each. */
export const DELETE_AT_LOCATION = preparedStatement(`WITH deleted AS (
    DELETE FROM comment_annotation WHERE api_key_id = $1 AND organization_id = $2 AND document_id = $3 AND location_id = $4
    RETURNING id, visibility, created_by
  )
  SELECT id, visibility, created_by FROM deleted`);

/* The GDPR listings of one end user's comments and reactions. */

/** Comments user $3 wrote or is tagged in ($4, the tag as JSON) in organization $2, in creation order after seq $5; at most $6. */
export const USER_COMMENTS = preparedStatement(`SELECT ${commentJson('c')} AS comment FROM comment c
  WHERE c.api_key_id = $1 AND c.organization_id = $2 AND c.seq > $5::bigint
    AND (c.from_user->>'userId' = $3 OR c.tagged_user_contacts @> $4::jsonb)
  ORDER BY c.seq LIMIT $6`);

/** User $3's reactions in organization $2, by their comment's creation, then icon, after ($4, $5); at most $6. */
export const USER_REACTIONS =
  preparedStatement(`SELECT c.seq, r.organization_id, r.document_id, r.annotation_id, r.comment_id, r.icon, r."user", r.created_at
  FROM comment_reaction r
  JOIN comment c ON c.api_key_id = r.api_key_id AND c.organization_id = r.organization_id AND c.document_id = r.document_id
   AND c.annotation_id = r.annotation_id AND c.id = r.comment_id
  WHERE r.api_key_id = $1 AND r.organization_id = $2 AND r.user_id = $3 AND (c.seq, r.icon) > ($4::bigint, $5)
  ORDER BY c.seq, r.icon LIMIT $6`);
