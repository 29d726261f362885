import { useDocument } from '@collab-backend/react';
import { AnchoredThreads, FloatingComposer, FloatingThreads, useCollabEditor } from '@collab-backend/tiptap';
import { EditorContent } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useState, useSyncExternalStore } from 'react';

/** Yjs keeps the undo history of a shared document, so the starter kit's own is off. */
const EXTENSIONS = [StarterKit.configure({ undoRedo: false })];
const EDITOR_PROPS = {
  attributes: { role: 'textbox', 'aria-multiline': 'true', 'aria-labelledby': 'notes-title' },
};

/** Threads sit beside the text when the window has room for a column, and float over it otherwise. */
const WIDE = '(min-width: 1100px)';
function useWide(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const query = matchMedia(WIDE);
      query.addEventListener('change', onChange);
      return () => query.removeEventListener('change', onChange);
    },
    () => matchMedia(WIDE).matches,
  );
}

/** connecting, connected, synced (the server has every local change), saving, or why the server refused. */
type NotesState = string;

/**
 * The shared notes: a rich-text editor on the `notes` editor of the document (its Yjs document on the API's /collab
 * endpoint), with the others' named carets, and inline comments: select text and comment; threads beside the text.
 */
export function SharedNotes() {
  const { editor, provider } = useCollabEditor({
    editorId: 'notes',
    extensions: EXTENSIONS,
    editorProps: EDITOR_PROPS,
  });
  const { status } = useDocument();
  const wide = useWide();
  const [state, setState] = useState<NotesState>('connecting');
  useEffect(() => {
    if (!provider) return;
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
    return () => {
      provider.off('status', onStatus);
      provider.off('synced', refresh);
      provider.off('unsyncedChanges', refresh);
      provider.off('authenticationFailed', onRefused);
    };
  }, [provider]);
  useEffect(() => {
    window.notes = editor ?? undefined;
  }, [editor]);
  const closed = status === 'access_revoked' || status === 'left';
  const shown = closed ? 'closed' : state;
  return (
    <section aria-labelledby="notes-title" className="demo-notes">
      <h2 id="notes-title">
        Shared notes{' '}
        <span id="editor-status" className="demo-muted" data-state={shown}>
          {shown}
        </span>
      </h2>
      <div className="demo-notes-body" data-layout={wide ? 'anchored' : 'floating'}>
        <div id="editor" className="demo-editor">
          {editor && <EditorContent editor={editor} />}
          {editor && <FloatingComposer editor={editor} />}
          {editor && !wide && <FloatingThreads editor={editor} />}
        </div>
        {editor && wide && <AnchoredThreads editor={editor} className="demo-notes-threads" />}
      </div>
    </section>
  );
}
