import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { runStatement } from '@app/database';
import { CommentStore } from './comment-store';
import { CommentView, commentView } from './comment-views';
import { CommentUser, ThreadSubscription } from './entities/comment-user';

/** A comment the user wrote or was tagged in, with where it sits; `seq` is its keyset cursor. */
export interface UserCommentItem {
  seq: string;
  view: CommentView & { organizationId: string; documentId: string; annotationId: string };
}

/** One of the user's reactions; (`seq` of its comment, `icon`) is its keyset cursor. */
export interface UserReactionItem {
  seq: string;
  icon: string;
  view: {
    organizationId: string;
    documentId: string;
    annotationId: string;
    commentId: number;
    icon: string;
    from: CommentUser;
    createdAt: number;
  };
}

/** A thread the user has read, and when; (`documentId`, `annotationId`) is its keyset cursor. */
export interface UserCommentReadItem {
  organizationId: string;
  documentId: string;
  annotationId: string;
  readAt: number;
}

/** The user's entry in a thread's subscribedUsers or unsubscribedUsers; the thread's `seq` is its keyset cursor. */
export interface UserThreadSubscriptionItem {
  seq: string;
  view: {
    organizationId: string;
    documentId: string;
    annotationId: string;
    subscribed: boolean;
    type: ThreadSubscription['type'];
    user: CommentUser;
  };
}

/** Organizations to erase in; null means every organization of the API key. */
export type OrganizationScope = string[] | null;

/** Rows of the table (aliased `a`) matching `filter`, at most $4 of them, as a TID list for a short DELETE or UPDATE. */
const pick = (table: string, filter: string) =>
  `ctid = ANY(ARRAY(SELECT ctid FROM ${table} a WHERE api_key_id = $1 AND ($2::text[] IS NULL OR organization_id = ANY($2::text[])) AND ${filter} LIMIT $4))`;

const NO_COMMENTS = `NOT EXISTS (SELECT 1 FROM comment c WHERE c.api_key_id = a.api_key_id AND c.organization_id = a.organization_id
  AND c.document_id = a.document_id AND c.annotation_id = a.id)`;

/** Thread subscription maps are keyed by the MD5 of the user id (comment-subscription.service.ts), which PostgreSQL's md5() computes alike. */
const IDENTIFIES_USER = `(created_by->>'userId' = $3 OR assigned_to->>'userId' = $3 OR resolved_by_user_id = $3 OR status_updated_by_user_id = $3
  OR subscribed_users ? md5($3) OR unsubscribed_users ? md5($3))`;

/**
 * What the comment module stores about one end user, for the GDPR routes: listing (keyset pages)
 * and erasure in bounded batches. Each erase method changes at most `limit` rows on the caller's
 * transaction and answers how many it changed, so the caller can commit often and stop at zero.
 * Nothing here emits events: erasure is not user activity (see libs/user-data).
 */
