import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { ApiError, assertUniqueIds, newId } from '@app/common';
import { DOCUMENT_NOT_FOUND } from '@app/resource';
import { CommentChange, TriggerOf } from '@app/events';
import { CommentMentions } from './comment-mentions';
import { CommentAccess, EndUserActor } from './comment-access';
import { CommentFeed, threadAudience } from './comment-feed';
import {
  CommentStore,
  dateOf,
  locationIdOf,
  newComment,
  NewThread,
  numberComments,
  plain,
  priorityOf,
  statusOf,
} from './comment-store';
import { AddAnnotationsDto, DeleteAnnotationsDto, UpdateAnnotationsDto } from './dto/annotations.dto';
import { CommentAnnotation } from './entities/comment-annotation.entity';
import { CommentUser } from './entities/comment-user';
import { CommentEntity } from './entities/comment.entity';

export interface AddedAnnotation {
  success: boolean;
  annotationId: string;
  commentIds?: number[];
  message: string;
  /** Velt's echo of `commentData[0].agent.reason.findingId`, for agent annotations. */
  findingId?: string;
}

/** The finding id an agent annotation's first comment carries, so the caller can match the result to its record. */
function findingIdOf(annotation: AddAnnotationsDto['commentAnnotations'][number]): { findingId?: string } {
  const reason = annotation.commentData[0]?.agent?.reason;
  const findingId =
    typeof reason === 'object' && reason !== null ? (reason as Record<string, unknown>).findingId : undefined;
  return typeof findingId === 'string' ? { findingId } : {};
}

export interface AnnotationResult {
  success: boolean;
  id: string;
  message: string;
}

/** What a delete hands back of each annotation: who could see it, for the change it publishes. */
interface DeletedAnnotation {
  id: string;
  visibility: Record<string, unknown> | null;
  created_by: CommentUser | null;
}

/** The rows the annotation filters of update and delete select (Velt: no filter = the whole document). */
interface AnnotationFilter {
  annotationIds?: string[];
  locationIds?: string[];
  userIds?: string[];
}

function filterSql(filter: AnnotationFilter, params: unknown[]): string {
  const where: string[] = [];
  const add = (sql: (n: number) => string, value: unknown) => where.push(sql(params.push(value)));
  if (filter.annotationIds) add((n) => `a.id = ANY($${n}::text[])`, filter.annotationIds);
  if (filter.locationIds) add((n) => `a.location_id = ANY($${n}::text[])`, filter.locationIds);
  if (filter.userIds) add((n) => `a.created_by->>'userId' = ANY($${n}::text[])`, filter.userIds);
  return where.map((clause) => ` AND ${clause}`).join('');
}

/** Annotations: add (with their first comments), update and delete, in Velt's shapes. */
@Injectable()
export class CommentAnnotationService {
  constructor(
    private readonly feed: CommentFeed,
    private readonly access: CommentAccess,
    private readonly mentions: CommentMentions,
    private readonly store: CommentStore,
  ) {}

