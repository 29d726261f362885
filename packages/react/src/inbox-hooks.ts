import type { Notification } from '@collab-backend/realtime';
import { useCallback } from 'react';
import { useCollab } from './contexts';
import { EMPTY_INBOX, type Inbox, type InboxState } from './inbox';
import { useStore } from './store';

function useInbox(): InboxState {
  return useStore(
    useCollab().inbox,
    (inbox: Inbox, onChange) => inbox.subscribe(onChange),
    (inbox) => inbox.state,
    EMPTY_INBOX,
  );
}

/** The user's latest notifications in the organization, newest first, live. */
export const useNotifications = (): Notification[] => useInbox().notifications;

/** Whether the inbox's first page is still on its way (for a loading state). */
export const useInboxLoading = (): boolean => useInbox().loading;

/** How many of the user's notifications in the organization are unread, live. */
export const useUnreadCount = (): number => useInbox().unreadCount;

/** Marks notifications read (or unread with `read: false`); the counts change at once. */
export function useMarkRead(): (notificationIds: string[], read?: boolean) => Promise<void> {
  const { inbox } = useCollab();
  return useCallback(
    async (notificationIds: string[], read = true) => {
      if (!inbox) throw new Error('Not connected yet.');
      await inbox.mark(notificationIds, read);
    },
    [inbox],
  );
}
