import { RealtimeHub } from '@app/realtime-hub';
import { Notification, NotificationPerson } from './entities/notification.entity';
import { notificationView } from './notification-view';

/** The socket event each recipient's sockets receive, with the notification in Velt's shape. */
export const NOTIFICATION_EVENT = 'notification';

/** Pushes a freshly written notification to each listed user's sockets, on whichever API instance they are; best effort, the row is the truth. */
export function pushNotification(hub: RealtimeHub, row: Notification, recipients: readonly NotificationPerson[]): void {
  const users = recipients.map((person) => ({ userId: person.userId, notified: true, person, readAt: null }));
  hub.emitToUsers(row.apiKeyId, [...new Set(recipients.map((person) => person.userId))], NOTIFICATION_EVENT, { ...notificationView(row, users), isUnread: true });
}