  async add(apiKeyId: string, dto: AddAnnotationsDto, actor?: EndUserActor): Promise<Record<string, AddedAnnotation>> {
    const annotations = dto.commentAnnotations.map((a) => ({ ...a, annotationId: a.annotationId ?? newId() }));
    assertUniqueIds(
      annotations.map((a) => a.annotationId),
      (i) => `data.commentAnnotations[${i}].annotationId`,
    );
    annotations.forEach((a, i) =>
      assertUniqueIds(
        a.commentData.map((c) => c.commentId),
        (j) => `data.commentAnnotations[${i}].commentData[${j}].commentId`,
      ),
    );
    const { organizationId, documentId } = dto;
    const now = new Date();
    // Given ids stay; the others count from 1 around them, and the thread's counter moves past them all.
    const numbered = annotations.map((a) => {
      const ids = numberComments(
        a.commentData.map((c) => c.commentId),
        1,
      );
      return { annotation: a, ids, nextCommentId: Math.max(...ids) + 1 };
    });
    return this.feed.transaction(apiKeyId, actor, async (manager, emit, changed) => {
      await this.access.checkAdd(
        manager,
        apiKeyId,
        dto,
        dto.from,
        dto,
        annotations.flatMap((a) => a.commentData.map((c) => c.from)),
        actor,
        true,
      );
      const threads = numbered.map<NewThread>(({ annotation: a, nextCommentId }) => ({
        id: a.annotationId,
        status: statusOf(a.status),
        priority: a.priority ? priorityOf(a.priority) : null,
        assigned_to: a.assignedTo ?? null,
        created_by: a.commentData[0].from,
        location: a.location ?? null,
        location_id: locationIdOf(a.location),
        target_element: a.targetElement ?? null,
        context: a.context ?? null,
        type: a.type ?? 'comment',
        comment_type: a.commentType ?? null,
        // Velt: the suggestion payload counts only on suggestions, and the server stamps its status.
        suggestion: a.type === 'suggestion' && a.suggestion ? { ...a.suggestion, status: 'pending' } : null,
        visibility: a.visibility ? plain(a.visibility) : null,
        next_comment_id: nextCommentId,
        created_at: dateOf(a.createdAt) ?? now,
        updated_at: dateOf(a.lastUpdated) ?? dateOf(a.createdAt) ?? now,
      }));
      const comments = numbered.flatMap(({ annotation: a, ids }) =>
        a.commentData.map((c, i) => newComment(a.annotationId, ids[i], c, now)),
      );
      const written = await this.store.addThreads(manager, apiKeyId, organizationId, documentId, threads, comments);
      if (!written.documentFound) throw ApiError.notFound(DOCUMENT_NOT_FOUND);
      const added = new Map(written.added.map((thread) => [thread.row.id, thread]));
      for (const [annotationId, thread] of added)
        changed({
          organizationId,
          documentId,
          annotationId,
          kind: 'thread_added',
          logged: { cursor: thread.cursor, thread },
        });

      for (const thread of written.added) {
        const a = numbered.find(({ annotation }) => annotation.annotationId === thread.row.id)!.annotation;
        if (!dto.triggerNotification && !a.commentData.some((c) => c.triggerNotification)) continue;
        const first = await this.mentions.withGroupMembers(
          manager,
          apiKeyId,
          organizationId,
          thread.view.comments[0] ?? null,
        );
        emit({
          trigger: 'comment_annotation.add',
          organizationId,
          documentId,
          documentName: thread.documentName,
          actionUser: dto.from ?? (first?.from as CommentUser) ?? null,
          annotation: thread.view,
          comment: first,
        });
      }
      const results: Record<string, AddedAnnotation> = {};
      for (const { annotation: a, ids } of numbered) {
        results[a.annotationId] = added.has(a.annotationId)
          ? {
              success: true,
              annotationId: a.annotationId,
              commentIds: ids,
              message: 'Added Successfully',
              ...findingIdOf(a),
            }
          : { success: false, annotationId: a.annotationId, message: 'Annotation already exists.', ...findingIdOf(a) };
      }
      return results;
    });
  }

