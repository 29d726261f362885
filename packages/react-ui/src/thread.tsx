import type { Comment, CommentUser, Thread as ThreadData } from '@collab-backend/realtime';
import {
  isSubscribed,
  useDeleteComment,
  useEditComment,
  useReply,
  useSelf,
  useThreadStatus,
  useThreadSubscription,
} from '@collab-backend/react';
import { useState } from 'react';
import { Avatar } from './avatar';
import { Composer } from './composer';
import { Popover } from './popover';
import { DEFAULT_REACTIONS, Reactions, type Reaction } from './reactions';
import { RelativeTime } from './relative-time';
import { useStrings, type Strings } from './strings';

export const RESOLVED = { id: 'RESOLVED', name: 'Resolved', type: 'terminal' } as const;
export const OPEN = { id: 'OPEN', name: 'Open', type: 'default' } as const;

export interface ThreadProps {
  thread: ThreadData;
  /** The reactions the picker offers. */
  reactions?: Reaction[];
  className?: string;
}

export const nameOf = (user: CommentUser | undefined, strings: Strings) =>
  user?.name ?? user?.userId ?? strings.someone;

const MORE = (
  <svg aria-hidden="true" width="16" height="16" viewBox="0 0 24 24">
    <path d="M5 10a2 2 0 1 0 0 4 2 2 0 0 0 0-4Zm7 0a2 2 0 1 0 0 4 2 2 0 0 0 0-4Zm7 0a2 2 0 1 0 0 4 2 2 0 0 0 0-4Z" />
  </svg>
);

/**
 * A comment thread as a card: each comment with its author's avatar and name, when it was written (the exact time on
 * hover), "edited", its reactions and a menu of the user's own actions; resolve or reopen, subscribe or unsubscribe;
 * a reply box.
 */
export function Thread({ thread, reactions = DEFAULT_REACTIONS, className }: ThreadProps) {
  const strings = useStrings();
  const reply = useReply();
  const resolved = thread.status?.type === 'terminal';
  return (
    <article
      className={['collab-thread', className].filter(Boolean).join(' ')}
      aria-label={strings.threadBy(nameOf(thread.from, strings))}
      data-annotation-id={thread.annotationId}
      data-resolved={resolved || undefined}
    >
      {resolved && <span className="collab-status">{strings.resolved}</span>}
      <ol className="collab-comments">
        {thread.comments.map((comment) => (
          <CommentItem key={comment.commentId} thread={thread} comment={comment} reactions={reactions} />
        ))}
      </ol>
      <Composer
        label={strings.reply}
        placeholder={strings.replyPlaceholder}
        onSubmit={(comment) => reply(thread.annotationId, comment)}
      />
    </article>
  );
}

/** One comment; the first also carries the thread's own actions (resolve, subscribe), as a card's header would. */
function CommentItem({ thread, comment, reactions }: { thread: ThreadData; comment: Comment; reactions: Reaction[] }) {
  const strings = useStrings();
  const self = useSelf();
  const edit = useEditComment();
  const remove = useDeleteComment();
  const setStatus = useThreadStatus();
  const setSubscribed = useThreadSubscription();
  const [editing, setEditing] = useState(false);
  const own = self !== null && comment.from?.userId === self.userId;
  const author = nameOf(comment.from, strings);
  const first = comment.commentId === thread.comments[0].commentId;
  const resolved = thread.status?.type === 'terminal';
  const subscribed = self !== null && isSubscribed(thread, self.userId);
  return (
    <li className="collab-comment" data-comment-id={comment.commentId}>
      <div className="collab-comment-header">
        <Avatar user={comment.from ?? { userId: author }} name={author} />
        <span className="collab-comment-author">{author}</span>
        <RelativeTime at={comment.createdAt} />
        {comment.status === 'updated' && <span className="collab-muted">· {strings.edited}</span>}
        <span className="collab-comment-actions">
          {first && (
            <button
              type="button"
              className="collab-icon-button collab-resolve"
              aria-label={resolved ? strings.reopen : strings.resolve}
              title={resolved ? strings.reopen : strings.resolve}
              aria-pressed={resolved}
              onClick={() => void setStatus(thread.annotationId, { status: resolved ? OPEN : RESOLVED })}
            >
              <svg aria-hidden="true" width="16" height="16" viewBox="0 0 24 24">
                <path d="M9.5 16.2 5.3 12l-1.4 1.4 5.6 5.6 11-11-1.4-1.4Z" />
              </svg>
            </button>
          )}
          {self !== null && (first || own) && (
            <Popover role="menu" label={strings.moreActions} triggerClassName="collab-icon-button" trigger={MORE}>
              {(close) => {
                const item = (label: string, act: () => unknown, danger?: 'danger') => (
                  <button
                    type="button"
                    role="menuitem"
                    className={danger ? 'collab-menu-item collab-danger' : 'collab-menu-item'}
                    onClick={() => {
                      void Promise.resolve(act()).catch(() => undefined);
                      close();
                    }}
                  >
                    {label}
                  </button>
                );
                return (
                  <>
                    {first &&
                      item(subscribed ? strings.unsubscribe : strings.subscribe, () =>
                        setSubscribed(thread.annotationId, !subscribed),
                      )}
                    {own && item(strings.edit, () => setEditing(true))}
                    {own &&
                      item(
                        first ? strings.deleteThread : strings.delete,
                        () => remove(thread.annotationId, first ? undefined : comment.commentId),
                        'danger',
                      )}
                  </>
                );
              }}
            </Popover>
          )}
        </span>
      </div>
      {editing ? (
        <Composer
          label={strings.editComment}
          initialText={comment.commentText}
          autoFocus
          onCancel={() => setEditing(false)}
          onSubmit={async ({ commentText, taggedUserContacts }) => {
            await edit(thread.annotationId, comment.commentId, { commentText, taggedUserContacts });
            setEditing(false);
          }}
        />
      ) : (
        <p className="collab-comment-text">{comment.commentText}</p>
      )}
      <Reactions thread={thread} comment={comment} author={author} reactions={reactions} />
    </li>
  );
}
