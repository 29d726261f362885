import type { Notification, RealtimeClient } from '@collab-backend/realtime';
import { Listeners } from './listeners';

export interface InboxState {
  notifications: Notification[];
  unreadCount: number;
  /** Until the first page has been read. */
  loading: boolean;
}

export const EMPTY_INBOX: InboxState = { notifications: [], unreadCount: 0, loading: true };

/**
 * The user's inbox in one organization: the first page and the unread count are read on every (re)connection,
 * live notifications are put on top, and marking read shows at once, before the server answers.
 */
export class Inbox {
  state: InboxState = EMPTY_INBOX;
  private readonly listeners = new Listeners();

  constructor(
    private readonly client: RealtimeClient,
    private readonly organizationId: string,
    private readonly pageSize = 50,
  ) {}

  start(): () => void {
    const stops = [
      this.client.onStatus((status) => status === 'connected' && void this.load().catch(() => undefined)),
      this.client.onNotification((notification) => {
        if (notification.organizationId !== undefined && notification.organizationId !== this.organizationId) return;
        const others = this.state.notifications.filter((known) => known.id !== notification.id);
        this.set({
          ...this.state,
          notifications: [notification, ...others],
          unreadCount: this.state.unreadCount + (notification.isUnread === false ? 0 : 1),
        });
      }),
    ];
    return () => stops.forEach((stop) => stop());
  }

  subscribe(listener: () => void): () => void {
    return this.listeners.add(listener);
  }

  async load(): Promise<void> {
    const [page, unreadCount] = await Promise.all([
      this.client.notifications.list(this.organizationId, { pageSize: this.pageSize }),
      this.client.notifications.unreadCount(this.organizationId),
    ]);
    this.set({ notifications: page.notifications, unreadCount, loading: false });
  }

  async mark(notificationIds: string[], read: boolean): Promise<void> {
    const ids = new Set(notificationIds);
    const flipped = this.state.notifications.filter(
      (notification) => ids.has(notification.id) && (notification.isUnread !== false) === read,
    ).length;
    this.set({
      ...this.state,
      notifications: this.state.notifications.map((notification) =>
        ids.has(notification.id) ? { ...notification, isUnread: !read } : notification,
      ),
      unreadCount: Math.max(0, this.state.unreadCount + (read ? -flipped : flipped)),
    });
    await (read
      ? this.client.notifications.markRead(this.organizationId, notificationIds)
      : this.client.notifications.markUnread(this.organizationId, notificationIds));
  }

  private set(state: InboxState): void {
    this.state = state;
    this.listeners.emit();
  }
}