  async update(apiKeyId: string, dto: UpdateAnnotationsDto, actor?: EndUserActor): Promise<AnnotationResult[]> {
    const { organizationId, documentId } = dto;
    const change = dto.updatedData ?? {};
    return this.feed.transaction(apiKeyId, actor, async (manager, emit, changed, flush) => {
      await this.access.check(manager, apiKeyId, dto, dto.from, 'write', actor);
      const rows = await this.select(manager, apiKeyId, organizationId, documentId, dto, true);
      for (const row of rows) changed({ organizationId, documentId, annotationId: row.id, kind: 'thread_updated' });
      const events: Array<{ row: CommentAnnotation; trigger: TriggerOf<'comment'>; change: CommentChange }> = [];
      for (const row of rows) {
        const before = { status: row.status, priority: row.priority, assignedTo: row.assignedTo };
        if (change.location !== undefined)
          Object.assign(row, { location: change.location, locationId: locationIdOf(change.location) });
        if (change.targetElement !== undefined) row.targetElement = change.targetElement;
        if (change.from !== undefined) row.createdBy = change.from;
        if (change.context !== undefined) row.context = change.context;
        if (change.suggestion !== undefined) row.suggestion = change.suggestion;
        if (change.assignedTo !== undefined) row.assignedTo = change.assignedTo;
        if (change.priority !== undefined) row.priority = change.priority && priorityOf(change.priority);
        if (change.statusUpdatedByUserId !== undefined) row.statusUpdatedByUserId = change.statusUpdatedByUserId;
        if (change.resolvedByUserId !== undefined) row.resolvedByUserId = change.resolvedByUserId;
        if (change.status !== undefined) row.status = statusOf(change.status);
        // Velt: an annotation that is no longer resolved keeps no resolver.
        if (row.status.type !== 'terminal') row.resolvedByUserId = null;
        for (const { oldUser, newUser } of dto.updateUsers ?? []) {
          if (row.createdBy?.userId === oldUser.userId) row.createdBy = newUser;
          if (row.assignedTo?.userId === oldUser.userId) row.assignedTo = newUser;
        }
        const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
        if (!same(before.status, row.status))
          events.push({
            row,
            trigger: 'comment_annotation.status_change',
            change: { oldStatus: before.status, newStatus: row.status },
          });
        if (row.assignedTo && !same(before.assignedTo, row.assignedTo))
          events.push({ row, trigger: 'comment_annotation.assign', change: { assigned: true } });
        if (!same(before.priority, row.priority))
          events.push({ row, trigger: 'comment_annotation.priority_change', change: { newPriority: row.priority } });
      }
      if (rows.length > 0) {
        await manager.query(
          `UPDATE comment_annotation AS a
              SET status = v.status, priority = v.priority, assigned_to = v.assigned_to, created_by = v.created_by, location = v.location,
                  location_id = v.location_id, target_element = v.target_element, context = v.context, suggestion = v.suggestion,
                  resolved_by_user_id = v.resolved_by_user_id, status_updated_by_user_id = v.status_updated_by_user_id, updated_at = now()
             FROM jsonb_to_recordset($4::jsonb) AS v(id text, status jsonb, priority jsonb, assigned_to jsonb, created_by jsonb, location jsonb, location_id text,
                  target_element jsonb, context jsonb, suggestion jsonb, resolved_by_user_id text, status_updated_by_user_id text)
            WHERE a.api_key_id = $1 AND a.organization_id = $2 AND a.document_id = $3 AND a.id = v.id COLLATE "C"`,
          [
            apiKeyId,
            organizationId,
            documentId,
            JSON.stringify(
              rows.map((row) => ({
                id: row.id,
                status: row.status,
                priority: row.priority,
                assigned_to: row.assignedTo,
                created_by: row.createdBy,
                location: row.location,
                location_id: row.locationId,
                target_element: row.targetElement,
                context: row.context,
                suggestion: row.suggestion,
                resolved_by_user_id: row.resolvedByUserId,
                status_updated_by_user_id: row.statusUpdatedByUserId,
              })),
            ),
          ],
        );
        if (dto.updateUsers?.length) await this.replaceUsersInComments(manager, rows, dto.updateUsers);
      }
      if (dto.triggerNotification && events.length > 0) {
        const threads = new Map((await flush()).map((thread) => [thread.row.id, thread]));
        for (const event of events) {
          const thread = threads.get(event.row.id)!;
          emit({
            trigger: event.trigger,
            organizationId,
            documentId,
            documentName: thread.documentName,
            actionUser: dto.from ?? null,
            annotation: thread.view,
            comment: null,
            change: event.change,
          });
        }
      }
      const found = new Set(rows.map((row) => row.id));
      const missing = (dto.annotationIds ?? []).filter((id) => !found.has(id));
      return [
        ...rows.map((row) => ({ success: true, id: row.id, message: 'Annotations updated successfully' })),
        ...[...new Set(missing)].map((id) => ({ success: false, id, message: 'Annotation not found.' })),
      ];
    });
  }

  /** Deleting an annotation deletes its comments and reactions (cascade). */
  async delete(apiKeyId: string, dto: DeleteAnnotationsDto, actor?: EndUserActor): Promise<AnnotationResult[]> {
    return this.feed.transaction(apiKeyId, actor, async (manager, _emit, changed) => {
      const organizationId = dto.organizationId ?? (await this.organizationOf(manager, apiKeyId, dto.documentId));
      const gone = organizationId === null ? [] : await this.doomed(manager, apiKeyId, organizationId, dto, actor);
      for (const row of gone) {
        changed({
          organizationId: organizationId!,
          documentId: dto.documentId,
          annotationId: row.id,
          kind: 'thread_deleted',
          audience: threadAudience({ visibility: row.visibility, createdBy: row.created_by }),
        });
      }
      const doomed = gone.map((row) => row.id);
      const deleted = new Set(doomed);
      const missing = [...new Set(dto.annotationIds ?? [])].filter((id) => !deleted.has(id));
      return [
        ...doomed.map((id) => ({ success: true, id, message: 'Deleted Successfully' })),
        ...missing.map((id) => ({ success: false, id, message: 'Annotation not found.' })),
      ];
    });
  }

