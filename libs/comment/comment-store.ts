import { EntityManager } from 'typeorm';
import { DocumentDirectoryService } from '@app/document';
import { AnnotationView, annotationView, commentView, CommentView } from './comment-views';
import { CommentAnnotation } from './entities/comment-annotation.entity';
import { CommentReaction } from './entities/comment-reaction.entity';
import { CommentPriority, CommentStatus, DEFAULT_STATUSES } from './entities/comment-user';
import { CommentEntity } from './entities/comment.entity';
import { PriorityDto, StatusDto } from './dto/velt-models.dto';

/** A validated DTO as plain data: the fields the caller sent (class fields they left out are undefined). */
export function plain<T extends object>(dto: T): T {
  return Object.fromEntries(Object.entries(dto).filter(([, value]) => value !== undefined)) as T;
}

/** The status as stored: the caller's object, with a default status's colours filled in when left out. */
export function statusOf(status: StatusDto | undefined): CommentStatus {
  if (!status) return { ...DEFAULT_STATUSES.OPEN };
  const known = (DEFAULT_STATUSES as Record<string, CommentStatus | undefined>)[status.id];
  return { ...(known ? { color: known.color, lightColor: known.lightColor } : {}), ...plain(status) };
}

export function priorityOf(priority: PriorityDto): CommentPriority {
  return plain(priority);
}

/** `location.id` (else its `locationName`) as the text the locationIds filters match. */
export function locationIdOf(location: Record<string, unknown> | null | undefined): string | null {
  if (!location) return null;
  const id = location.id ?? location.locationName;
  return typeof id === 'string' || typeof id === 'number' ? String(id) : null;
}

/** Comment ids for a batch: the given ones, and counter values (from `next`, skipping given ones) for the rest. */
export function numberComments(given: Array<number | undefined>, next: number): number[] {
  const taken = new Set(given.filter((id) => id !== undefined));
  return given.map((id) => {
    if (id !== undefined) return id;
    while (taken.has(next)) next++;
    return next++;
  });
}

export function dateOf(ms: number | undefined): Date | undefined {
  return ms === undefined ? undefined : new Date(ms);
}

/** The comments (with reactions) of the annotations, in creation order, keyed by annotation. */
export async function commentViewsOf(
  manager: EntityManager,
  rows: CommentAnnotation[],
): Promise<Map<CommentAnnotation, CommentView[]>> {
  const result = new Map<CommentAnnotation, CommentView[]>(rows.map((row) => [row, []]));
  if (rows.length === 0) return result;
  const where = rows.map((row) => ({
    apiKeyId: row.apiKeyId,
    organizationId: row.organizationId,
    documentId: row.documentId,
    annotationId: row.id,
  }));
  const comments = await manager.find(CommentEntity, { where, order: { seq: 'ASC' } });
  const reactions = await manager.find(CommentReaction, { where, order: { createdAt: 'ASC' } });
  const key = (doc: string, annotation: string) => JSON.stringify([doc, annotation]);
  const byAnnotation = new Map(rows.map((row) => [key(row.documentId, row.id), result.get(row)!]));
  for (const comment of comments) {
    const own = reactions.filter(
      (r) =>
        r.documentId === comment.documentId && r.annotationId === comment.annotationId && r.commentId === comment.id,
    );
    byAnnotation.get(key(comment.documentId, comment.annotationId))?.push(commentView(comment, own));
  }
  return result;
}

export async function annotationViewsOf(manager: EntityManager, rows: CommentAnnotation[]): Promise<AnnotationView[]> {
  const comments = await commentViewsOf(manager, rows);
  return rows.map((row) => annotationView(row, comments.get(row)!));
}

/** The document's name for webhook metadata (Velt's `metadata.documentName`). */
export async function documentNameOf(
  manager: EntityManager,
  documents: DocumentDirectoryService,
  apiKeyId: string,
  organizationId: string,
  documentId: string,
): Promise<string | null> {
  return (await documents.names(manager, apiKeyId, organizationId, [documentId])).get(documentId) ?? null;
}
