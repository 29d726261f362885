import type { Notification } from '@collab-backend/realtime';
import { useInboxLoading, useMarkRead, useNotifications, useUnreadCount } from '@collab-backend/react';
import { notificationText } from './notification-text';
import { Popover } from './popover';
import { RelativeTime } from './relative-time';
import { useStrings } from './strings';

export interface NotificationInboxProps {
  /**
   * A notification was clicked (it is marked read and the inbox closes): route to its thread, e.g. with
   * `notification.metadata.documentId` and `notification.targetAnnotationId`.
   */
  onOpen?: (notification: Notification) => void;
  className?: string;
}

const isUnread = (notification: Notification) => notification.isUnread !== false;

/** A bell with the unread count; opening it lists the user's notifications, each with its time, document and an unread dot. */
export function NotificationInbox({ onOpen, className }: NotificationInboxProps) {
  const strings = useStrings();
  const notifications = useNotifications();
  const loading = useInboxLoading();
  const unread = useUnreadCount();
  const markRead = useMarkRead();
  const read = (ids: string[]) => ids.length > 0 && void markRead(ids).catch(() => undefined);
  return (
    <div className={['collab-inbox', className].filter(Boolean).join(' ')}>
      <Popover
        label={strings.notifications(unread)}
        triggerClassName="collab-inbox-button"
        placement="bottom-end"
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
        {(close) => (
          <div className="collab-inbox-panel">
            <div className="collab-inbox-header">
              <h2 className="collab-inbox-title">{strings.notificationsTitle}</h2>
              <button
                type="button"
                className="collab-button"
                disabled={unread === 0}
                onClick={() => read(notifications.filter(isUnread).map((notification) => notification.id))}
              >
                {strings.markAllRead}
              </button>
            </div>
            {notifications.length === 0 ? (
              <p className="collab-muted collab-inbox-empty">{loading ? strings.loading : strings.noNotifications}</p>
            ) : (
              <ul className="collab-inbox-list">
                {notifications.map((notification) => {
                  const documentId = (notification.metadata as { documentId?: string } | undefined)?.documentId;
                  return (
                    <li key={notification.id}>
                      <button
                        type="button"
                        className="collab-inbox-item"
                        data-unread={isUnread(notification) || undefined}
                        onClick={() => {
                          if (isUnread(notification)) read([notification.id]);
                          onOpen?.(notification);
                          close();
                        }}
                      >
                        {isUnread(notification) && (
                          <span className="collab-unread-dot">
                            <span className="collab-visually-hidden">{strings.unread}: </span>
                          </span>
                        )}
                        <span className="collab-inbox-text">{notificationText(notification, strings)}</span>
                        <span className="collab-inbox-meta">
                          {documentId && `${strings.inDocument(documentId)} · `}
                          {typeof notification.timestamp === 'number' && <RelativeTime at={notification.timestamp} />}
                        </span>
                      </button>
                    </li>
                  );
                })}
              </ul>
            )}
          </div>
        )}
      </Popover>
    </div>
  );
}