  private async doomed(
    manager: EntityManager,
    apiKeyId: string,
    organizationId: string,
    dto: DeleteAnnotationsDto,
    actor?: EndUserActor,
  ): Promise<DeletedAnnotation[]> {
    const { documentId } = dto;
    await this.access.check(manager, apiKeyId, { organizationId, documentId }, dto.from, 'write', actor);
    const params: unknown[] = [apiKeyId, organizationId, documentId];
    let where = filterSql(dto, params);
    const agentWhere: string[] = [];
    if (dto.agentId !== undefined) agentWhere.push(`c.agent->>'agentId' = $${params.push(dto.agentId)}`);
    if (dto.agentUrls !== undefined) agentWhere.push(`c.agent->>'url' = ANY($${params.push(dto.agentUrls)}::text[])`);
    if (dto.agentId !== undefined || dto.agentUrls !== undefined || dto.agentSuggestions) {
      where += ` AND EXISTS (SELECT 1 FROM comment c WHERE c.api_key_id = a.api_key_id AND c.organization_id = a.organization_id
                   AND c.document_id = a.document_id AND c.annotation_id = a.id AND c.agent IS NOT NULL${agentWhere.map((w) => ` AND ${w}`).join('')})`;
    }
    if (dto.agentSuggestions)
      where += ` AND a.type = 'suggestion' AND COALESCE(a.suggestion->>'status', 'pending') = 'pending'`;
    const [rows] = await manager.query<[DeletedAnnotation[], number]>(
      `DELETE FROM comment_annotation AS a WHERE a.api_key_id = $1 AND a.organization_id = $2 AND a.document_id = $3${where} RETURNING a.id, a.visibility, a.created_by`,
      params,
    );
    return rows;
  }

  /** Velt lets a delete name the document alone: its organization is then the one holding its annotations. */
  private async organizationOf(manager: EntityManager, apiKeyId: string, documentId: string): Promise<string | null> {
    const rows = await manager.query<Array<{ organization_id: string }>>(
      'SELECT DISTINCT organization_id FROM comment_annotation WHERE api_key_id = $1 AND document_id = $2 LIMIT 2',
      [apiKeyId, documentId],
    );
    if (rows.length > 1)
      throw ApiError.invalid(
        'data.organizationId is required: documentId names a document in more than one organization.',
      );
    return rows[0]?.organization_id ?? null;
  }

  private async select(
    manager: EntityManager,
    apiKeyId: string,
    organizationId: string,
    documentId: string,
    filter: AnnotationFilter,
    lock: boolean,
  ): Promise<CommentAnnotation[]> {
    const params: unknown[] = [apiKeyId, organizationId, documentId];
    const where = filterSql(filter, params);
    const ids = await manager.query<Array<{ id: string }>>(
      `SELECT a.id FROM comment_annotation AS a WHERE a.api_key_id = $1 AND a.organization_id = $2 AND a.document_id = $3${where} ORDER BY a.seq${lock ? ' FOR UPDATE' : ''}`,
      params,
    );
    if (ids.length === 0) return [];
    return manager.find(CommentAnnotation, {
      where: ids.map(({ id }) => ({ apiKeyId, organizationId, documentId, id })),
      order: { seq: 'ASC' },
    });
  }

  /** updateUsers: the comments' authors and tagged contacts. */
  private async replaceUsersInComments(
    manager: EntityManager,
    rows: CommentAnnotation[],
    updates: Array<{ oldUser: CommentUser; newUser: CommentUser }>,
  ): Promise<void> {
    const where = rows.map((row) => ({
      apiKeyId: row.apiKeyId,
      organizationId: row.organizationId,
      documentId: row.documentId,
      annotationId: row.id,
    }));
    const comments = await manager.find(CommentEntity, { where });
    const changed = comments.filter((comment) => {
      const before = JSON.stringify([comment.from, comment.taggedUserContacts]);
      for (const { oldUser, newUser } of updates) {
        if (comment.from?.userId === oldUser.userId) comment.from = newUser;
        comment.taggedUserContacts = comment.taggedUserContacts.map((tag) =>
          tag.userId === oldUser.userId ? { ...tag, userId: newUser.userId, contact: newUser } : tag,
        );
      }
      return JSON.stringify([comment.from, comment.taggedUserContacts]) !== before;
    });
    if (changed.length === 0) return;
    const [first] = rows;
    await manager.query(
      `UPDATE comment AS c SET from_user = v.from_user, tagged_user_contacts = v.tagged, updated_at = now()
         FROM jsonb_to_recordset($4::jsonb) AS v(annotation_id text, id bigint, from_user jsonb, tagged jsonb)
        WHERE c.api_key_id = $1 AND c.organization_id = $2 AND c.document_id = $3 AND c.annotation_id = v.annotation_id COLLATE "C" AND c.id = v.id`,
      [
        first.apiKeyId,
        first.organizationId,
        first.documentId,
        JSON.stringify(
          changed.map((c) => ({
            annotation_id: c.annotationId,
            id: c.id,
            from_user: c.from,
            tagged: c.taggedUserContacts,
          })),
        ),
      ],
    );
  }
}
