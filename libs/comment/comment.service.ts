import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, In } from 'typeorm';
import { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { ApiError, AppConfig, assertUniqueIds, ErrorCode, KeysetPager, keysetListing } from '@app/common';
import { DocumentDirectoryService } from '@app/document';
import { Emit, TriggerOf } from '@app/events';
import { AddFlags, CommentAccess, EndUserActor } from './comment-access';
import { CommentFeed } from './comment-feed';
import { CommentMentions } from './comment-mentions';
import { annotationViewsOf, dateOf, documentNameOf, numberComments } from './comment-store';
import { CommentView, commentView } from './comment-views';
import { AddCommentsDto, DeleteCommentsDto, GetCommentsDto, UpdateCommentsDto } from './dto/comments.dto';
import { AnnotationRefDto } from './dto/refs.dto';
import { CommentAnnotation } from './entities/comment-annotation.entity';
import { CommentReaction } from './entities/comment-reaction.entity';
import { CommentUser } from './entities/comment-user';
import { CommentEntity } from './entities/comment.entity';

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
    private readonly documents: DocumentDirectoryService,
    private readonly config: AppConfig,
    private readonly mentions: CommentMentions,
  ) {}

  /** Answers the new comments' ids, as Velt does. */
  async add(apiKeyId: string, dto: AddCommentsDto, actor?: EndUserActor): Promise<number[]> {
    assertUniqueIds(
      dto.commentData.map((c) => c.commentId),
      (i) => `data.commentData[${i}].commentId`,
    );
    const { organizationId, documentId, annotationId } = dto;
    const now = new Date();
    return this.feed.transaction(apiKeyId, actor, async (manager, emit, changed) => {
      const annotation = await this.annotation(manager, apiKeyId, dto, 'write', {
        flags: dto,
        authors: dto.commentData.map((c) => c.from),
        actor,
      });
      // The annotation row is locked: its counter hands out each id once, and given ids move it past them.
      const given = dto.commentData.map((c) => c.commentId).filter((id): id is number => id !== undefined);
      const ids = numberComments(
        dto.commentData.map((c) => c.commentId),
        Number(annotation.nextCommentId),
      );
      const taken = given.length ? await this.comments(manager, apiKeyId, dto, given) : [];
      if (taken.length > 0) throw new ApiError(ErrorCode.ALREADY_EXISTS, `Comment ${taken[0].id} already exists.`);
      await manager
        .createQueryBuilder()
        .insert()
        .into(CommentEntity)
        .values(
          dto.commentData.map<unknown>((c, i) => ({
            apiKeyId,
            organizationId,
            documentId,
            annotationId,
            id: String(ids[i]),
            text: c.commentText ?? '',
            html: c.commentHtml ?? null,
            from: c.from,
            taggedUserContacts: c.taggedUserContacts ?? [],
            context: c.context ?? null,
            attachments: c.attachments ?? [],
            agent: c.agent ?? null,
            createdAt: dateOf(c.createdAt) ?? now,
            updatedAt: dateOf(c.lastUpdated) ?? dateOf(c.createdAt) ?? now,
          })) as QueryDeepPartialEntity<CommentEntity>[],
        )
        .execute();
      await manager.query(
        `UPDATE comment_annotation SET next_comment_id = GREATEST(next_comment_id, $5::bigint), updated_at = now()
          WHERE api_key_id = $1 AND organization_id = $2 AND document_id = $3 AND id = $4`,
        [apiKeyId, organizationId, documentId, annotationId, Math.max(...ids) + 1],
      );
      for (const commentId of ids)
        changed({ organizationId, documentId, annotationId, kind: 'comment_added', commentId });
      const notified = ids.filter((_, i) => dto.triggerNotification || dto.commentData[i].triggerNotification);
      await this.notify(manager, apiKeyId, dto, emit, 'comment.add', notified, dto.from);
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
    await this.annotation(manager, apiKeyId, dto, 'read', { actor });
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
    return this.feed.transaction(apiKeyId, actor, async (manager, emit, changed) => {
      await this.annotation(manager, apiKeyId, dto, 'write', { actor });
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
        dto,
        emit,
        'comment.update',
        dto.triggerNotification ? [...updated] : [],
        dto.from ?? change.from,
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
    return this.feed.transaction(apiKeyId, actor, async (manager, emit, changed) => {
      const annotation = await this.annotation(manager, apiKeyId, dto, 'write', { actor });
      const doomed = dto.commentIds
        ? await this.comments(manager, apiKeyId, dto, [...new Set(dto.commentIds)])
        : await manager.find(CommentEntity, {
            where: { apiKeyId, organizationId, documentId, annotationId },
            order: { seq: 'ASC' },
          });
      if (doomed.length > 0)
        await manager.delete(CommentEntity, {
          apiKeyId,
          organizationId,
          documentId,
          annotationId,
          id: In(doomed.map((c) => c.id)),
        });
      for (const comment of doomed)
        changed({ organizationId, documentId, annotationId, kind: 'comment_deleted', commentId: Number(comment.id) });
      if (dto.triggerNotification && doomed.length > 0) {
        const [view] = await annotationViewsOf(manager, [annotation]);
        const documentName = await documentNameOf(manager, this.documents, apiKeyId, organizationId, documentId);
        for (const comment of doomed) {
          const deleted = await this.mentions.withGroupMembers(manager, apiKeyId, organizationId, commentView(comment));
          emit({
            trigger: 'comment.delete',
            organizationId,
            documentId,
            documentName,
            actionUser: dto.from ?? null,
            annotation: view,
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

  /** Emits `trigger` for each named comment, with the annotation as it now stands. */
  private async notify(
    manager: EntityManager,
    apiKeyId: string,
    ref: AnnotationRefDto,
    emit: Emit,
    trigger: TriggerOf<'comment'>,
    commentIds: number[],
    actor: CommentUser | undefined,
  ): Promise<void> {
    if (commentIds.length === 0) return;
    const { organizationId, documentId } = ref;
    const fresh = await this.annotation(manager, apiKeyId, ref, 'read', { skipAccess: true });
    const [view] = await annotationViewsOf(manager, [fresh]);
    const documentName = await documentNameOf(manager, this.documents, apiKeyId, organizationId, documentId);
    for (const named of view.comments.filter((c) => commentIds.includes(c.commentId))) {
      const comment = await this.mentions.withGroupMembers(manager, apiKeyId, organizationId, named);
      emit({
        trigger,
        organizationId,
        documentId,
        documentName,
        actionUser: actor ?? (named.from as CommentUser) ?? null,
        annotation: view,
        comment,
      });
    }
  }

  /** The annotation of the request, locked for writes, after the access check; NOT_FOUND when it does not exist. */
  private async annotation(
    manager: EntityManager,
    apiKeyId: string,
    ref: AnnotationRefDto,
    mode: 'read' | 'write',
    options: { flags?: AddFlags; authors?: CommentUser[]; skipAccess?: boolean; actor?: EndUserActor } = {},
  ): Promise<CommentAnnotation> {
    if (options.flags)
      await this.access.checkAdd(manager, apiKeyId, ref, ref.from, options.flags, options.authors ?? [], options.actor);
    else if (!options.skipAccess) await this.access.check(manager, apiKeyId, ref, ref.from, mode, options.actor);
    const annotation = await manager.findOne(CommentAnnotation, {
      where: { apiKeyId, organizationId: ref.organizationId, documentId: ref.documentId, id: ref.annotationId },
      ...(mode === 'write' ? { lock: { mode: 'pessimistic_write' as const } } : {}),
    });
    if (!annotation) throw ApiError.notFound('Annotation does not exist.');
    return annotation;
  }

  private async comments(
    manager: EntityManager,
    apiKeyId: string,
    ref: AnnotationRefDto,
    ids: number[],
  ): Promise<CommentEntity[]> {
    if (ids.length === 0) return [];
    return manager.find(CommentEntity, {
      where: {
        apiKeyId,
        organizationId: ref.organizationId,
        documentId: ref.documentId,
        annotationId: ref.annotationId,
        id: In(ids.map(String)),
      },
      order: { seq: 'ASC' },
    });
  }
}

/** A JSON parameter, or null for "leave as it is". */
function json(value: unknown): string | null {
  return value === undefined ? null : JSON.stringify(value);
}
