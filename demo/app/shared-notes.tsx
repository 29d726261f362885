import { useDocument } from '@collab-backend/react';
import { useSharedDoc } from '@collab-backend/react/shared-doc';
import { useEffect, useRef, useState } from 'react';
import { bindTextarea } from './text-binding';

/** connecting, connected, synced (the server has every local change), saving, or why the server refused. */
type NotesState = string;

/** The shared notes: a textarea bound to the `content` text of the document's `notes` editor on the API's /collab endpoint. */
export function SharedNotes() {
  const shared = useSharedDoc('notes');
  const { status } = useDocument();
  const textarea = useRef<HTMLTextAreaElement>(null);
  const [state, setState] = useState<NotesState>('connecting');
  useEffect(() => {
    if (!shared || !textarea.current) return;
    const { doc, provider } = shared;
    let connection = 'connecting';
    let refusal: string | undefined;
    const refresh = () =>
      setState(
        refusal ??
          (connection !== 'connected'
            ? connection
            : !provider.isSynced
              ? 'connected'
              : provider.hasUnsyncedChanges
                ? 'saving'
                : 'synced'),
      );
    const onStatus = ({ status: next }: { status: string }) => {
      connection = next;
      refresh();
    };
    const onRefused = ({ reason }: { reason: string }) => {
      refusal = `refused: ${reason}`;
      refresh();
    };
    provider.on('status', onStatus);
    provider.on('synced', refresh);
    provider.on('unsyncedChanges', refresh);
    provider.on('authenticationFailed', onRefused);
    refresh();
    const unbind = bindTextarea(textarea.current, doc.getText('content'));
    return () => {
      unbind();
      provider.off('status', onStatus);
      provider.off('synced', refresh);
      provider.off('unsyncedChanges', refresh);
      provider.off('authenticationFailed', onRefused);
    };
  }, [shared]);
  const closed = status === 'access_revoked' || status === 'left';
  const shown = closed ? 'closed' : state;
  return (
    <section aria-labelledby="notes-title">
      <h2 id="notes-title">
        Shared notes{' '}
        <span id="editor-status" className="demo-muted" data-state={shown}>
          {shown}
        </span>
      </h2>
      <textarea
        id="editor"
        ref={textarea}
        aria-labelledby="notes-title"
        disabled={closed}
        placeholder="Multiplayer editing: everyone types into the same text"
      />
    </section>
  );
}