@Injectable()
export class CommentUserData {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly store: CommentStore,
  ) {}

  /** Comments the user wrote or is tagged in, in creation order after `afterSeq`. */
  async comments(
    apiKeyId: string,
    organizationId: string,
    userId: string,
    afterSeq: string,
    limit: number,
  ): Promise<UserCommentItem[]> {
    const rows = await this.store.userComments(this.dataSource, apiKeyId, organizationId, userId, afterSeq, limit);
    return rows.map((row) => ({
      seq: row.seq,
      view: {
        ...commentView(row),
        organizationId: row.organizationId,
        documentId: row.documentId,
        annotationId: row.annotationId,
      },
    }));
  }

  /** The user's reactions, ordered by their comment's creation, then icon, after the cursor. */
  async reactions(
    apiKeyId: string,
    organizationId: string,
    userId: string,
    after: [string, string],
    limit: number,
  ): Promise<UserReactionItem[]> {
    const rows = await this.store.userReactions(this.dataSource, apiKeyId, organizationId, userId, after, limit);
    return rows.map((row) => ({
      seq: row.seq,
      icon: row.icon,
      view: {
        organizationId: row.organization_id,
        documentId: row.document_id,
        annotationId: row.annotation_id,
        commentId: Number(row.comment_id),
        icon: row.icon,
        from: row.user,
        createdAt: row.created_at.getTime(),
      },
    }));
  }

  /** The threads the user has read (comment_read), by document, then annotation id, after the cursor. */
  async commentReads(
    apiKeyId: string,
    organizationId: string,
    userId: string,
    after: [string, string],
    limit: number,
  ): Promise<UserCommentReadItem[]> {
    const rows = await this.dataSource.query<Array<{ document_id: string; annotation_id: string; read_at: Date }>>(
      `SELECT document_id, annotation_id, read_at FROM comment_read
        WHERE api_key_id = $1 AND organization_id = $2 AND user_id = $3 AND (document_id, annotation_id) > ($4, $5)
        ORDER BY document_id, annotation_id LIMIT $6`,
      [apiKeyId, organizationId, userId, after[0], after[1], limit],
    );
    return rows.map((row) => ({
      organizationId,
      documentId: row.document_id,
      annotationId: row.annotation_id,
      readAt: row.read_at.getTime(),
    }));
  }

  /** The threads the user subscribed to or unsubscribed from, in creation order after `afterSeq`. */
  async threadSubscriptions(
    apiKeyId: string,
    organizationId: string,
    userId: string,
    afterSeq: string,
    limit: number,
  ): Promise<UserThreadSubscriptionItem[]> {
    const rows = await this.dataSource.query<
      Array<{
        seq: string;
        document_id: string;
        id: string;
        subscribed: ThreadSubscription | null;
        unsubscribed: ThreadSubscription | null;
      }>
    >(
      `SELECT seq::text AS seq, document_id, id, subscribed_users -> md5($3) AS subscribed, unsubscribed_users -> md5($3) AS unsubscribed
         FROM comment_annotation
        WHERE api_key_id = $1 AND organization_id = $2 AND (subscribed_users ? md5($3) OR unsubscribed_users ? md5($3))
          AND seq > $4 ORDER BY seq LIMIT $5`,
      [apiKeyId, organizationId, userId, afterSeq, limit],
    );
    return rows.map((row) => {
      const entry = (row.subscribed ?? row.unsubscribed)!;
      return {
        seq: row.seq,
        view: {
          organizationId,
          documentId: row.document_id,
          annotationId: row.id,
          subscribed: row.subscribed !== null,
          type: entry.type,
          user: entry.user,
        },
      };
    });
  }

  /** Deletes up to `limit` of the user's reactions, then of their thread read marks. */
  async eraseReactions(
    manager: EntityManager,
    apiKeyId: string,
    organizations: OrganizationScope,
    userId: string,
    limit: number,
  ): Promise<number> {
    let erased = 0;
    for (const table of ['comment_reaction', 'comment_read']) {
      const { affected } = await runStatement(manager, `DELETE FROM ${table} WHERE ${pick(table, 'user_id = $3')}`, [
        apiKeyId,
        organizations,
        userId,
        limit - erased,
      ]);
      erased += affected;
      if (erased === limit) break;
    }
    return erased;
  }

  /**
   * Deletes up to `limit` comments the user wrote (their reactions go with them), then the
   * annotations those deletions left without any comment; others' comments are kept.
   */
  async eraseComments(
    manager: EntityManager,
    apiKeyId: string,
    organizations: OrganizationScope,
    userId: string,
    limit: number,
  ): Promise<number> {
    const { rows } = await runStatement<{ organization_id: string; document_id: string; annotation_id: string }>(
      manager,
      `DELETE FROM comment WHERE ${pick('comment', `from_user->>'userId' = $3`)} RETURNING organization_id, document_id, annotation_id`,
      [apiKeyId, organizations, userId, limit],
    );
    const threads = [...new Map(rows.map((row) => [JSON.stringify(row), row])).values()];
    if (threads.length > 0) {
      await runStatement(
        manager,
        `DELETE FROM comment_annotation a USING unnest($2::text[], $3::text[], $4::text[]) AS t(organization_id, document_id, annotation_id)
          WHERE a.api_key_id = $1 AND a.organization_id = t.organization_id AND a.document_id = t.document_id AND a.id = t.annotation_id
            AND ${NO_COMMENTS}`,
        [
          apiKeyId,
          threads.map((t) => t.organization_id),
          threads.map((t) => t.document_id),
          threads.map((t) => t.annotation_id),
        ],
      );
    }
    return rows.length;
  }

  /** Removes the user from the tagged contacts of up to `limit` comments; the comment text stays as its author wrote it. */
  async eraseMentions(
    manager: EntityManager,
    apiKeyId: string,
    organizations: OrganizationScope,
    userId: string,
    limit: number,
  ): Promise<number> {
    const { affected } = await runStatement(
      manager,
      `UPDATE comment SET tagged_user_contacts = COALESCE(
          (SELECT jsonb_agg(e.tag ORDER BY e.n) FROM jsonb_array_elements(tagged_user_contacts) WITH ORDINALITY AS e(tag, n)
            WHERE e.tag->>'userId' IS DISTINCT FROM $3), '[]'::jsonb)
        WHERE ${pick('comment', 'tagged_user_contacts @> $5::jsonb')}`,
      [apiKeyId, organizations, userId, limit, JSON.stringify([{ userId }])],
    );
    return affected;
  }

  /**
   * Up to `limit` annotations that name the user: one the user created that has no comment left is
   * deleted; on the others the user's identity (creator, assignee, resolver, status changer, thread subscription) is cleared.
   */
  async eraseAnnotations(
    manager: EntityManager,
    apiKeyId: string,
    organizations: OrganizationScope,
    userId: string,
    limit: number,
  ): Promise<number> {
    const params = [apiKeyId, organizations, userId, limit];
    const deleted = await runStatement(
      manager,
      `DELETE FROM comment_annotation WHERE ${pick('comment_annotation', `created_by->>'userId' = $3 AND ${NO_COMMENTS}`)}`,
      params,
    );
    const left = limit - deleted.affected;
    if (left === 0) return deleted.affected;
    const cleared = await runStatement(
      manager,
      `UPDATE comment_annotation SET
          created_by = CASE WHEN created_by->>'userId' = $3 THEN NULL ELSE created_by END,
          assigned_to = CASE WHEN assigned_to->>'userId' = $3 THEN NULL ELSE assigned_to END,
          resolved_by_user_id = NULLIF(resolved_by_user_id, $3),
          status_updated_by_user_id = NULLIF(status_updated_by_user_id, $3),
          subscribed_users = NULLIF(subscribed_users - md5($3), '{}'::jsonb),
          unsubscribed_users = NULLIF(unsubscribed_users - md5($3), '{}'::jsonb)
        WHERE ${pick('comment_annotation', IDENTIFIES_USER)}`,
      [apiKeyId, organizations, userId, left],
    );
    return deleted.affected + cleared.affected;
  }
}
