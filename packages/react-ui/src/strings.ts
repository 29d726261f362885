import { createContext, createElement, useContext, type ReactNode } from 'react';

/** Every word the components show or announce; `StringsProvider` replaces any of them (another language, another tone). */
export const DEFAULT_STRINGS = {
  /** The locale of times (`Intl`); the browser's when left out. */
  locale: undefined as string | undefined,
  someone: 'someone',
  hereNow: (count: number) => `${count} here now`,
  you: (name: string) => `${name} (you)`,
  threadBy: (name: string) => `Thread by ${name}`,
  pin: (author: string, comments: number, resolved: boolean) =>
    `Comment by ${author}, ${comments} in thread${resolved ? ', resolved' : ''}`,
  resolved: 'Resolved',
  resolve: 'Resolve',
  reopen: 'Reopen',
  subscribe: 'Subscribe',
  unsubscribe: 'Unsubscribe',
  moreActions: 'More actions',
  edit: 'Edit',
  delete: 'Delete',
  deleteThread: 'Delete thread',
  cancel: 'Cancel',
  edited: 'edited',
  justNow: 'just now',
  addReaction: 'Add reaction',
  reactions: (author: string) => `Reactions to ${author}'s comment`,
  /** A reaction's button: its name, how many gave it, and whether the user did. */
  reaction: (name: string, count: number) => `${name}, ${count} so far`,
  comment: 'Comment',
  commentPlaceholder: 'Write a comment…',
  reply: 'Reply',
  replyPlaceholder: 'Reply…',
  editComment: 'Edit comment',
  send: 'Send',
  sendFailed: (reason: string) => `Not sent: ${reason}`,
  peopleToMention: 'People to mention',
  notifications: (unread: number) => (unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'),
  notificationsTitle: 'Notifications',
  markAllRead: 'Mark all as read',
  noNotifications: 'No notifications yet.',
  loading: 'Loading…',
  unread: 'Unread',
  newActivity: 'New activity',
  inDocument: (documentId: string) => `in ${documentId}`,
  commentOnSelection: 'Comment on the selection',
  newInlineComment: 'Comment on the selected text',
};

export type Strings = typeof DEFAULT_STRINGS;

const StringsContext = createContext<Strings>(DEFAULT_STRINGS);

/** Replaces some of the components' strings below it; the rest stay English. */
export function StringsProvider({ strings, children }: { strings: Partial<Strings>; children?: ReactNode }) {
  const inherited = useContext(StringsContext);
  return createElement(StringsContext.Provider, { value: { ...inherited, ...strings } }, children);
}

export const useStrings = (): Strings => useContext(StringsContext);
