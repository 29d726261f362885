import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, In } from 'typeorm';
import { AppConfig, BatchItem, item, KeysetPager, keysetListing } from '@app/common';
import { EventOutbox, TriggerOf } from '@app/events';
import { CommentAccess } from './comment-access';
import { AnnotationView, annotationView, assertUnique, commentView } from './comment-views';
import { AddAnnotationsDto, AnnotationChangeDto, DeleteAnnotationsDto, GetAnnotationsDto, UpdateAnnotationsDto } from './dto/annotations.dto';
import { CommentAnnotation } from './entities/comment-annotation.entity';
import { CommentReaction } from './entities/comment-reaction.entity';
import { CommentEntity } from './entities/comment.entity';

const ANNOTATION_LISTING = keysetListing('comment annotations', ['bigint'], (row: CommentAnnotation) => [row.seq]);

/** Which field changes emit which trigger (spec: Events). */
const CHANGE_TRIGGERS: Array<[keyof AnnotationChangeDto & keyof CommentAnnotation, TriggerOf<'comment'>]> = [
  ['status', 'comment_annotation.status_change'],
  ['assignedTo', 'comment_annotation.assign'],
  ['priority', 'comment_annotation.priority_change'],
];

@Injectable()
export class CommentAnnotationService {
  constructor(
    private readonly events: EventOutbox,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly access: CommentAccess,
    private readonly config: AppConfig,
  ) {}

  async add(apiKeyId: string, dto: AddAnnotationsDto): Promise<BatchItem[]> {
    assertUnique(dto.commentAnnotations.map((a) => a.annotationId), (i) => `data.commentAnnotations[${i}].annotationId`);
    dto.commentAnnotations.forEach((annotation, i) =>
      assertUnique((annotation.comments ?? []).map((c) => c.commentId), (j) => `data.commentAnnotations[${i}].comments[${j}].commentId`),
    );
    const { organizationId, documentId } = dto;
    return this.events.transaction(apiKeyId, async (manager, emit) => {
      await this.access.check(manager, apiKeyId, dto, dto.from, 'write');
      const inserted = await manager
        .createQueryBuilder()
        .insert()
        .into(CommentAnnotation)
        .values(
          dto.commentAnnotations.map((a) => ({
            apiKeyId, organizationId, documentId, id: a.annotationId,
            status: a.status ?? 'open', priority: a.priority ?? null, assignedTo: a.assignedTo ?? null, createdBy: dto.from ?? null,
          })),
        )
        .orIgnore()
        .returning(['id'])
        .execute();
      const added = new Set((inserted.raw as Array<{ id: string }>).map((row) => row.id));
      const newComments = dto.commentAnnotations
        .filter((a) => added.has(a.annotationId))
        .flatMap((a) => (a.comments ?? []).map((c) => ({
          apiKeyId, organizationId, documentId, annotationId: a.annotationId, id: c.commentId,
          text: c.commentText, from: dto.from ?? null, toContactsTagged: c.toContactsTagged ?? [],
        })));
      if (newComments.length > 0) await manager.createQueryBuilder().insert().into(CommentEntity).values(newComments).execute();
      if (added.size > 0) {
        const rows = await manager.find(CommentAnnotation, { where: { apiKeyId, organizationId, documentId, id: In([...added]) } });
        const comments = await manager.find(CommentEntity, { where: { apiKeyId, organizationId, documentId, annotationId: In([...added]) }, order: { seq: 'ASC' } });
        for (const row of rows) {
          const first = comments.find((comment) => comment.annotationId === row.id);
          emit({ trigger: 'comment_annotation.add', organizationId, documentId, actionUser: dto.from ?? null, annotation: annotationView(row), comment: first ? commentView(first) : null });
        }
      }
      return dto.commentAnnotations.map(({ annotationId: id }) =>
        added.has(id) ? item(id, true, 'Annotation added.') : item(id, false, 'Annotation already exists.'),
      );
    });
  }

  async get(apiKeyId: string, dto: GetAnnotationsDto): Promise<{ annotations: AnnotationView[]; nextPageToken?: string }> {
    const { organizationId, documentId } = dto;
    const filters = [organizationId, documentId, dto.annotationIds ?? null, dto.statuses ?? null];
    const manager = this.dataSource.manager;
    await this.access.check(manager, apiKeyId, dto, dto.from, 'read');
    const pager = new KeysetPager(ANNOTATION_LISTING, dto, { apiKeyId, filters }, this.config.pageTokenKey);
    const query = manager
      .createQueryBuilder(CommentAnnotation, 'a')
      .where('a.apiKeyId = :apiKeyId AND a.organizationId = :organizationId AND a.documentId = :documentId', { apiKeyId, organizationId, documentId })
      .orderBy('a.seq', 'ASC')
      .take(pager.limit);
    if (dto.annotationIds) query.andWhere('a.id IN (:...ids)', { ids: dto.annotationIds.length ? dto.annotationIds : [''] });
    if (dto.statuses) query.andWhere('a.status IN (:...statuses)', { statuses: dto.statuses.length ? dto.statuses : [''] });
    if (pager.after) query.andWhere('a.seq > :after', { after: pager.after[0] });
    const page = pager.page(await query.getMany());
    const annotations = await this.withComments(manager, apiKeyId, organizationId, documentId, page.rows);
    return { annotations, nextPageToken: page.nextToken };
  }

