import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { ApiError, AppConfig, assertUniqueIds, ErrorCode, KeysetPager, keysetListing } from '@app/common';
import { Emit, TriggerOf } from '@app/events';
import { CommentAccess, EndUserActor } from './comment-access';
import { CommentFeed } from './comment-feed';
import { CommentMentions } from './comment-mentions';
import { StoredThread } from './comment-sql';
import { CommentStore, CommentWithReactions, newComment, numberComments } from './comment-store';
import { CommentView, commentView } from './comment-views';
import { AddCommentsDto, DeleteCommentsDto, GetCommentsDto, UpdateCommentsDto } from './dto/comments.dto';
import { AnnotationRefDto } from './dto/refs.dto';
import { CommentUser } from './entities/comment-user';

const ANNOTATION_NOT_FOUND = 'Annotation does not exist.';

const COMMENT_LISTING = keysetListing('comments', ['bigint'], (row: CommentWithReactions) => [row.comment.seq]);

/** A per-comment result, keyed and identified by the numeric comment id as Velt does. */
export interface CommentResult {
  success: boolean;
  id: number;
  message: string;
}

/** Comments inside an annotation: comment.add, comment.update and comment.delete. */
@Injectable()
export class CommentService {
  constructor(
    private readonly feed: CommentFeed,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly access: CommentAccess,
    private readonly config: AppConfig,
    private readonly mentions: CommentMentions,
    private readonly store: CommentStore,
  ) {}

  /** Answers the new comments' ids, as Velt does. */
  async add(apiKeyId: string, dto: AddCommentsDto, actor?: EndUserActor): Promise<number[]> {
    assertUniqueIds(
      dto.commentData.map((c) => c.commentId),
      (i) => `data.commentData[${i}].commentId`,
    );
    const { organizationId, documentId, annotationId } = dto;
    const now = new Date();
    return this.feed.transaction(apiKeyId, actor, async (manager, emit, changed, flush) => {
      const authors = dto.commentData.map((c) => c.from);
      await this.access.checkAdd(manager, { apiKeyId, request: dto, authors, actor });
      const next = await this.store.lockAnnotation(manager, apiKeyId, organizationId, documentId, annotationId);
      if (next === null) {
        // The document's NOT_FOUND comes first, as when the access check reads it.
        if (!dto.from && !actor) await this.access.check(manager, apiKeyId, dto, undefined, 'write');
        throw ApiError.notFound(ANNOTATION_NOT_FOUND);
      }
      // The annotation row is locked: its counter hands out each id once, and given ids move it past them.
      const given = dto.commentData.map((c) => c.commentId).filter((id): id is number => id !== undefined);
      const ids = numberComments(
        dto.commentData.map((c) => c.commentId),
        Number(next),
      );
      const comments = dto.commentData.map((c, i) => newComment(annotationId, ids[i], c, now));
      const taken = await this.store.addComments(
        manager,
        apiKeyId,
        organizationId,
        documentId,
        annotationId,
        comments,
        given,
        Math.max(...ids) + 1,
      );
      if (taken !== null) throw new ApiError(ErrorCode.ALREADY_EXISTS, `Comment ${taken} already exists.`);
      for (const commentId of ids)
        changed({ organizationId, documentId, annotationId, kind: 'comment_added', commentId });
      const notified = ids.filter((_, i) => dto.triggerNotification || dto.commentData[i].triggerNotification);
      if (notified.length > 0) await this.notify(manager, apiKeyId, emit, 'comment.add', notified, dto.from, flush);
      return ids;
    });
  }

  async get(
    apiKeyId: string,
    dto: GetCommentsDto,
    actor?: EndUserActor,
  ): Promise<{ comments: CommentView[]; nextPageToken?: string }> {
    const { organizationId, documentId, annotationId } = dto;
    const filters = [organizationId, documentId, annotationId, dto.commentIds ?? null, dto.userIds ?? null];
    await this.access.check(this.dataSource.manager, apiKeyId, dto, dto.from, 'read', actor);
    // A bad page token is answered after the annotation's NOT_FOUND, which the page's statement reads.
    let pager: KeysetPager<CommentWithReactions, readonly ['bigint']> | undefined;
    let badToken: unknown;
    try {
      pager = new KeysetPager(COMMENT_LISTING, dto, { apiKeyId, filters }, this.config.pageTokenKey);
    } catch (error) {
      badToken = error;
    }
    const listed = await this.store.commentPage(this.dataSource, apiKeyId, {
      organizationId,
      documentId,
      annotationId,
      commentIds: dto.commentIds ?? null,
      userIds: dto.userIds ?? null,
      after: pager?.after?.[0] ?? null,
      limit: pager?.limit ?? 1,
    });
    if (!listed.found) throw ApiError.notFound(ANNOTATION_NOT_FOUND);
    if (!pager) throw badToken;
    const page = pager.page(listed.comments);
    const comments = page.rows.map(({ comment, reactions }) => commentView(comment, reactions));
    return { comments, nextPageToken: page.nextToken };
  }

