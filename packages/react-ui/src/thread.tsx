import type { Comment, Thread as ThreadData } from '@collab-backend/realtime';
import {
  hasReacted,
  isSubscribed,
  useDeleteComment,
  useEditComment,
  useReaction,
  useReply,
  useSelf,
  useThreadStatus,
  useThreadSubscription,
} from '@collab-backend/react';
import { useState } from 'react';
import { Composer } from './composer';

export const RESOLVED = { id: 'RESOLVED', name: 'Resolved', type: 'terminal' } as const;
export const OPEN = { id: 'OPEN', name: 'Open', type: 'default' } as const;

export interface ThreadProps {
  thread: ThreadData;
  /** The reactions offered on each comment. */
  reactions?: string[];
  className?: string;
}

/** A comment thread: its comments with reactions, edit and delete of the user's own, resolve or reopen, and a reply box. */
export function Thread({ thread, reactions = ['👍', '🎉', '👀'], className }: ThreadProps) {
  const reply = useReply();
  const setStatus = useThreadStatus();
  const setSubscribed = useThreadSubscription();
  const self = useSelf();
  const subscribed = self !== null && isSubscribed(thread, self.userId);
  const resolved = thread.status?.type === 'terminal';
  const title = `Thread by ${thread.from?.name ?? thread.from?.userId ?? 'someone'}`;
  return (
    <article
      className={['collab-thread', className].filter(Boolean).join(' ')}
      aria-label={title}
      data-annotation-id={thread.annotationId}
      data-resolved={resolved || undefined}
    >
      <header className="collab-thread-header">
        <span className="collab-status" data-status={thread.status?.id}>
          {thread.status?.name ?? 'Open'}
        </span>
        {self && (
          <button
            type="button"
            className="collab-button"
            onClick={() => void setSubscribed(thread.annotationId, !subscribed)}
          >
            {subscribed ? 'Unsubscribe' : 'Subscribe'}
          </button>
        )}
        <button
          type="button"
          className="collab-button"
          aria-pressed={resolved}
          onClick={() => void setStatus(thread.annotationId, { status: resolved ? OPEN : RESOLVED })}
        >
          {resolved ? 'Reopen' : 'Resolve'}
        </button>
      </header>
      <ol className="collab-comments">
        {thread.comments.map((comment) => (
          <CommentItem key={comment.commentId} thread={thread} comment={comment} reactions={reactions} />
        ))}
      </ol>
      <Composer label="Reply" placeholder="Reply…" onSubmit={(comment) => reply(thread.annotationId, comment)} />
    </article>
  );
}

function CommentItem({ thread, comment, reactions }: { thread: ThreadData; comment: Comment; reactions: string[] }) {
  const self = useSelf();
  const react = useReaction();
  const edit = useEditComment();
  const remove = useDeleteComment();
  const [editing, setEditing] = useState(false);
  const own = self !== null && comment.from?.userId === self.userId;
  const author = comment.from?.name ?? comment.from?.userId ?? 'someone';
  const count = (icon: string) =>
    comment.reactionAnnotations?.find((reaction) => reaction.icon === icon)?.fromUsers.length ?? 0;
  return (
    <li className="collab-comment" data-comment-id={comment.commentId}>
      <p className="collab-comment-author">{author}</p>
      {editing ? (
        <Composer
          label="Edit comment"
          onSubmit={async ({ commentText, taggedUserContacts }) => {
            await edit(thread.annotationId, comment.commentId, { commentText, taggedUserContacts });
            setEditing(false);
          }}
        />
      ) : (
        <p className="collab-comment-text">{comment.commentText}</p>
      )}
      <div className="collab-comment-actions" role="group" aria-label={`Reactions to ${author}'s comment`}>
        {reactions.map((icon) => (
          <button
            key={icon}
            type="button"
            className="collab-reaction"
            aria-pressed={self !== null && hasReacted(thread, comment.commentId, icon, self.userId)}
            aria-label={`React ${icon}, ${count(icon)} so far`}
            onClick={() => void react(thread, comment.commentId, icon)}
          >
            {icon} {count(icon) || ''}
          </button>
        ))}
        {own && (
          <>
            <button type="button" className="collab-button" onClick={() => setEditing(!editing)}>
              {editing ? 'Cancel' : 'Edit'}
            </button>
            <button
              type="button"
              className="collab-button"
              onClick={() =>
                void remove(
                  thread.annotationId,
                  comment.commentId === thread.comments[0].commentId ? undefined : comment.commentId,
                )
              }
            >
              Delete
            </button>
          </>
        )}
      </div>
    </li>
  );
}