  async update(apiKeyId: string, dto: UpdateAnnotationsDto): Promise<BatchItem[]> {
    assertUnique(dto.commentAnnotations.map((a) => a.annotationId), (i) => `data.commentAnnotations[${i}].annotationId`);
    const { organizationId, documentId } = dto;
    return this.events.transaction(apiKeyId, async (manager, emit) => {
      await this.access.check(manager, apiKeyId, dto, dto.from, 'write');
      const ids = dto.commentAnnotations.map((a) => a.annotationId);
      const existing = await manager.find(CommentAnnotation, { where: { apiKeyId, organizationId, documentId, id: In(ids) }, lock: { mode: 'pessimistic_write' } });
      const byId = new Map(existing.map((row) => [row.id, row]));
      const changed: Array<{ row: CommentAnnotation; triggers: TriggerOf<'comment'>[] }> = [];
      for (const change of dto.commentAnnotations) {
        const row = byId.get(change.annotationId);
        if (!row) continue;
        const triggers: TriggerOf<'comment'>[] = [];
        for (const [field, trigger] of CHANGE_TRIGGERS) {
          const next = change[field] === undefined ? row[field] : change[field] ?? null;
          if (JSON.stringify(next) !== JSON.stringify(row[field])) {
            Object.assign(row, { [field]: next });
            triggers.push(trigger);
          }
        }
        if (triggers.length > 0) changed.push({ row, triggers });
      }
      if (changed.length > 0) {
        await manager.query(
          `UPDATE comment_annotation AS a
              SET status = v.status, priority = v.priority, assigned_to = v.assigned_to, updated_at = now()
             FROM jsonb_to_recordset($4::jsonb) AS v(id text, status text, priority text, assigned_to jsonb)
            WHERE a.api_key_id = $1 AND a.organization_id = $2 AND a.document_id = $3 AND a.id = v.id COLLATE "C"`,
          [apiKeyId, organizationId, documentId, JSON.stringify(changed.map(({ row }) => ({ id: row.id, status: row.status, priority: row.priority, assigned_to: row.assignedTo })))],
        );
        const fresh = await manager.find(CommentAnnotation, { where: { apiKeyId, organizationId, documentId, id: In(changed.map(({ row }) => row.id)) } });
        for (const row of fresh) {
          for (const trigger of changed.find((c) => c.row.id === row.id)!.triggers) {
            emit({ trigger, organizationId, documentId, actionUser: dto.from ?? null, annotation: annotationView(row), comment: null });
          }
        }
      }
      return ids.map((id) => (byId.has(id) ? item(id, true, 'Annotation updated.') : item(id, false, 'Annotation does not exist.')));
    });
  }

  /** Deleting an annotation deletes its comments and reactions (cascade). Like documents delete, a missing one is not a failure. */
  async delete(apiKeyId: string, dto: DeleteAnnotationsDto): Promise<BatchItem[]> {
    const { organizationId, documentId } = dto;
    const ids = [...new Set(dto.annotationIds)];
    return this.events.transaction(apiKeyId, async (manager) => {
      await this.access.check(manager, apiKeyId, dto, dto.from, 'write');
      const result = await manager
        .createQueryBuilder()
        .delete()
        .from(CommentAnnotation)
        .where({ apiKeyId, organizationId, documentId, id: In(ids) })
        .returning(['id'])
        .execute();
      const deleted = new Set((result.raw as Array<{ id: string }>).map((row) => row.id));
      return ids.map((id) => item(id, true, deleted.has(id) ? 'Annotation deleted.' : 'Annotation does not exist.'));
    });
  }

  private async withComments(manager: EntityManager, apiKeyId: string, organizationId: string, documentId: string, rows: CommentAnnotation[]): Promise<AnnotationView[]> {
    if (rows.length === 0) return [];
    const annotationIds = rows.map((row) => row.id);
    const scope = { apiKeyId, organizationId, documentId, annotationId: In(annotationIds) };
    const comments = await manager.find(CommentEntity, { where: scope, order: { seq: 'ASC' } });
    const reactions = await manager.find(CommentReaction, { where: scope, order: { createdAt: 'ASC' } });
    return rows.map((row) => ({
      ...annotationView(row),
      comments: comments
        .filter((comment) => comment.annotationId === row.id)
        .map((comment) => commentView(comment, reactions.filter((r) => r.annotationId === row.id && r.commentId === comment.id))),
    }));
  }
}
