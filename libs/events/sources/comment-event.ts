import { EventEnvelope, EventScope } from '../domain-event';

/** A user as the comment's data names them (Velt's User). */
export interface NotificationUser {
  userId: string;
  name?: string;
  email?: string;
}

/** Velt's Comment as the comment domain views it. */
export type NotificationComment = {
  commentId: number;
  commentText?: string;
  commentHtml?: string;
  to?: NotificationUser[];
} & Record<string, unknown>;

/** Velt's CommentAnnotation, with its comments. */
export type NotificationAnnotation = { annotationId: string } & Record<string, unknown>;

/** What changed, in Velt's basic webhook fields: only those of the event's action are set. */
export interface CommentChange {
  oldStatus?: unknown;
  newStatus?: unknown;
  newPriority?: unknown;
  assigned?: boolean;
  /** Reaction triggers (our extension): the reaction added or removed. */
  reaction?: { icon: string; user: NotificationUser };
}

/** A comment or annotation change, built by the comment domain inside its transaction. */
export interface CommentEventData extends EventScope {
  actionUser: NotificationUser | null;
  annotation: NotificationAnnotation;
  comment: NotificationComment | null;
  documentName?: string | null;
  change?: CommentChange;
  /** Velt's `platform`: 'sdk' for a change a client made through the SDK; absent for a REST call. */
  platform?: 'sdk';
}

/** A comment event as sinks receive it. */
export type CommentEvent = CommentEventData & EventEnvelope;
