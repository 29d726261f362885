import { Mark } from '@tiptap/core';
import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import { commentHighlights } from './highlights';

export const COMMENT_MARK = 'collabComment';

/**
 * The anchor of an inline thread: a mark carrying the thread's id, stored in the shared document like any other
 * formatting, so it follows concurrent edits. Marks of different threads overlap (`excludes: ''`); typing at a mark's
 * edge does not extend it. Whether a mark is highlighted is decided from the thread list, never written into the
 * document: resolving or reopening a thread changes no text (docs/react.md "How inline comments behave").
 */
export interface CommentMarkOptions {
  /** Named in each new thread's `context.textEditorConfig`, for a page with several editors. */
  editorId?: string;
}

export const CommentMark = Mark.create<CommentMarkOptions>({
  name: COMMENT_MARK,
  addOptions: () => ({ editorId: undefined }),
  excludes: '',
  inclusive: false,
  addAttributes() {
    return {
      threadId: {
        default: null,
        parseHTML: (element: HTMLElement) => element.getAttribute('data-thread-id'),
        renderHTML: (attributes: { threadId: string | null }) => ({ 'data-thread-id': attributes.threadId }),
      },
    };
  },
  parseHTML: () => [{ tag: 'span[data-thread-id]' }],
  renderHTML: ({ HTMLAttributes }) => ['span', HTMLAttributes, 0],
  addProseMirrorPlugins() {
    return [commentHighlights(this.type)];
  },
});

export interface Anchor {
  from: number;
  to: number;
}

/** Where each thread's mark is in `doc`: from its first marked character to its last. */
export function anchors(doc: ProseMirrorNode): Map<string, Anchor> {
  const found = new Map<string, Anchor>();
  doc.descendants((node, pos) => {
    for (const mark of node.marks) {
      const threadId = mark.type.name === COMMENT_MARK ? (mark.attrs.threadId as string | null) : null;
      if (!threadId) continue;
      const known = found.get(threadId);
      found.set(threadId, { from: known?.from ?? pos, to: pos + node.nodeSize });
    }
  });
  return found;
}
