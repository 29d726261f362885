import type { YTextEvent, Text } from 'yjs';

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;
const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff;

export interface TextChange {
  index: number;
  remove: number;
  insert: string;
}

/** The smallest replacement turning `before` into `after`: common prefix and suffix kept, never splitting a surrogate pair. */
export function textDiff(before: string, after: string): TextChange {
  const max = Math.min(before.length, after.length);
  let start = 0;
  while (start < max && before[start] === after[start]) start++;
  if (start > 0 && isHighSurrogate(before.charCodeAt(start - 1))) start--;
  let end = 0;
  while (end < max - start && before[before.length - 1 - end] === after[after.length - 1 - end]) end++;
  if (end > 0 && isLowSurrogate(before.charCodeAt(before.length - end))) end--;
  return { index: start, remove: before.length - start - end, insert: after.slice(start, after.length - end) };
}

export type Delta = YTextEvent['delta'];

/** Where `position` (in the text before `delta`) lands after it: shifted by inserts before it, pulled back by deletes before it. */
export function movePosition(position: number, delta: Delta): number {
  let index = 0;
  let moved = position;
  for (const op of delta) {
    if (op.retain !== undefined) index += op.retain;
    else if (op.insert !== undefined) {
      if (index < position) moved += typeof op.insert === 'string' ? op.insert.length : 1;
    } else if (op.delete !== undefined) {
      if (index < position) moved -= Math.min(op.delete, position - index);
      index += op.delete;
    }
  }
  return moved;
}

/** Keeps `textarea` and `text` equal: local input applies as one delete+insert transaction, remote changes rewrite the textarea and keep the caret. */
export function bindTextarea(textarea: HTMLTextAreaElement, text: Text): () => void {
  const origin = { textarea };
  textarea.value = text.toJSON();
  const onInput = () => {
    const { index, remove, insert } = textDiff(text.toJSON(), textarea.value);
    text.doc?.transact(() => {
      if (remove > 0) text.delete(index, remove);
      if (insert) text.insert(index, insert);
    }, origin);
  };
  const onChange = (event: YTextEvent) => {
    if (event.transaction.origin === origin) return;
    const focused = document.activeElement === textarea;
    const { selectionStart, selectionEnd, selectionDirection } = textarea;
    textarea.value = text.toJSON();
    if (focused)
      textarea.setSelectionRange(
        movePosition(selectionStart, event.delta),
        movePosition(selectionEnd, event.delta),
        selectionDirection,
      );
  };
  textarea.addEventListener('input', onInput);
  text.observe(onChange);
  return () => {
    textarea.removeEventListener('input', onInput);
    text.unobserve(onChange);
  };
}
