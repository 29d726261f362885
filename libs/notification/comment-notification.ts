import { newId } from '@app/common';
import { COMMENT_ACTION_TYPES, CommentEvent, CommentRecipient, NotificationUser } from '@app/events';
import { NewNotification } from './notification-sql';

/** What a comment event's notification says; recipients and ids are the recorder's. */
export interface CommentNotificationContent {
  actionUser: NotificationUser | null;
  locationId: string | null;
  headlineTemplate: string;
  headlineTemplateData: Record<string, unknown>;
  bodyMessage: string | null;
  sourceData: Record<string, unknown>;
}

/** Velt's headline templates name the actor with `{actionUser}`; the rest of the line is `{actionMessage}`. */
export const COMMENT_HEADLINE_TEMPLATE = '{actionUser} {actionMessage}';

function statusName(status: unknown): string | null {
  if (typeof status === 'string') return status;
  if (typeof status === 'object' && status !== null) {
    const { name, id } = status as Record<string, unknown>;
    if (typeof name === 'string') return name;
    if (typeof id === 'string') return id;
  }
  return null;
}

/** One line for everyone the notification reaches: a reply that only mentions people reads as a mention. */
function actionMessage(event: CommentEvent, recipients: readonly CommentRecipient[]): string {
  switch (event.trigger) {
    case 'comment_annotation.add':
      return 'mentioned you in a comment';
    case 'comment.add':
      return recipients.every((recipient) => recipient.reason === 'mention')
        ? 'mentioned you in a comment'
        : 'replied to a comment';
    case 'comment_annotation.assign':
      return 'assigned you a comment';
    case 'comment_annotation.status_change': {
      const name = statusName(event.change?.newStatus);
      return name ? `changed the status of a comment to ${name}` : 'changed the status of a comment';
    }
    default:
      return 'updated a comment';
  }
}

function locationIdOf(location: unknown): string | null {
  if (typeof location !== 'object' || location === null) return null;
  const { id, locationName } = location as Record<string, unknown>;
  if (typeof id === 'string' || typeof id === 'number') return String(id);
  return typeof locationName === 'string' ? locationName : null;
}

function firstCommentText(event: CommentEvent): string | null {
  const comments = event.annotation.comments;
  const first = Array.isArray(comments) ? (comments[0] as Record<string, unknown> | undefined) : undefined;
  return typeof first?.commentText === 'string' ? first.commentText : null;
}

/**
 * A comment event as Velt's inbox shows it: `{actionUser} mentioned you in a comment` over the comment's
 * text, with `notificationSourceData` naming the annotation and comment (not a copy of them, so an
 * erased or edited comment is not kept alive here).
 */
export function commentNotificationContent(
  event: CommentEvent,
  recipients: readonly CommentRecipient[],
): CommentNotificationContent {
  const actionType = COMMENT_ACTION_TYPES[event.trigger] ?? event.trigger;
  const data: Record<string, unknown> = { actionMessage: actionMessage(event, recipients) };
  if (event.actionUser) data.actionUser = event.actionUser;
  if (event.documentName != null) data.documentName = event.documentName;
  const body =
    event.comment?.commentText ??
    (event.trigger === 'comment_annotation.status_change' ? null : firstCommentText(event));
  return {
    actionUser: event.actionUser,
    locationId: locationIdOf(event.annotation.location),
    headlineTemplate: COMMENT_HEADLINE_TEMPLATE,
    headlineTemplateData: data,
    bodyMessage: body || null,
    sourceData: {
      annotationId: event.annotation.annotationId,
      ...(event.comment ? { commentId: event.comment.commentId } : {}),
      actionType,
      event: event.trigger,
    },
  };
}

/** The in-app notification of a comment event for `recipients`, under a new id. */
export function commentNotification(
  apiKeyId: string,
  event: CommentEvent,
  recipients: readonly CommentRecipient[],
): NewNotification {
  return {
    apiKeyId,
    organizationId: event.organizationId,
    documentId: event.documentId,
    id: newId(),
    source: 'comment',
    context: null,
    notifyAll: false,
    resolverUsed: false,
    ...commentNotificationContent(event, recipients),
  };
}
