import type { CommentInput, MentionableUser } from '@collab-backend/realtime';
import { useMentionableUsers } from '@collab-backend/react';
import { autoUpdate, flip, offset, shift, useFloating } from '@floating-ui/react';
import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { mentionAt } from './mention-query';
import { useStrings } from './strings';

export interface ComposerProps {
  /** Called with the comment written; the composer clears once it resolves, and keeps the text and says why when it rejects. */
  onSubmit: (comment: CommentInput) => Promise<unknown>;
  placeholder?: string;
  label?: string;
  /** What the box starts with (an edit starts with the comment's text). */
  initialText?: string;
  autoFocus?: boolean;
  /** Escape, when no mention list is open. */
  onCancel?: () => void;
  className?: string;
}

/**
 * A comment box with @mentions: typing `@` and a few letters lists the organization's users who can be mentioned;
 * Arrow keys move, Enter or Tab picks, Escape closes. Enter sends, Shift+Enter starts a new line. A refused send keeps
 * the text and shows the server's reason under it.
 */
export function Composer({
  onSubmit,
  placeholder,
  label,
  initialText = '',
  autoFocus,
  onCancel,
  className,
}: ComposerProps) {
  const strings = useStrings();
  const [text, setText] = useState(initialText);
  const [caret, setCaret] = useState(initialText.length);
  const [mentioned, setMentioned] = useState<MentionableUser[]>([]);
  const [active, setActive] = useState(0);
  const [dismissed, setDismissed] = useState<number | null>(null);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const mention = mentionAt(text, caret);
  const users = useMentionableUsers(mention?.query ?? '');
  const open = mention !== null && dismissed !== mention.start && users.length > 0;
  const listId = useId();
  const [input, setInput] = useState<HTMLTextAreaElement | null>(null);
  const [list, setList] = useState<HTMLUListElement | null>(null);
  const { floatingStyles } = useFloating({
    open,
    elements: { reference: input, floating: list },
    placement: 'bottom-start',
    middleware: [offset(4), flip(), shift()],
    whileElementsMounted: autoUpdate,
  });

  const pick = (user: MentionableUser) => {
    if (!mention) return;
    const name = user.name ?? user.userId;
    setText(`${text.slice(0, mention.start)}@${name} ${text.slice(caret)}`);
    setCaret(mention.start + name.length + 2);
    setMentioned((known) => (known.some((other) => other.userId === user.userId) ? known : [...known, user]));
    setActive(0);
  };

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (!text.trim() || sending) return;
    const tagged = mentioned.filter((user) => text.includes(`@${user.name ?? user.userId}`));
    setSending(true);
    setError(null);
    try {
      await onSubmit({
        commentText: text,
        taggedUserContacts: tagged.map((user) => ({
          userId: user.userId,
          contact: user,
          text: `@${user.name ?? user.userId}`,
        })),
      });
      setText('');
      setCaret(0);
      setMentioned([]);
    } catch (refusal) {
      setError(strings.sendFailed((refusal as Error)?.message ?? String(refusal)));
    } finally {
      setSending(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    const choose = () => pick(users[Math.min(active, users.length - 1)]);
    const keys: Record<string, () => void> = open
      ? {
          ArrowDown: () => setActive((active + 1) % users.length),
          ArrowUp: () => setActive((active - 1 + users.length) % users.length),
          Enter: choose,
          Tab: choose,
          Escape: () => setDismissed(mention.start),
        }
      : { Escape: () => onCancel?.(), Enter: () => void submit() };
    const handle = event.key === 'Enter' && event.shiftKey ? undefined : keys[event.key];
    if (!handle || (event.key === 'Escape' && !open && !onCancel)) return;
    event.preventDefault();
    handle();
  };

  const optionId = (index: number) => `${listId}-${index}`;
  const errorId = `${listId}-error`;
  return (
    <form className={['collab-composer', className].filter(Boolean).join(' ')} onSubmit={(event) => void submit(event)}>
      <div className="collab-composer-row">
        <textarea
          ref={setInput}
          className="collab-composer-input"
          aria-label={label ?? strings.comment}
          placeholder={placeholder ?? strings.commentPlaceholder}
          value={text}
          rows={1}
          autoFocus={autoFocus}
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={open ? listId : undefined}
          aria-activedescendant={open ? optionId(Math.min(active, users.length - 1)) : undefined}
          aria-invalid={error !== null || undefined}
          aria-describedby={error !== null ? errorId : undefined}
          onChange={(event) => {
            setText(event.target.value);
            setCaret(event.target.selectionStart);
            setActive(0);
          }}
          onSelect={(event) => setCaret(event.currentTarget.selectionStart)}
          onKeyDown={onKeyDown}
        />
        <button type="submit" className="collab-button collab-button-primary" disabled={!text.trim() || sending}>
          {strings.send}
        </button>
      </div>
      {error !== null && (
        <p id={errorId} role="alert" className="collab-error">
          {error}
        </p>
      )}
      {open && (
        <ul
          ref={setList}
          style={floatingStyles}
          id={listId}
          role="listbox"
          aria-label={strings.peopleToMention}
          className="collab-mentions"
        >
          {users.map((user, index) => (
            <li
              key={user.userId}
              id={optionId(index)}
              role="option"
              aria-selected={index === Math.min(active, users.length - 1)}
              className="collab-mention-option"
              onMouseDown={(event) => {
                event.preventDefault();
                pick(user);
              }}
            >
              {user.name ?? user.userId}
              {user.email && <span className="collab-muted"> {user.email}</span>}
            </li>
          ))}
        </ul>
      )}
    </form>
  );
}
