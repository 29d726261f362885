import type { CommentInput, Thread } from '@collab-backend/realtime';
import { useCreateThread } from '@collab-backend/react';
import type { Editor } from '@tiptap/core';
import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import { useCallback } from 'react';
import { COMMENT_MARK, type CommentMarkOptions } from './comment-mark';

/** Velt's anchor of a text comment, kept on the thread's `context` so REST readers and Velt-style clients find the text. */
export interface TextEditorConfig {
  text: string;
  /** Which occurrence of `text` in the editor's text the comment is on, from 1. */
  occurrence: number;
  editorId?: string;
}

/** The text between `from` and `to`, and which of its occurrences in the document's text starts at `from`. */
export function textAnchor(doc: ProseMirrorNode, from: number, to: number): Omit<TextEditorConfig, 'editorId'> {
  const text = doc.textBetween(from, to, '\n');
  const before = doc.textBetween(0, from, '\n').length;
  const all = doc.textBetween(0, doc.content.size, '\n');
  let occurrence = 1;
  for (let at = all.indexOf(text); at !== -1 && at < before; at = all.indexOf(text, at + 1)) occurrence++;
  return { text, occurrence };
}

/** Takes a thread's mark off wherever it is in the document (after concurrent edits too). */
export function removeCommentMark(editor: Editor, threadId: string): void {
  const { tr, doc } = editor.state;
  doc.descendants((node, pos) => {
    const mark = node.marks.find((candidate) => candidate.attrs.threadId === threadId);
    if (mark) tr.removeMark(pos, pos + node.nodeSize, mark);
  });
  if (tr.docChanged) editor.view.dispatch(tr);
}

const newThreadId = () =>
  `t-${Date.now().toString(36)}-${Array.from(crypto.getRandomValues(new Uint8Array(6)), (byte) => byte.toString(16).padStart(2, '0')).join('')}`;

/**
 * Starts a thread on the editor's selection: the mark goes into the document first (so the anchor is where the text was
 * when the user sent, whatever arrives meanwhile), then the thread is created with Velt's `context.textEditorConfig`.
 * A refused thread takes its mark back out and rethrows, so the composer keeps the text and shows why.
 */
export function useCommentOnSelection(editor: Editor): (comment: CommentInput) => Promise<Thread> {
  const createThread = useCreateThread();
  return useCallback(
    async (comment: CommentInput) => {
      const { from, to, empty } = editor.state.selection;
      if (empty) throw new Error('Select the text to comment on.');
      const annotationId = newThreadId();
      const { editorId } = editor.extensionManager.extensions.find(({ name }) => name === COMMENT_MARK)
        ?.options as CommentMarkOptions;
      const textEditorConfig: TextEditorConfig = { ...textAnchor(editor.state.doc, from, to), editorId };
      const type = editor.schema.marks[COMMENT_MARK];
      editor.view.dispatch(editor.state.tr.addMark(from, to, type.create({ threadId: annotationId })));
      try {
        return await createThread({ annotationId, comment, context: { textEditorConfig } });
      } catch (error) {
        removeCommentMark(editor, annotationId);
        throw error;
      }
    },
    [editor, createThread],
  );
}
