import { ApiError } from '@app/common';
import { CommentAnnotation } from './entities/comment-annotation.entity';
import { CommentReaction } from './entities/comment-reaction.entity';
import { CommentUser } from './entities/comment-user';
import { CommentEntity } from './entities/comment.entity';

export interface ReactionView {
  icon: string;
  user: CommentUser;
}

export interface CommentView {
  commentId: string;
  annotationId: string;
  commentText: string;
  from: CommentUser | null;
  toContactsTagged: CommentUser[];
  createdAt: string;
  updatedAt: string;
  reactions?: ReactionView[];
}

export interface AnnotationView {
  annotationId: string;
  organizationId: string;
  documentId: string;
  status: string;
  priority: string | null;
  assignedTo: CommentUser | null;
  createdBy: CommentUser | null;
  createdAt: string;
  updatedAt: string;
  comments?: CommentView[];
}

export function annotationView(row: CommentAnnotation): AnnotationView {
  return {
    annotationId: row.id,
    organizationId: row.organizationId,
    documentId: row.documentId,
    status: row.status,
    priority: row.priority,
    assignedTo: row.assignedTo,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function commentView(row: CommentEntity, reactions?: CommentReaction[]): CommentView {
  const view: CommentView = {
    commentId: row.id,
    annotationId: row.annotationId,
    commentText: row.text,
    from: row.from,
    toContactsTagged: row.toContactsTagged,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
  if (reactions) view.reactions = reactions.map((reaction) => ({ icon: reaction.icon, user: reaction.user }));
  return view;
}

/** Per-item results are keyed by the caller's id, so an id given twice in one request is refused. */
export function assertUnique(ids: string[], path: (index: number) => string): void {
  const seen = new Set<string>();
  ids.forEach((id, index) => {
    if (seen.has(id)) throw ApiError.invalid(`${path(index)} is duplicated.`);
    seen.add(id);
  });
}
