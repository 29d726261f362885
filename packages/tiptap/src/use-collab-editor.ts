import type { Thread } from '@collab-backend/realtime';
import { useRoom, useSelf, useThreads } from '@collab-backend/react';
import { useSharedDoc } from '@collab-backend/react/shared-doc';
import { userColor } from '@collab-backend/react-ui';
import type { HocuspocusProvider } from '@hocuspocus/provider';
import type { Editor, EditorOptions, Extensions } from '@tiptap/core';
import Collaboration from '@tiptap/extension-collaboration';
import CollaborationCaret from '@tiptap/extension-collaboration-caret';
import { useEditor } from '@tiptap/react';
import { useEffect } from 'react';
import { CommentMark } from './comment-mark';
import { commentsKey } from './highlights';

export interface CollabEditorOptions extends Partial<Omit<EditorOptions, 'extensions'>> {
  /** The editor's id within the document: its Yjs document is `organizationId/documentId/editorId` on `/collab`. */
  editorId: string;
  /** The app's schema and behaviour, e.g. `StarterKit.configure({ undoRedo: false })` (Yjs keeps the undo history). */
  extensions: Extensions;
  /** The Yjs XML fragment the content lives in: `content`, where `/v2/crdt/get` reads it (Velt's default key). */
  field?: string;
}

const isOpen = (thread: Thread) => thread.status?.type !== 'terminal';

/** Runs `act` on the editor once it is mounted (now, or when it is), never on a destroyed one; answers the undo. */
function whenMounted(editor: Editor, act: () => void): () => void {
  const run = () => {
    if (!editor.isDestroyed) act();
  };
  if (editor.isInitialized) run();
  else editor.on('create', run);
  return () => void editor.off('create', run);
}

export interface CollabEditor {
  /** `null` until the shared document is there. */
  editor: Editor | null;
  /** The `/collab` connection, for its status (`status`, `synced`, `unsyncedChanges`, `authenticationFailed` events). */
  provider: HocuspocusProvider | null;
}

/**
 * A Tiptap editor on the entered document's shared Yjs document, with the others' carets and selections (named and
 * coloured as in `AvatarStack` and `Cursors`) and the document's inline comments highlighted while their thread is
 * open. Made again when the shared document is (a migration, a new editor id). Viewers get a read-only editor.
 */
export function useCollabEditor({
  editorId,
  extensions,
  field = 'content',
  ...options
}: CollabEditorOptions): CollabEditor {
  const shared = useSharedDoc(editorId);
  const self = useSelf();
  const room = useRoom();
  const threads = useThreads();
  const name = self ? (self.name ?? self.userId) : undefined;
  const color = self ? userColor(self.userId) : undefined;
  const editor = useEditor(
    {
      ...options,
      immediatelyRender: false,
      editable: room?.role === 'editor',
      extensions: shared
        ? [
            ...extensions,
            CommentMark.configure({ editorId }),
            Collaboration.configure({ document: shared.doc, field }),
            CollaborationCaret.configure({ provider: shared.provider, user: { name, color } }),
          ]
        : [...extensions, CommentMark],
    },
    [shared],
  );
  // Presence may name the user after the editor was made; the editor made before the shared document has no carets.
  useEffect(() => {
    if (editor && name && color) return whenMounted(editor, () => editor.commands.updateUser?.({ name, color }));
  }, [editor, name, color]);
  useEffect(() => {
    if (editor) return whenMounted(editor, () => editor.setEditable(room?.role === 'editor'));
  }, [editor, room?.role]);
  useEffect(() => {
    if (!editor) return;
    const open = new Set(threads.filter(isOpen).map((thread) => thread.annotationId));
    return whenMounted(editor, () => editor.view.dispatch(editor.state.tr.setMeta(commentsKey, { open })));
  }, [editor, threads]);
  return { editor: shared ? editor : null, provider: shared?.provider ?? null };
}
