import { RealtimeHub } from '@app/realtime-hub';
import { Notification, NotificationPerson } from './entities/notification.entity';
import { notificationView } from './notification-view';

/** The socket event each recipient's sockets receive, with the notification in Velt's shape. */
export const NOTIFICATION_EVENT = 'notification';

/**
 * Pushes a freshly written notification to the sockets of each listed user and of `alsoTo` (the
 * organization's members, for a notifyAll one), on whichever API instance they are; best effort,
 * the row is the truth.
 */
export function pushNotification(
  hub: RealtimeHub,
  row: Notification,
  recipients: readonly NotificationPerson[],
  alsoTo: readonly string[] = [],
): void {
  const users = recipients.map((person) => ({ userId: person.userId, notified: true, person, readAt: null }));
  const audience = new Set([...recipients.map((person) => person.userId), ...alsoTo]);
  hub.emitToUsers(row.apiKeyId, [...audience], NOTIFICATION_EVENT, { ...notificationView(row, users), isUnread: true });
}
