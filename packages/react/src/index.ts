export { CollabProvider } from './collab-provider';
export type { CollabProviderProps } from './collab-provider';
export { DocumentProvider } from './document-provider';
export type { DocumentProviderProps } from './document-provider';
export { useClient, useDocument, useRoom } from './contexts';
export type { DocumentState, DocumentStatus } from './contexts';
export { useOthers, useSelf, useUpdateMyPresence } from './presence';
export type { Other } from './presence';
export { useBroadcastEvent, useEventListener, useLiveState } from './events';
export {
  hasReacted,
  isSubscribed,
  useCreateThread,
  useDeleteComment,
  useEditComment,
  useMentionableUsers,
  useReaction,
  useReply,
  useThreads,
  useThreadStatus,
  useThreadSubscription,
} from './comments';
export { useInboxLoading, useMarkRead, useNotifications, useUnreadCount } from './inbox-hooks';
