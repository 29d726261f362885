// The shared editor: a textarea bound to a Y.Text on the API's /collab endpoint (Hocuspocus).
import { HocuspocusProvider } from '@hocuspocus/provider';
import * as Y from 'yjs';

const isHighSurrogate = (code) => code >= 0xd800 && code <= 0xdbff;
const isLowSurrogate = (code) => code >= 0xdc00 && code <= 0xdfff;

/** The smallest replacement turning `before` into `after`: common prefix and suffix kept, never splitting a surrogate pair. */
export function textDiff(before, after) {
  const max = Math.min(before.length, after.length);
  let start = 0;
  while (start < max && before[start] === after[start]) start++;
  if (start > 0 && isHighSurrogate(before.charCodeAt(start - 1))) start--;
  let end = 0;
  while (end < max - start && before[before.length - 1 - end] === after[after.length - 1 - end]) end++;
  if (end > 0 && isLowSurrogate(before.charCodeAt(before.length - end))) end--;
  return { index: start, remove: before.length - start - end, insert: after.slice(start, after.length - end) };
}

/** Where `position` (in the text before `delta`) lands after it: shifted by inserts before it, pulled back by deletes before it. */
export function movePosition(position, delta) {
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
function bindTextarea(textarea, text) {
  const origin = { textarea };
  textarea.value = text.toString();
  const onInput = () => {
    const { index, remove, insert } = textDiff(text.toString(), textarea.value);
    text.doc.transact(() => {
      if (remove > 0) text.delete(index, remove);
      if (insert) text.insert(index, insert);
    }, origin);
  };
  const onChange = (event, transaction) => {
    if (transaction.origin === origin) return;
    const focused = document.activeElement === textarea;
    const { selectionStart, selectionEnd, selectionDirection } = textarea;
    textarea.value = text.toString();
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

/**
 * Opens `organizationId/documentId/editorId` as the token's user and binds its `content` text to `textarea`.
 * `status` shows connecting, connected, synced (the server has every local change), saving, or why the server refused.
 */
export function openSharedEditor({ apiUrl, apiKey, token, organizationId, documentId, editorId, textarea, status }) {
  const doc = new Y.Doc();
  const text = doc.getText('content');
  const show = (state) => {
    status.textContent = state;
    status.dataset.state = state;
  };
  let connection = 'connecting';
  let synced = false;
  let unsynced = 0;
  let refusal;
  const refresh = () =>
    show(
      refusal ?? (connection !== 'connected' ? connection : !synced ? 'connected' : unsynced > 0 ? 'saving' : 'synced'),
    );
  const provider = new HocuspocusProvider({
    url: `${apiUrl.replace(/^http/, 'ws')}/collab?apiKey=${encodeURIComponent(apiKey)}`,
    name: [organizationId, documentId, editorId].map(encodeURIComponent).join('/'),
    document: doc,
    token,
    onStatus: ({ status: state }) => {
      connection = state;
      if (state !== 'connected') synced = false;
      refresh();
    },
    onSynced: ({ state }) => {
      synced = state;
      refresh();
    },
    onUnsyncedChanges: ({ number }) => {
      unsynced = number;
      refresh();
    },
    onAuthenticationFailed: ({ reason }) => {
      refusal = `refused: ${reason}`;
      refresh();
    },
  });
  refresh();
  const unbind = bindTextarea(textarea, text);
  return {
    doc,
    text,
    provider,
    destroy() {
      unbind();
      provider.destroy();
      doc.destroy();
    },
  };
}
