import type { Editor } from '@tiptap/core';
import { useEffect, useReducer } from 'react';
import { commentsKey } from './highlights';

/** Re-renders on every transaction of the editor (its document, selection, or the threads' highlights changed). */
export function useEditorTransactions(editor: Editor): void {
  const [, rerender] = useReducer((count: number) => count + 1, 0);
  useEffect(() => {
    editor.on('transaction', rerender);
    return () => void editor.off('transaction', rerender);
  }, [editor]);
}

/** The thread opened by a click on its highlight, if any. */
export const activeThread = (editor: Editor): string | null => commentsKey.getState(editor.state)?.active ?? null;

/** Opens a thread (its highlight marked active), or closes the one open with `null`. */
export function setActiveThread(editor: Editor, active: string | null): void {
  if (activeThread(editor) !== active) editor.view.dispatch(editor.state.tr.setMeta(commentsKey, { active }));
}
