import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ApiError, ErrorCode, MAX_PAGE_SIZE } from '@app/common';
import { UserContact, UserContacts } from '@app/user';
import { EndUserActor } from './comment-access';
import { CommentAnnotationQueryService } from './comment-annotation-query.service';
import { CommentAnnotationService } from './comment-annotation.service';
import { CommentReactionService } from './comment-reaction.service';
import { CommentStore } from './comment-store';
import { CommentSubscriptionService } from './comment-subscription.service';
import { AnnotationView } from './comment-views';
import { CommentService } from './comment.service';
import {
  ClientAddThreadDto,
  ClientChangesDto,
  ClientCommentRefDto,
  ClientDeleteDto,
  ClientDocumentRefDto,
  ClientEditCommentDto,
  ClientListThreadsDto,
  ClientReactionDto,
  ClientReplyDto,
  ClientThreadRefDto,
  ClientThreadStatusDto,
  MentionableUsersDto,
} from './dto/client-comments.dto';
import { CommentUser } from './entities/comment-user';

/** The token's user, with the role the socket gateway resolved on the document. */
export interface ClientActor extends EndUserActor {
  apiKeyId: string;
  name: string;
  email: string;
}

/** What a catch-up answers: the changes since the cursor, or `relist` when the change log no longer reaches back to it. */
export type ClientChanges =
  { cursor: string; threads: ClientThread[]; deleted: string[] } | { cursor: string; relist: true };

/** A thread as one user sees it: `isRead` once they read it after its last change. */
export type ClientThread = AnnotationView & { isRead: boolean };

const DEFAULT_PAGE_SIZE = 50;

/**
 * The client plane's comment operations: an end user's own actions, mapped onto the same services the
 * REST routes call (so webhooks, notifications, activities, e-mails and live pushes fire alike), with
 * the token's user as `from` and the gateway's role as the authority. On top of the REST rules: a user
 * edits and deletes only what they wrote, and a private thread does not exist for anyone it leaves out.
 */
