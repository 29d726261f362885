import { useMarkRead, useNotifications, useUnreadCount } from '@collab-backend/react';
import { notificationText } from './notification-text';
import { Popover } from './popover';

export interface NotificationInboxProps {
  className?: string;
}

/** A bell with the unread count; opening it lists the user's notifications and marks the unread ones read. */
export function NotificationInbox({ className }: NotificationInboxProps) {
  const notifications = useNotifications();
  const unread = useUnreadCount();
  const markRead = useMarkRead();
  const markAllRead = () => {
    const ids = notifications
      .filter((notification) => notification.isUnread !== false)
      .map((notification) => notification.id);
    if (ids.length > 0) void markRead(ids);
  };
  return (
    <div className={['collab-inbox', className].filter(Boolean).join(' ')}>
      <Popover
        label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
        triggerClassName="collab-inbox-button"
        onOpenChange={(open) => open && markAllRead()}
        trigger={
          <>
            <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24">
              <path d="M12 22a2 2 0 0 0 2-2h-4a2 2 0 0 0 2 2Zm6-6V11a6 6 0 0 0-5-5.9V4a1 1 0 0 0-2 0v1.1A6 6 0 0 0 6 11v5l-2 2v1h16v-1Z" />
            </svg>
            {unread > 0 && (
              <span className="collab-badge" data-count={unread}>
                {unread}
              </span>
            )}
          </>
        }
      >
        <h2 className="collab-inbox-title">Notifications</h2>
        {notifications.length === 0 ? (
          <p className="collab-muted">Nothing yet.</p>
        ) : (
          <ul className="collab-inbox-list">
            {notifications.map((notification) => (
              <li
                key={notification.id}
                className="collab-inbox-item"
                data-unread={notification.isUnread !== false || undefined}
              >
                {notificationText(notification)}
              </li>
            ))}
          </ul>
        )}
      </Popover>
    </div>
  );
}
