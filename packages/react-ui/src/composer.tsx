import type { CommentInput, MentionableUser } from '@collab-backend/realtime';
import { useMentionableUsers } from '@collab-backend/react';
import { autoUpdate, flip, offset, shift, useFloating } from '@floating-ui/react';
import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { mentionAt } from './mention-query';

export interface ComposerProps {
  /** Called with the comment written; the composer clears once it resolves. */
  onSubmit: (comment: CommentInput) => Promise<unknown>;
  placeholder?: string;
  label?: string;
  className?: string;
}

/**
 * A comment box with @mentions: typing `@` and a few letters lists the organization's users who can be mentioned;
 * Arrow keys move, Enter or Tab picks, Escape closes. Enter sends, Shift+Enter starts a new line.
 */
export function Composer({ onSubmit, placeholder = 'Write a comment…', label = 'Comment', className }: ComposerProps) {
  const [text, setText] = useState('');
  const [caret, setCaret] = useState(0);
  const [mentioned, setMentioned] = useState<MentionableUser[]>([]);
  const [active, setActive] = useState(0);
  const [dismissed, setDismissed] = useState<number | null>(null);
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
    const next = `${text.slice(0, mention.start)}@${name} ${text.slice(caret)}`;
    setText(next);
    setCaret(mention.start + name.length + 2);
    setMentioned((known) => (known.some((other) => other.userId === user.userId) ? known : [...known, user]));
    setActive(0);
  };

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (!text.trim()) return;
    const tagged = mentioned.filter((user) => text.includes(`@${user.name ?? user.userId}`));
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
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (open) {
      const keys: Record<string, () => void> = {
        ArrowDown: () => setActive((active + 1) % users.length),
        ArrowUp: () => setActive((active - 1 + users.length) % users.length),
        Enter: () => pick(users[Math.min(active, users.length - 1)]),
        Tab: () => pick(users[Math.min(active, users.length - 1)]),
        Escape: () => setDismissed(mention.start),
      };
      const handle = keys[event.key];
      if (handle) {
        event.preventDefault();
        handle();
      }
      return;
    }
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      void submit();
    }
  };

  const optionId = (index: number) => `${listId}-${index}`;
  return (
    <form className={['collab-composer', className].filter(Boolean).join(' ')} onSubmit={(event) => void submit(event)}>
      <textarea
        ref={setInput}
        className="collab-composer-input"
        aria-label={label}
        placeholder={placeholder}
        value={text}
        rows={2}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        aria-activedescendant={open ? optionId(Math.min(active, users.length - 1)) : undefined}
        onChange={(event) => {
          setText(event.target.value);
          setCaret(event.target.selectionStart);
          setActive(0);
        }}
        onSelect={(event) => setCaret(event.currentTarget.selectionStart)}
        onKeyDown={onKeyDown}
      />
      <button type="submit" className="collab-button collab-button-primary" disabled={!text.trim()}>
        Send
      </button>
      {open && (
        <ul
          ref={setList}
          style={floatingStyles}
          id={listId}
          role="listbox"
          aria-label="People to mention"
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
