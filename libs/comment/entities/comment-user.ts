/** A user as the caller names them on comments (spec: User); access roles are not part of it. */
export interface CommentUser {
  userId: string;
  name?: string;
  email?: string;
}

export const ANNOTATION_STATUSES = ['open', 'in_progress', 'resolved'] as const;
export type AnnotationStatus = (typeof ANNOTATION_STATUSES)[number];

export const ANNOTATION_PRIORITIES = ['low', 'medium', 'high', 'urgent'] as const;
export type AnnotationPriority = (typeof ANNOTATION_PRIORITIES)[number];
