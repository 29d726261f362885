import type {
  CommentInput,
  CommentLabel,
  CommentUser,
  MentionableUser,
  NewThread,
  Room,
  Thread,
} from '@collab-backend/realtime';
import { useCallback, useEffect, useState } from 'react';
import { notEntered, useCollab, useDocument, useRoom } from './contexts';
import { useStore } from './store';

const NO_THREADS: never[] = [];

/** A room operation bound to the entered document; it rejects until the document is entered. */
function useRoomAction<A extends unknown[], R>(
  act: (room: Room, ...args: A) => Promise<R>,
): (...args: A) => Promise<R> {
  const state = useDocument();
  const { room } = state;
  // `act` is a module-level function per hook, so the action changes only with the room (or the refusal).
  return useCallback(
    async (...args: A) => {
      if (!room) throw notEntered(state);
      return act(room, ...args);
    },
    [room, state.error],
  );
}

/** The rooms whose first page was asked for: every `useThreads` of a page shares one read per room. */
const listed = new WeakMap<Room, Promise<unknown>>();

/** The document's threads, oldest first, kept live from the server's pushes (the first `pageSize` are read once per room on entering, by whichever `useThreads` mounts first). */
export function useThreads(pageSize = 100): Thread[] {
  const room = useRoom();
  useEffect(() => {
    if (!room || listed.has(room)) return;
    listed.set(
      room,
      room.comments.list({ pageSize }).catch(() => listed.delete(room)),
    );
  }, [room, pageSize]);
  return useStore(
    room,
    (entered, onChange) => entered.comments.subscribe(onChange),
    (entered) => entered.comments.threads(),
    NO_THREADS,
  );
}

const createThread = (room: Room, thread: NewThread) => room.comments.add(thread);
/** Starts a thread as the user: `(thread) => Promise<Thread>`. */
export const useCreateThread = () => useRoomAction(createThread);

const reply = async (room: Room, annotationId: string, comment: CommentInput) =>
  (await room.comments.reply(annotationId, comment)).thread;
/** Replies in a thread: `(annotationId, comment) => Promise<Thread>`. */
export const useReply = () => useRoomAction(reply);

const editComment = (
  room: Room,
  annotationId: string,
  commentId: number,
  changes: Pick<CommentInput, 'commentText' | 'commentHtml' | 'taggedUserContacts'>,
) => room.comments.edit(annotationId, commentId, changes);
/** Edits one of the user's own comments: `(annotationId, commentId, changes) => Promise<Thread>`. */
export const useEditComment = () => useRoomAction(editComment);

const deleteComment = (room: Room, annotationId: string, commentId?: number) =>
  room.comments.delete(annotationId, commentId);
/** Deletes one of the user's own comments, or without `commentId` their whole thread. */
export const useDeleteComment = () => useRoomAction(deleteComment);

const changeStatus = (
  room: Room,
  annotationId: string,
  changes: { status?: CommentLabel; priority?: CommentLabel | null; assignedTo?: CommentUser | null },
) => room.comments.status(annotationId, changes);
/** Changes a thread's status, priority or assignee: `(annotationId, changes) => Promise<Thread>`. */
export const useThreadStatus = () => useRoomAction(changeStatus);

const setSubscription = (room: Room, annotationId: string, subscribed: boolean) =>
  subscribed ? room.comments.subscribeToThread(annotationId) : room.comments.unsubscribeFromThread(annotationId);
/** Subscribes the user to a thread's replies and status changes, or unsubscribes them: `(annotationId, subscribed) => Promise<Thread>`. */
export const useThreadSubscription = () => useRoomAction(setSubscription);

/** Whether `userId` hears of the thread's replies: they subscribed, or they take part in it and did not unsubscribe. */
export function isSubscribed(thread: Thread, userId: string): boolean {
  const listed = (map: Thread['subscribedUsers']) =>
    Object.values(map ?? {}).some((entry) => entry.user.userId === userId);
  if (listed(thread.subscribedUsers)) return true;
  if (listed(thread.unsubscribedUsers)) return false;
  return [thread.from, thread.assignedTo, ...thread.comments.map((comment) => comment.from)].some(
    (user) => user?.userId === userId,
  );
}

/** Whether `userId` has reacted with `icon` to the comment, as the thread stands. */
export function hasReacted(thread: Thread, commentId: number, icon: string, userId: string): boolean {
  const comment = thread.comments.find((candidate) => candidate.commentId === commentId);
  const reaction = comment?.reactionAnnotations?.find((candidate) => candidate.icon === icon);
  return reaction?.fromUsers.some(({ from }) => from.userId === userId) ?? false;
}

/** Toggles the user's `icon` reaction on a comment: removed if they have it, added if not. */
export function useReaction(): (thread: Thread, commentId: number, icon: string) => Promise<Thread> {
  const state = useDocument();
  const { room } = state;
  const { userId } = useCollab().options;
  return useCallback(
    async (thread: Thread, commentId: number, icon: string) => {
      if (!room) throw notEntered(state);
      return hasReacted(thread, commentId, icon, userId)
        ? room.comments.unreact(thread.annotationId, commentId, icon)
        : room.comments.react(thread.annotationId, commentId, icon);
    },
    [room, userId, state.error],
  );
}

const NO_USERS: never[] = [];

/** The organization's users matching `query` who can be mentioned; empty until the answer arrives. */
export function useMentionableUsers(query = '', limit = 8): MentionableUser[] {
  const room = useRoom();
  const [users, setUsers] = useState<MentionableUser[]>(NO_USERS);
  useEffect(() => {
    if (!room) return;
    let current = true;
    room.comments.mentionable({ query, limit }).then(
      (found) => current && setUsers(found),
      () => undefined,
    );
    return () => void (current = false);
  }, [room, query, limit]);
  return users;
}
