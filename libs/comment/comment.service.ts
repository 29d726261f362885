import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, In } from 'typeorm';
import { ApiError, AppConfig, assertUniqueIds, ErrorCode, KeysetPager, keysetListing } from '@app/common';
import { Emit, TriggerOf } from '@app/events';
import { CommentAccess, EndUserActor } from './comment-access';
import { CommentFeed } from './comment-feed';
import { CommentMentions } from './comment-mentions';
import { StoredThread } from './comment-sql';
import { CommentStore, newComment, numberComments } from './comment-store';
import { CommentView, commentView } from './comment-views';
import { AddCommentsDto, DeleteCommentsDto, GetCommentsDto, UpdateCommentsDto } from './dto/comments.dto';
import { AnnotationRefDto } from './dto/refs.dto';
import { CommentAnnotation } from './entities/comment-annotation.entity';
import { CommentReaction } from './entities/comment-reaction.entity';
import { CommentUser } from './entities/comment-user';
import { CommentEntity } from './entities/comment.entity';

const ANNOTATION_NOT_FOUND = 'Annotation does not exist.';

const COMMENT_LISTING = keysetListing('comments', ['bigint'], (row: CommentEntity) => [row.seq]);

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
      await this.access.checkAdd(manager, apiKeyId, dto, dto.from, dto, authors, actor, true);
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
    const manager = this.dataSource.manager;
    await this.readableAnnotation(manager, apiKeyId, dto, actor);
    const pager = new KeysetPager(COMMENT_LISTING, dto, { apiKeyId, filters }, this.config.pageTokenKey);
    const query = manager
      .createQueryBuilder(CommentEntity, 'c')
      .where(
        'c.apiKeyId = :apiKeyId AND c.organizationId = :organizationId AND c.documentId = :documentId AND c.annotationId = :annotationId',
        {
          apiKeyId,
          organizationId,
          documentId,
          annotationId,
        },
      )
      .orderBy('c.seq', 'ASC')
      .take(pager.limit);
    if (dto.commentIds) query.andWhere('c.id = ANY(:ids::bigint[])', { ids: dto.commentIds });
    if (dto.userIds) query.andWhere("c.from_user->>'userId' = ANY(:userIds::text[])", { userIds: dto.userIds });
    if (pager.after) query.andWhere('c.seq > :after', { after: pager.after[0] });
    const page = pager.page(await query.getMany());
    const reactions = page.rows.length
      ? await manager.find(CommentReaction, {
          where: { apiKeyId, organizationId, documentId, annotationId, commentId: In(page.rows.map((c) => c.id)) },
          order: { createdAt: 'ASC' },
        })
      : [];
    const comments = page.rows.map((comment) =>
      commentView(
        comment,
        reactions.filter((r) => r.commentId === comment.id),
      ),
    );
    return { comments, nextPageToken: page.nextToken };
  }

  /** Velt's `updatedData` applies to every comment named; absent fields are left as they are. */
  async update(apiKeyId: string, dto: UpdateCommentsDto, actor?: EndUserActor): Promise<CommentResult[]> {
    const ids = [...new Set(dto.commentIds)];
    const change = dto.updatedData;
    return this.feed.transaction(apiKeyId, actor, async (manager, emit, changed, flush) => {
      await this.lockAnnotation(manager, apiKeyId, dto, actor);
      const [rows] = await manager.query<[Array<{ id: string }>, number]>(
        `UPDATE comment AS c
            SET text = COALESCE($6, c.text), html = COALESCE($7, c.html), context = COALESCE($8::jsonb, c.context),
                tagged_user_contacts = COALESCE($9::jsonb, c.tagged_user_contacts), attachments = COALESCE($10::jsonb, c.attachments),
                from_user = COALESCE($11::jsonb, c.from_user), updated_at = now()
          WHERE c.api_key_id = $1 AND c.organization_id = $2 AND c.document_id = $3 AND c.annotation_id = $4 AND c.id = ANY($5::bigint[])
        RETURNING c.id`,
        [
          apiKeyId,
          dto.organizationId,
          dto.documentId,
          dto.annotationId,
          ids,
          change.commentText ?? null,
          change.commentHtml ?? null,
          json(change.context),
          json(change.taggedUserContacts),
          json(change.attachments),
          json(change.from),
        ],
      );
      const updated = new Set(rows.map((row) => Number(row.id)));
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

  /** The read route's access check, then NOT_FOUND when the annotation does not exist. */
  private async readableAnnotation(
    manager: EntityManager,
    apiKeyId: string,
    ref: AnnotationRefDto,
    actor: EndUserActor | undefined,
  ): Promise<void> {
    await this.access.check(manager, apiKeyId, ref, ref.from, 'read', actor);
    const found = await manager.exists(CommentAnnotation, {
      where: { apiKeyId, organizationId: ref.organizationId, documentId: ref.documentId, id: ref.annotationId },
    });
    if (!found) throw ApiError.notFound(ANNOTATION_NOT_FOUND);
  }
}

/** A JSON parameter, or null for "leave as it is". */
function json(value: unknown): string | null {
  return value === undefined ? null : JSON.stringify(value);
}