  /** Velt's `updatedData` applies to every comment named; absent fields are left as they are. */
  async update(apiKeyId: string, dto: UpdateCommentsDto, actor?: EndUserActor): Promise<CommentResult[]> {
    const ids = [...new Set(dto.commentIds)];
    const change = dto.updatedData;
    return this.feed.transaction(apiKeyId, actor, async (manager, emit, changed, flush) => {
      await this.lockAnnotation(manager, apiKeyId, dto, actor);
      const found = await this.store.updateComments(manager, apiKeyId, dto, ids, {
        text: change.commentText ?? null,
        html: change.commentHtml ?? null,
        context: json(change.context),
        taggedUserContacts: json(change.taggedUserContacts),
        attachments: json(change.attachments),
        from: json(change.from),
      });
      const updated = new Set(found);
      for (const commentId of updated)
        changed({
          organizationId: dto.organizationId,
          documentId: dto.documentId,
          annotationId: dto.annotationId,
          kind: 'comment_updated',
          commentId,
        });
      await this.notify(
        manager,
        apiKeyId,
        emit,
        'comment.update',
        dto.triggerNotification ? [...updated] : [],
        dto.from ?? change.from,
        flush,
      );
      return ids.map((id) =>
        updated.has(id)
          ? { success: true, id, message: 'Updated successfully' }
          : { success: false, id, message: 'Not found' },
      );
    });
  }

  /** Without `commentIds`, every comment of the annotation goes (Velt). */
  async delete(apiKeyId: string, dto: DeleteCommentsDto, actor?: EndUserActor): Promise<CommentResult[]> {
    const { organizationId, documentId, annotationId } = dto;
    return this.feed.transaction(apiKeyId, actor, async (manager, emit, changed, flush) => {
      await this.lockAnnotation(manager, apiKeyId, dto, actor);
      const doomed = await this.store.deleteComments(
        manager,
        apiKeyId,
        organizationId,
        documentId,
        annotationId,
        dto.commentIds && [...new Set(dto.commentIds)],
      );
      for (const comment of doomed)
        changed({ organizationId, documentId, annotationId, kind: 'comment_deleted', commentId: Number(comment.id) });
      if (dto.triggerNotification && doomed.length > 0) {
        const [thread] = await flush();
        for (const comment of doomed) {
          const deleted = await this.mentions.withGroupMembers(manager, apiKeyId, organizationId, commentView(comment));
          emit({
            trigger: 'comment.delete',
            organizationId,
            documentId,
            documentName: thread.documentName,
            actionUser: dto.from ?? null,
            annotation: thread.view,
            comment: deleted,
          });
        }
      }
      const deleted = new Set(doomed.map((c) => Number(c.id)));
      const named = dto.commentIds ? [...new Set(dto.commentIds)] : [...deleted];
      return named.map((id) =>
        deleted.has(id)
          ? { success: true, id, message: 'Deleted successfully' }
          : { success: false, id, message: 'Not found' },
      );
    });
  }

  /** Emits `trigger` for each named comment, with the annotation as it now stands (read with the change log). */
  private async notify(
    manager: EntityManager,
    apiKeyId: string,
    emit: Emit,
    trigger: TriggerOf<'comment'>,
    commentIds: number[],
    actor: CommentUser | undefined,
    flush: () => Promise<StoredThread[]>,
  ): Promise<void> {
    if (commentIds.length === 0) return;
    const [thread] = await flush();
    const { organizationId, documentId } = thread.row;
    for (const named of thread.view.comments.filter((c) => commentIds.includes(c.commentId))) {
      const comment = await this.mentions.withGroupMembers(manager, apiKeyId, organizationId, named);
      emit({
        trigger,
        organizationId,
        documentId,
        documentName: thread.documentName,
        actionUser: actor ?? (named.from as CommentUser) ?? null,
        annotation: thread.view,
        comment,
      });
    }
  }

  /** The write routes: the access check, then the annotation locked for the transaction; NOT_FOUND when it does not exist. */
  private async lockAnnotation(
    manager: EntityManager,
    apiKeyId: string,
    ref: AnnotationRefDto,
    actor: EndUserActor | undefined,
  ): Promise<void> {
    await this.access.check(manager, apiKeyId, ref, ref.from, 'write', actor);
    const next = await this.store.lockAnnotation(
      manager,
      apiKeyId,
      ref.organizationId,
      ref.documentId,
      ref.annotationId,
    );
    if (next === null) throw ApiError.notFound(ANNOTATION_NOT_FOUND);
  }
}

/** A JSON parameter, or null for "leave as it is". */
function json(value: unknown): string | null {
  return value === undefined ? null : JSON.stringify(value);
}
