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
  DeletedAnnotation,
  DocumentKey,
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
      await this.access.checkAdd(manager, {
        apiKeyId,
        request: dto,
        authors: annotations.flatMap((a) => a.commentData.map((c) => c.from)),
        actor,
      });
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
        // Velt documents `rest-api` for its REST routes; an SDK-made thread has no sourceType.
        source_type: actor ? null : 'rest-api',
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
      const rows = await this.store.lockAnnotations(manager, apiKeyId, dto, dto);
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
        await this.store.updateAnnotations(
          manager,
          apiKeyId,
          dto,
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
        );
        if (dto.updateUsers?.length) await this.replaceUsersInComments(manager, apiKeyId, dto, rows, dto.updateUsers);
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
    const document = { organizationId, documentId: dto.documentId };
    await this.access.check(manager, apiKeyId, document, dto.from, 'write', actor);
    return this.store.deleteAnnotations(manager, apiKeyId, document, dto);
  }

  /** Velt lets a delete name the document alone: its organization is then the one holding its annotations. */
  private async organizationOf(manager: EntityManager, apiKeyId: string, documentId: string): Promise<string | null> {
    const organizations = await this.store.annotationOrganizations(manager, apiKeyId, documentId);
    if (organizations.length > 1)
      throw ApiError.invalid(
        'data.organizationId is required: documentId names a document in more than one organization.',
      );
    return organizations[0] ?? null;
  }

  /** updateUsers: the comments' authors and tagged contacts. */
  private async replaceUsersInComments(
    manager: EntityManager,
    apiKeyId: string,
    document: DocumentKey,
    rows: CommentAnnotation[],
    updates: Array<{ oldUser: CommentUser; newUser: CommentUser }>,
  ): Promise<void> {
    const comments = await this.store.commentUsers(
      manager,
      apiKeyId,
      document,
      rows.map((row) => row.id),
    );
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
    if (changed.length > 0) await this.store.setCommentUsers(manager, apiKeyId, document, changed);
  }
}
