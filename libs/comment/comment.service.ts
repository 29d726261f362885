import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, In } from 'typeorm';
import { ApiError, AppConfig, BatchItem, item, KeysetPager, keysetListing } from '@app/common';
import { EventOutbox } from '@app/events';
import { CommentAccess } from './comment-access';
import { annotationView, assertUnique, CommentView, commentView } from './comment-views';
import { AddCommentsDto, DeleteCommentsDto, GetCommentsDto, UpdateCommentsDto } from './dto/comments.dto';
import { AnnotationRefDto } from './dto/refs.dto';
import { CommentAnnotation } from './entities/comment-annotation.entity';
import { CommentReaction } from './entities/comment-reaction.entity';
import { CommentEntity } from './entities/comment.entity';

const COMMENT_LISTING = keysetListing('comments', ['bigint'], (row: CommentEntity) => [row.seq]);

/** Comments inside an annotation: comment.add, comment.update and comment.delete. */
@Injectable()
export class CommentService {
  constructor(
    private readonly events: EventOutbox,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly access: CommentAccess,
    private readonly config: AppConfig,
  ) {}

  async add(apiKeyId: string, dto: AddCommentsDto): Promise<BatchItem[]> {
    assertUnique(dto.comments.map((c) => c.commentId), (i) => `data.comments[${i}].commentId`);
    const { organizationId, documentId, annotationId } = dto;
    return this.events.transaction(apiKeyId, async (manager, emit) => {
      const annotation = await this.annotation(manager, apiKeyId, dto, 'write');
      const inserted = await manager
        .createQueryBuilder()
        .insert()
        .into(CommentEntity)
        .values(dto.comments.map((c) => ({
          apiKeyId, organizationId, documentId, annotationId, id: c.commentId,
          text: c.commentText, from: dto.from ?? null, toContactsTagged: c.toContactsTagged ?? [],
        })))
        .orIgnore()
        .returning(['id'])
        .execute();
      const added = (inserted.raw as Array<{ id: string }>).map((row) => row.id);
      for (const comment of await this.comments(manager, apiKeyId, dto, added)) {
        emit({ trigger: 'comment.add', organizationId, documentId, actionUser: dto.from ?? null, annotation: annotationView(annotation), comment: commentView(comment) });
      }
      return dto.comments.map(({ commentId: id }) => (added.includes(id) ? item(id, true, 'Comment added.') : item(id, false, 'Comment already exists.')));
    });
  }

  async get(apiKeyId: string, dto: GetCommentsDto): Promise<{ comments: CommentView[]; nextPageToken?: string }> {
    const { organizationId, documentId, annotationId } = dto;
    const filters = [organizationId, documentId, annotationId, dto.commentIds ?? null];
    const manager = this.dataSource.manager;
    await this.annotation(manager, apiKeyId, dto, 'read');
    const pager = new KeysetPager(COMMENT_LISTING, dto, { apiKeyId, filters }, this.config.pageTokenKey);
    const query = manager
      .createQueryBuilder(CommentEntity, 'c')
      .where('c.apiKeyId = :apiKeyId AND c.organizationId = :organizationId AND c.documentId = :documentId AND c.annotationId = :annotationId', {
        apiKeyId, organizationId, documentId, annotationId,
      })
      .orderBy('c.seq', 'ASC')
      .take(pager.limit);
    if (dto.commentIds) query.andWhere('c.id IN (:...ids)', { ids: dto.commentIds.length ? dto.commentIds : [''] });
    if (pager.after) query.andWhere('c.seq > :after', { after: pager.after[0] });
    const page = pager.page(await query.getMany());
    const reactions = page.rows.length
      ? await manager.find(CommentReaction, { where: { apiKeyId, organizationId, documentId, annotationId, commentId: In(page.rows.map((c) => c.id)) }, order: { createdAt: 'ASC' } })
      : [];
    const comments = page.rows.map((comment) => commentView(comment, reactions.filter((r) => r.commentId === comment.id)));
    return { comments, nextPageToken: page.nextToken };
  }

