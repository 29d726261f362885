import { WebhookTrigger } from './webhook-triggers';
import { DeliveryTarget } from './entities/webhook-delivery.entity';

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

/** A change that may notify webhooks; built by the domain that made it, inside its transaction. */
export interface CommentNotificationEvent {
  trigger: WebhookTrigger;
  apiKeyId: string;
  organizationId: string;
  documentId: string;
  actionUser: NotificationUser | null;
  annotation: NotificationAnnotation;
  comment: NotificationComment | null;
  occurredAt: Date;
}

/** `comment.reaction_add` -> `reaction_add`: the action part of the trigger name. */
export function actionTypeOf(trigger: WebhookTrigger): string {
  return trigger.slice(trigger.indexOf('.') + 1);
}

/** DESIGN §5 raw payload: the event as it happened. */
export function rawPayload(event: CommentNotificationEvent, webhookId: string): Record<string, unknown> {
  return {
    webhookId,
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
export function processedPayload(event: CommentNotificationEvent, webhookId: string): Record<string, unknown> {
  return {
    webhookId,
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

export function payloadFor(target: DeliveryTarget, event: CommentNotificationEvent, webhookId: string): Record<string, unknown> {
  return target === 'raw' ? rawPayload(event, webhookId) : processedPayload(event, webhookId);
}
