import { Notification, NotificationPerson } from './entities/notification.entity';

/** What the view needs of one user's row of a notification. */
export interface NotificationUserState {
  userId: string;
  notified: boolean;
  person: NotificationPerson | null;
  readAt: Date | null;
}

/** Velt's Notification as the REST get answers it, plus our read-state fields. */
export type NotificationView = Record<string, unknown> & { id: string };

/**
 * Velt's get shape (id, source, source data, users, templates, metadata, notifyUsers maps keyed by
 * e-mail and by user id, timestamp). Ours beside it: `readByUserIds`, and `isUnread` (the SDK's field)
 * when the request reads as one user. A comment notification also carries the SDK's `actionType` and
 * `targetAnnotationId`, read from its source data.
 */
export function notificationView(
  row: Notification,
  users: readonly NotificationUserState[],
  forUserId?: string,
): NotificationView {
  const notified = users.filter((user) => user.notified);
  const readers = users.filter((user) => user.readAt !== null).map((user) => user.userId);
  const source = row.sourceData ?? {};
  const metadata: Record<string, unknown> = {
    apiKey: row.apiKeyId,
    organizationId: row.organizationId,
    documentId: row.documentId,
  };
  if (row.locationId !== null) metadata.locationId = row.locationId;
  return {
    id: row.id,
    notificationSource: row.source,
    ...(row.source === 'comment' && typeof source.actionType === 'string' ? { actionType: source.actionType } : {}),
    ...(row.source === 'comment' && typeof source.annotationId === 'string'
      ? { targetAnnotationId: source.annotationId }
      : {}),
    notificationSourceData: source,
    actionUser: row.actionUser,
    ...(row.headlineTemplate !== null ? { displayHeadlineMessageTemplate: row.headlineTemplate } : {}),
    ...(row.headlineTemplateData !== null ? { displayHeadlineMessageTemplateData: row.headlineTemplateData } : {}),
    ...(row.bodyMessage !== null ? { displayBodyMessage: row.bodyMessage } : {}),
    ...(row.context !== null ? { context: row.context } : {}),
    metadata,
    notifyUsers: Object.fromEntries(
      notified.filter((user) => user.person?.email).map((user) => [user.person!.email!, true]),
    ),
    notifyUsersByUserId: Object.fromEntries(notified.map((user) => [user.userId, true])),
    notifyAll: row.notifyAll,
    ...(row.resolverUsed ? { isNotificationResolverUsed: true } : {}),
    readByUserIds: readers,
    ...(forUserId !== undefined ? { isUnread: !readers.includes(forUserId) } : {}),
    timestamp: row.createdAt.getTime(),
  };
}