  async update(apiKeyId: string, dto: UpdateCommentsDto): Promise<BatchItem[]> {
    assertUnique(dto.comments.map((c) => c.commentId), (i) => `data.comments[${i}].commentId`);
    const { organizationId, documentId, annotationId } = dto;
    return this.events.transaction(apiKeyId, async (manager, emit) => {
      const annotation = await this.annotation(manager, apiKeyId, dto, 'write');
      // TypeORM's PostgreSQL driver answers UPDATE ... RETURNING with `[rows, rowCount]`.
      const [rows] = await manager.query<[Array<{ id: string }>, number]>(
        `UPDATE comment AS c
            SET text = COALESCE(v.text, c.text), to_contacts_tagged = COALESCE(v.tagged, c.to_contacts_tagged), updated_at = now()
           FROM jsonb_to_recordset($5::jsonb) AS v(id text, text text, tagged jsonb)
          WHERE c.api_key_id = $1 AND c.organization_id = $2 AND c.document_id = $3 AND c.annotation_id = $4 AND c.id = v.id COLLATE "C"
        RETURNING c.id`,
        [apiKeyId, organizationId, documentId, annotationId, JSON.stringify(dto.comments.map((c) => ({ id: c.commentId, text: c.commentText ?? null, tagged: c.toContactsTagged ?? null })))],
      );
      const updated = rows.map((row) => row.id);
      for (const comment of await this.comments(manager, apiKeyId, dto, updated)) {
        emit({ trigger: 'comment.update', organizationId, documentId, actionUser: dto.from ?? null, annotation: annotationView(annotation), comment: commentView(comment) });
      }
      return dto.comments.map(({ commentId: id }) => (updated.includes(id) ? item(id, true, 'Comment updated.') : item(id, false, 'Comment does not exist.')));
    });
  }

  async delete(apiKeyId: string, dto: DeleteCommentsDto): Promise<BatchItem[]> {
    const ids = [...new Set(dto.commentIds)];
    const { organizationId, documentId } = dto;
    return this.events.transaction(apiKeyId, async (manager, emit) => {
      const annotation = await this.annotation(manager, apiKeyId, dto, 'write');
      const doomed = await this.comments(manager, apiKeyId, dto, ids);
      if (doomed.length > 0) await manager.delete(CommentEntity, { apiKeyId, organizationId, documentId, annotationId: dto.annotationId, id: In(doomed.map((c) => c.id)) });
      for (const comment of doomed) {
        emit({ trigger: 'comment.delete', organizationId, documentId, actionUser: dto.from ?? null, annotation: annotationView(annotation), comment: commentView(comment) });
      }
      const deleted = new Set(doomed.map((c) => c.id));
      return ids.map((id) => item(id, true, deleted.has(id) ? 'Comment deleted.' : 'Comment does not exist.'));
    });
  }

  /** The annotation of the request, after the access check; NOT_FOUND when it does not exist. */
  private async annotation(manager: EntityManager, apiKeyId: string, ref: AnnotationRefDto, mode: 'read' | 'write'): Promise<CommentAnnotation> {
    await this.access.check(manager, apiKeyId, ref, ref.from, mode);
    const annotation = await manager.findOne(CommentAnnotation, {
      where: { apiKeyId, organizationId: ref.organizationId, documentId: ref.documentId, id: ref.annotationId },
    });
    if (!annotation) throw ApiError.notFound('Annotation does not exist.');
    return annotation;
  }

  private async comments(manager: EntityManager, apiKeyId: string, ref: AnnotationRefDto, ids: string[]): Promise<CommentEntity[]> {
    if (ids.length === 0) return [];
    return manager.find(CommentEntity, {
      where: { apiKeyId, organizationId: ref.organizationId, documentId: ref.documentId, annotationId: ref.annotationId, id: In(ids) },
      order: { seq: 'ASC' },
    });
  }
}
