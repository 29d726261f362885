import { PayloadBuilders } from '../domain-event';
import { CommentEvent, CommentEventData } from './comment-event';
import { deniedRecipients } from './comment-recipients';

/** Velt's basic webhook `actionType` of each of the spec's comment triggers (webhooks/basic, "List of Action Types"). */
export const COMMENT_ACTION_TYPES: Record<string, string> = {
  'comment_annotation.add': 'newlyAdded',
  'comment.add': 'added',
  'comment.update': 'updated',
  'comment.delete': 'deleted',
  'comment_annotation.status_change': 'statusChanged',
  'comment_annotation.assign': 'assigned',
  'comment_annotation.priority_change': 'priorityChanged',
  'comment.reaction_add': 'reactionAdded',
  'comment.reaction_delete': 'reactionDeleted',
  'comment_annotation.subscribe': 'subscribed',
  'comment_annotation.unsubscribe': 'unsubscribed',
};

function actionType(event: CommentEvent): string {
  return COMMENT_ACTION_TYPES[event.trigger] ?? event.trigger;
}

/** Our ids are the client's own, so Velt's client ids repeat them. */
function metadata(event: CommentEvent): Record<string, unknown> {
  const { organizationId, documentId } = event;
  const base = {
    apiKey: event.apiKeyId,
    organizationId,
    documentId,
    clientOrganizationId: organizationId,
    clientDocumentId: documentId,
  };
  return event.documentName == null ? base : { ...base, documentName: event.documentName };
}

const VISIBILITY_FIELDS = ['type', 'userIds', 'organizationIds', 'organizationId'];

/**
 * Velt's comment visibility fields: a private thread's `visibility` (the readable mirror of its
 * visibilityConfig) and `accessDeniedUsers`; a public thread carries neither.
 */
function visibility(event: CommentEvent): Record<string, unknown> {
  const config = event.annotation.visibilityConfig as Record<string, unknown> | undefined;
  if (!config || config.type === 'public') return {};
  const mirror = Object.fromEntries(
    VISIBILITY_FIELDS.filter((field) => config[field] !== undefined).map((field) => [field, config[field]]),
  );
  return { visibility: mirror, accessDeniedUsers: deniedRecipients(event) };
}

/**
 * Raw: Velt's WebhookV1Payload with the comment fields (`commentAnnotation` with its comments,
 * `targetComment` unless the action is on the annotation, `oldStatus`/`newStatus`, `newPriority`,
 * `assigned`). `event` (the trigger name) and `timestamp` are ours.
 */
function raw(event: CommentEvent): Record<string, unknown> {
  return {
    event: event.trigger,
    actionType: actionType(event),
    notificationSource: 'comment',
    actionUser: event.actionUser,
    commentAnnotation: event.annotation,
    ...(event.comment ? { targetComment: event.comment } : {}),
    ...event.change,
    ...visibility(event),
    metadata: metadata(event),
    ...(event.platform ? { platform: event.platform } : {}),
    timestamp: event.occurredAt.getTime(),
  };
}

/** docs/architecture.md "Webhooks" processed payload: the same event flattened for notification use. */
function processed(event: CommentEvent): Record<string, unknown> {
  return {
    from: event.actionUser,
    commentText: event.comment?.commentText ?? null,
    commentHtml: event.comment?.commentHtml ?? null,
    toContactsTagged: event.comment?.to ?? [],
    documentId: event.documentId,
    organizationId: event.organizationId,
    documentName: event.documentName ?? null,
    targetAnnotationId: event.annotation.annotationId,
    targetCommentId: event.comment?.commentId ?? null,
    ...event.change,
    ...visibility(event),
    actionType: actionType(event),
    event: event.trigger,
    timestamp: event.occurredAt.getTime(),
  };
}

export const COMMENT_PAYLOADS: PayloadBuilders<CommentEventData> = { raw, processed };
