import { actionTypeOf, EventEnvelope, EventScope, PayloadBuilders } from '../domain-event';

export interface NotificationUser {
  userId: string;
  name?: string;
  email?: string;
}

export interface NotificationComment {
  commentId: string;
  commentText: string;
  from: NotificationUser | null;
  toContactsTagged: NotificationUser[];
  /** Set on reaction triggers: the reaction added or removed. */
  reaction?: { icon: string; user: NotificationUser };
}

export interface NotificationAnnotation {
  annotationId: string;
}

/** A comment or annotation change, built by the comment domain inside its transaction. */
export interface CommentEventData extends EventScope {
  actionUser: NotificationUser | null;
  annotation: NotificationAnnotation;
  comment: NotificationComment | null;
}

type CommentEvent = CommentEventData & EventEnvelope;

/** DESIGN §5 raw payload: the event as it happened. */
function raw(event: CommentEvent): Record<string, unknown> {
  return {
    event: event.trigger,
    actionType: actionTypeOf(event.trigger),
    notificationSource: 'comment',
    actionUser: event.actionUser,
    commentAnnotation: event.annotation,
    targetComment: event.comment,
    metadata: { apiKey: event.apiKeyId, organizationId: event.organizationId, documentId: event.documentId },
    timestamp: event.occurredAt.getTime(),
  };
}

/** DESIGN §5 processed payload: the same event flattened for notification use. */
function processed(event: CommentEvent): Record<string, unknown> {
  return {
    from: event.actionUser,
    commentText: event.comment?.commentText ?? null,
    toContactsTagged: event.comment?.toContactsTagged ?? [],
    documentId: event.documentId,
    organizationId: event.organizationId,
    targetAnnotationId: event.annotation.annotationId,
    targetCommentId: event.comment?.commentId ?? null,
    actionType: actionTypeOf(event.trigger),
    event: event.trigger,
    timestamp: event.occurredAt.getTime(),
  };
}

export const COMMENT_PAYLOADS: PayloadBuilders<CommentEventData> = { raw, processed };
