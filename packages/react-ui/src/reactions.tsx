import type { Comment, Thread as ThreadData } from '@collab-backend/realtime';
import { hasReacted, useReaction, useSelf } from '@collab-backend/react';
import { useSyncExternalStore } from 'react';
import { Popover } from './popover';
import { useStrings } from './strings';

export interface Reaction {
  icon: string;
  /** What the reaction is called: its accessible name, and what is shown where the emoji cannot be drawn. */
  name: string;
}

export const DEFAULT_REACTIONS: Reaction[] = [
  { icon: '👍', name: 'thumbs up' },
  { icon: '🎉', name: 'party' },
  { icon: '👀', name: 'eyes' },
  { icon: '❤️', name: 'heart' },
  { icon: '😄', name: 'smile' },
  { icon: '🙏', name: 'thanks' },
];

let emojiDrawn: boolean | undefined;
/** Whether this machine draws colour emoji: without an emoji font they come out as empty boxes, so names are shown instead. */
function canDrawEmoji(): boolean {
  if (emojiDrawn === undefined) {
    const context = document.createElement('canvas').getContext('2d', { willReadFrequently: true });
    if (!context) return (emojiDrawn = true);
    context.font = '16px sans-serif';
    context.textBaseline = 'top';
    context.fillText('😄', 0, 0);
    const pixels = context.getImageData(0, 0, 20, 20).data;
    emojiDrawn = false;
    for (let at = 0; at < pixels.length && !emojiDrawn; at += 4)
      emojiDrawn = pixels[at + 3] > 0 && (pixels[at] !== pixels[at + 1] || pixels[at + 1] !== pixels[at + 2]);
  }
  return emojiDrawn;
}
const never = () => () => undefined;

/** An emoji, or its name where the machine cannot draw it. */
function Emoji({ icon, name }: Reaction) {
  const drawn = useSyncExternalStore(never, canDrawEmoji, () => true);
  return (
    <span className="collab-emoji" aria-hidden="true" data-fallback={drawn ? undefined : true}>
      {drawn ? icon : name}
    </span>
  );
}

/** A comment's reactions, each a toggle naming who reacted how often, and a picker for another. */
export function Reactions({
  thread,
  comment,
  author,
  reactions,
}: {
  thread: ThreadData;
  comment: Comment;
  author: string;
  reactions: Reaction[];
}) {
  const strings = useStrings();
  const self = useSelf();
  const react = useReaction();
  const nameOf = (icon: string) => reactions.find((reaction) => reaction.icon === icon)?.name ?? icon;
  const toggle = (icon: string) => void react(thread, comment.commentId, icon).catch(() => undefined);
  return (
    <div className="collab-reactions" role="group" aria-label={strings.reactions(author)}>
      {(comment.reactionAnnotations ?? []).map(({ icon, fromUsers }) => (
        <button
          key={icon}
          type="button"
          className="collab-reaction"
          aria-pressed={self !== null && hasReacted(thread, comment.commentId, icon, self.userId)}
          aria-label={strings.reaction(nameOf(icon), fromUsers.length)}
          title={fromUsers.map(({ from }) => from.name ?? from.userId).join(', ')}
          onClick={() => toggle(icon)}
        >
          <Emoji icon={icon} name={nameOf(icon)} /> {fromUsers.length}
        </button>
      ))}
      <Popover
        role="menu"
        label={strings.addReaction}
        triggerClassName="collab-icon-button"
        trigger={
          <svg aria-hidden="true" width="16" height="16" viewBox="0 0 24 24">
            <path d="M12 2a10 10 0 1 0 10 10h-2a8 8 0 1 1-8-8Zm-3.5 8A1.5 1.5 0 1 0 8.5 7a1.5 1.5 0 0 0 0 3Zm7 0a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3ZM7 13a5 5 0 0 0 10 0Zm12-11v3h3v2h-3v3h-2V7h-3V5h3V2Z" />
          </svg>
        }
      >
        {(close) => (
          <div className="collab-reaction-picker">
            {reactions.map((reaction) => (
              <button
                key={reaction.icon}
                type="button"
                role="menuitem"
                className="collab-reaction-option"
                aria-label={reaction.name}
                title={reaction.name}
                onClick={() => {
                  toggle(reaction.icon);
                  close();
                }}
              >
                <Emoji {...reaction} />
              </button>
            ))}
          </div>
        )}
      </Popover>
    </div>
  );
}