@Injectable()
export class ClientComments {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly queries: CommentAnnotationQueryService,
    private readonly annotations: CommentAnnotationService,
    private readonly comments: CommentService,
    private readonly reactions: CommentReactionService,
    private readonly subscriptions: CommentSubscriptionService,
    private readonly contacts: UserContacts,
    private readonly store: CommentStore,
  ) {}

  async list(
    actor: ClientActor,
    dto: ClientListThreadsDto,
  ): Promise<{ threads: ClientThread[]; nextPageToken?: string; cursor: string }> {
    const { organizationId, documentId } = dto;
    const cursor = await this.cursor(actor.apiKeyId, { organizationId, documentId });
    const page = await this.queries.get(
      actor.apiKeyId,
      {
        organizationId,
        documentId,
        from: self(actor),
        pageSize: dto.pageSize ?? DEFAULT_PAGE_SIZE,
        pageToken: dto.pageToken,
      },
      actor,
    );
    const threads = await this.withReadState(actor, dto, page.data as AnnotationView[]);
    return { threads, ...(page.nextPageToken ? { nextPageToken: page.nextPageToken } : {}), cursor };
  }

  async get(actor: ClientActor, ref: ClientThreadRefDto): Promise<ClientThread> {
    const [thread] = await this.withReadState(actor, ref, [await this.visible(actor, ref)]);
    return thread;
  }

  async add(actor: ClientActor, dto: ClientAddThreadDto): Promise<ClientThread> {
    const {
      organizationId,
      documentId,
      comment,
      annotationId,
      location,
      targetElement,
      context,
      status,
      priority,
      assignedTo,
      visibility,
    } = dto;
    const results = await this.annotations.add(
      actor.apiKeyId,
      {
        organizationId,
        documentId,
        from: self(actor),
        triggerNotification: true,
        commentAnnotations: [
          {
            annotationId,
            location,
            targetElement,
            context,
            status,
            priority,
            assignedTo,
            visibility,
            commentData: [{ ...comment, from: self(actor) }],
          },
        ],
      },
      actor,
    );
    const [result] = Object.values(results);
    if (!result.success) throw new ApiError(ErrorCode.ALREADY_EXISTS, result.message);
    return this.get(actor, { organizationId, documentId, annotationId: result.annotationId });
  }

  async reply(actor: ClientActor, dto: ClientReplyDto): Promise<{ thread: ClientThread; commentId: number }> {
    await this.visible(actor, dto);
    const { organizationId, documentId, annotationId, comment } = dto;
    const [commentId] = await this.comments.add(
      actor.apiKeyId,
      {
        organizationId,
        documentId,
        annotationId,
        from: self(actor),
        triggerNotification: true,
        commentData: [{ ...comment, from: self(actor) }],
      },
      actor,
    );
    return { thread: await this.get(actor, dto), commentId };
  }

  async edit(actor: ClientActor, dto: ClientEditCommentDto): Promise<ClientThread> {
    await this.ownComment(actor, dto);
    const {
      organizationId,
      documentId,
      annotationId,
      commentId,
      commentText,
      commentHtml,
      context,
      taggedUserContacts,
      attachments,
    } = dto;
    const change = { commentText, commentHtml, context, taggedUserContacts, attachments };
    await this.comments.update(
      actor.apiKeyId,
      {
        organizationId,
        documentId,
        annotationId,
        commentIds: [commentId],
        from: self(actor),
        triggerNotification: true,
        updatedData: change,
      },
      actor,
    );
    return this.get(actor, dto);
  }

  async delete(actor: ClientActor, dto: ClientDeleteDto): Promise<void> {
    const { organizationId, documentId, annotationId, commentId } = dto;
    if (commentId !== undefined) {
      await this.ownComment(actor, { ...dto, commentId });
      await this.comments.delete(
        actor.apiKeyId,
        {
          organizationId,
          documentId,
          annotationId,
          commentIds: [commentId],
          from: self(actor),
          triggerNotification: true,
        },
        actor,
      );
      return;
    }
    const thread = await this.visible(actor, dto);
    if ((thread.from as CommentUser | undefined)?.userId !== actor.userId)
      throw new ApiError(ErrorCode.PERMISSION_DENIED, 'Only the user who started a thread may delete it.');
    await this.annotations.delete(
      actor.apiKeyId,
      { organizationId, documentId, annotationIds: [annotationId], from: self(actor) },
      actor,
    );
  }

  async react(actor: ClientActor, dto: ClientReactionDto, action: 'add' | 'delete'): Promise<ClientThread> {
    const thread = await this.visible(actor, dto);
    if (!thread.comments.some((c) => c.commentId === dto.commentId)) throw ApiError.notFound('Comment does not exist.');
    const { organizationId, documentId, annotationId, commentId, icon } = dto;
    const change = {
      organizationId,
      documentId,
      annotationId,
      commentId,
      icons: [icon],
      from: self(actor),
      triggerNotification: true,
    };
    await (action === 'add'
      ? this.reactions.add(actor.apiKeyId, change, actor)
      : this.reactions.delete(actor.apiKeyId, change, actor));
    return this.get(actor, dto);
  }

  /** Status, priority and assignee; a terminal status records the user as its resolver. */
  async setStatus(actor: ClientActor, dto: ClientThreadStatusDto): Promise<ClientThread> {
    await this.visible(actor, dto);
    const { organizationId, documentId, annotationId, status, priority, assignedTo } = dto;
    const statusChange = status
      ? {
          status,
          statusUpdatedByUserId: actor.userId,
          ...(status.type === 'terminal' ? { resolvedByUserId: actor.userId } : {}),
        }
      : {};
    await this.annotations.update(
      actor.apiKeyId,
      {
        organizationId,
        documentId,
        annotationIds: [annotationId],
        from: self(actor),
        triggerNotification: true,
        updatedData: { ...statusChange, priority, assignedTo },
      },
      actor,
    );
    return this.get(actor, dto);
  }

  /** Subscribes the user to the thread's replies and status changes, or unsubscribes them (Velt's subscribedUsers). */
  async subscribe(actor: ClientActor, ref: ClientThreadRefDto, subscribed: boolean): Promise<ClientThread> {
    await this.visible(actor, ref);
    const { organizationId, documentId, annotationId } = ref;
    await this.subscriptions.set(
      actor.apiKeyId,
      { organizationId, documentId, annotationId },
      self(actor),
      subscribed,
      actor,
    );
    return this.get(actor, ref);
  }

  async markRead(actor: ClientActor, ref: ClientThreadRefDto): Promise<void> {
    await this.visible(actor, ref);
    await this.store.markRead(this.dataSource, actor.apiKeyId, ref, actor.userId);
  }

  /**
   * The threads changed since `since` as they stand now, and the ids of those deleted since; or
   * `relist` with a fresh cursor when the retention sweep has deleted changes after `since`. The
   * horizon is read after the changes, so a sweep between the two reads answers relist, never a gap.
   */
  async changes(actor: ClientActor, dto: ClientChangesDto): Promise<ClientChanges> {
    const { organizationId, documentId } = dto;
    const rows = await this.store.changedSince(this.dataSource, actor.apiKeyId, dto, dto.since);
    if (BigInt(dto.since) < BigInt(await this.store.changeHorizon(this.dataSource)))
      return { cursor: await this.cursor(actor.apiKeyId, dto), relist: true };
    const cursor = rows.reduce((max, row) => (BigInt(row.cursor) > BigInt(max) ? row.cursor : max), dto.since);
    const threads: AnnotationView[] = [];
    const ids = rows.map((row) => row.annotation_id);
    for (let i = 0; i < ids.length; i += MAX_PAGE_SIZE) {
      const annotationIds = ids.slice(i, i + MAX_PAGE_SIZE);
      const page = await this.queries.get(
        actor.apiKeyId,
        { organizationId, documentId, annotationIds, from: self(actor), pageSize: MAX_PAGE_SIZE },
        actor,
      );
      threads.push(...(page.data as AnnotationView[]));
    }
    const present = new Set(threads.map((thread) => thread.annotationId));
    const deleted = rows
      .filter((row) => row.deleted && !present.has(row.annotation_id))
      .map((row) => row.annotation_id);
    return { cursor, threads: await this.withReadState(actor, dto, threads), deleted };
  }

  async mentionable(actor: ClientActor, dto: MentionableUsersDto): Promise<UserContact[]> {
    return this.contacts.search(
      this.dataSource.manager,
      actor.apiKeyId,
      dto.organizationId,
      dto.query ?? '',
      dto.limit ?? 20,
    );
  }

  /** The thread as the user may see it; a private thread that leaves them out is NOT_FOUND, as if it did not exist. */
  private async visible(actor: ClientActor, ref: ClientThreadRefDto): Promise<AnnotationView> {
    const { organizationId, documentId, annotationId } = ref;
    const page = await this.queries.get(
      actor.apiKeyId,
      { organizationId, documentId, annotationIds: [annotationId], from: self(actor) },
      actor,
    );
    const [thread] = page.data as AnnotationView[];
    if (!thread) throw ApiError.notFound('Annotation does not exist.');
    return thread;
  }

  private async ownComment(actor: ClientActor, ref: ClientCommentRefDto): Promise<void> {
    const thread = await this.visible(actor, ref);
    const comment = thread.comments.find((c) => c.commentId === ref.commentId);
    if (!comment) throw ApiError.notFound('Comment does not exist.');
    if ((comment.from as CommentUser | undefined)?.userId !== actor.userId)
      throw new ApiError(ErrorCode.PERMISSION_DENIED, 'A user may change only their own comments.');
  }

  /** Where a catch-up of the document starts from now: the subscribe ack and every listing carry it. */
  async cursor(apiKeyId: string, ref: { organizationId: string; documentId: string }): Promise<string> {
    return (await this.store.latestChange(this.dataSource, apiKeyId, ref)) ?? '0';
  }

  private async withReadState(
    actor: ClientActor,
    ref: ClientDocumentRefDto,
    threads: AnnotationView[],
  ): Promise<ClientThread[]> {
    if (threads.length === 0) return [];
    const readAt = await this.store.readMarks(
      this.dataSource,
      actor.apiKeyId,
      ref,
      actor.userId,
      threads.map((thread) => thread.annotationId),
    );
    return threads.map((thread) => ({
      ...thread,
      isRead: (readAt.get(thread.annotationId)?.getTime() ?? -1) >= (thread.lastUpdated as number),
    }));
  }
}

/** The token's user as a comment's `from`: the token's name and e-mail, never the client's. */
function self(actor: ClientActor): CommentUser {
  return {
    userId: actor.userId,
    ...(actor.name ? { name: actor.name } : {}),
    ...(actor.email ? { email: actor.email } : {}),
  };
}
