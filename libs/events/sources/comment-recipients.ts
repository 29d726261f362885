import { CommentEvent, NotificationUser } from './comment-event';

/** Why a person hears about a comment event; the first reason that applies wins, in this order. */
export const RECIPIENT_REASONS = ['mention', 'assign', 'reply', 'status'] as const;
export type RecipientReason = (typeof RECIPIENT_REASONS)[number];

export interface CommentRecipient {
  user: NotificationUser;
  reason: RecipientReason;
}

function userOf(value: unknown): NotificationUser | null {
  if (typeof value !== 'object' || value === null) return null;
  const { userId, name, email } = value as Record<string, unknown>;
  if (typeof userId !== 'string' || userId === '') return null;
  return { userId, ...(typeof name === 'string' ? { name } : {}), ...(typeof email === 'string' ? { email } : {}) };
}

function commentsOf(event: CommentEvent): Array<Record<string, unknown>> {
  const comments = event.annotation.comments;
  return Array.isArray(comments) ? (comments as Array<Record<string, unknown>>) : [];
}

/** The users of Velt's subscribedUsers or unsubscribedUsers map (entries `{user, type}` keyed by a hash of the user id). */
function subscriptionUsers(map: unknown): NotificationUser[] {
  if (typeof map !== 'object' || map === null) return [];
  return Object.values(map as Record<string, { user?: unknown } | null>)
    .map((entry) => userOf(entry?.user))
    .filter((user): user is NotificationUser => user !== null);
}

/**
 * Everyone who follows the thread: whoever opened it, wrote in it, has it assigned or subscribed to it,
 * less those who unsubscribed from it.
 */
function participants(event: CommentEvent): NotificationUser[] {
  const users = [
    event.annotation.from,
    ...commentsOf(event).map((comment) => comment.from),
    event.annotation.assignedTo,
  ].map(userOf);
  const unsubscribed = new Set(subscriptionUsers(event.annotation.unsubscribedUsers).map((user) => user.userId));
  return [...users, ...subscriptionUsers(event.annotation.subscribedUsers)].filter(
    (user): user is NotificationUser => user !== null && !unsubscribed.has(user.userId),
  );
}

function mentioned(event: CommentEvent): NotificationUser[] {
  return (event.comment?.to ?? []).map(userOf).filter((user): user is NotificationUser => user !== null);
}

function candidates(event: CommentEvent): Array<[NotificationUser, RecipientReason]> {
  switch (event.trigger) {
    case 'comment_annotation.add':
      return mentioned(event).map((user) => [user, 'mention']);
    case 'comment.add':
      return [
        ...mentioned(event).map((user): [NotificationUser, RecipientReason] => [user, 'mention']),
        ...participants(event).map((user): [NotificationUser, RecipientReason] => [user, 'reply']),
      ];
    case 'comment_annotation.assign': {
      const assignee = event.change?.assigned ? userOf(event.annotation.assignedTo) : null;
      return assignee ? [[assignee, 'assign']] : [];
    }
    case 'comment_annotation.status_change':
      return participants(event).map((user) => [user, 'status']);
    default:
      return [];
  }
}

/**
 * Velt's private annotations: a `restricted` one is read by its author and the users it names, so
 * only they may be told about it (notifications/get: "a notification for a private comment reaches
 * only users who can see that comment"). Null: everyone who is otherwise told.
 */
function readers(event: CommentEvent): Set<string> | null {
  const visibility = event.annotation.visibilityConfig as { type?: unknown; userIds?: unknown } | undefined;
  if (visibility?.type !== 'restricted') return null;
  const named = Array.isArray(visibility.userIds)
    ? visibility.userIds.filter((id): id is string => typeof id === 'string')
    : [];
  const author = userOf(event.annotation.from)?.userId;
  return new Set(author ? [author, ...named] : named);
}

/**
 * Who a comment event reaches and why (mention, reply in a thread they are in, assignment, status
 * change), never the person who acted nor anyone a private thread hides from, each person once
 * under the strongest reason. Notifications and e-mail both start from this list, so they never
 * disagree about who was told.
 */
export function commentRecipients(event: CommentEvent): CommentRecipient[] {
  const actor = event.actionUser?.userId;
  const allowed = readers(event);
  const chosen = new Map<string, CommentRecipient>();
  for (const [user, reason] of candidates(event)) {
    if (user.userId === actor || (allowed && !allowed.has(user.userId))) continue;
    const current = chosen.get(user.userId);
    if (!current || RECIPIENT_REASONS.indexOf(reason) < RECIPIENT_REASONS.indexOf(current.reason)) {
      chosen.set(user.userId, { user: { ...current?.user, ...user }, reason });
    } else if (!current.user.email && user.email) {
      current.user = { ...current.user, ...user };
    }
  }
  return [...chosen.values()];
}

/**
 * Velt's `accessDeniedUsers`: the people this event would reach but whom the thread's visibility hides
 * it from, by user id. Empty for a public thread.
 */
export function deniedRecipients(event: CommentEvent): string[] {
  const allowed = readers(event);
  if (!allowed) return [];
  const actor = event.actionUser?.userId;
  return [...new Set(candidates(event).map(([user]) => user.userId))].filter(
    (userId) => userId !== actor && !allowed.has(userId),
  );
}
