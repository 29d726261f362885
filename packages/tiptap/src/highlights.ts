import type { MarkType } from '@tiptap/pm/model';
import { Plugin, PluginKey, type EditorState } from '@tiptap/pm/state';
import { Decoration, DecorationSet } from '@tiptap/pm/view';
import { anchors } from './comment-mark';

export interface CommentsState {
  /** The threads whose marks are highlighted: open threads this user may see. */
  open: ReadonlySet<string>;
  /** The thread opened by a click on its highlight (or by a thread card), if any. */
  active: string | null;
  decorations: DecorationSet;
}

export const commentsKey = new PluginKey<CommentsState>('collabComments');

/** What a transaction may say to the plugin: the open threads changed, or another thread is active. */
export type CommentsMeta = { open: ReadonlySet<string> } | { active: string | null };

function decorate(state: Pick<EditorState, 'doc'>, open: ReadonlySet<string>, active: string | null): DecorationSet {
  const decorations: Decoration[] = [];
  state.doc.descendants((node, pos) => {
    for (const mark of node.marks) {
      const threadId = mark.attrs.threadId as string | null;
      if (threadId && open.has(threadId))
        decorations.push(
          Decoration.inline(pos, pos + node.nodeSize, {
            class: threadId === active ? 'collab-highlight collab-highlight-active' : 'collab-highlight',
          }),
        );
    }
  });
  return DecorationSet.create(state.doc, decorations);
}

/** The thread whose mark is at `pos`; of overlapping ones, the shortest (the one the reader most likely means). */
function threadAt(state: EditorState, pos: number, type: MarkType, open: ReadonlySet<string>): string | null {
  const node = state.doc.nodeAt(pos);
  const ids = (node?.marks ?? [])
    .filter((mark) => mark.type === type && open.has(mark.attrs.threadId as string))
    .map((mark) => mark.attrs.threadId as string);
  if (ids.length < 2) return ids[0] ?? null;
  const where = anchors(state.doc);
  const length = (id: string) => (where.get(id)?.to ?? 0) - (where.get(id)?.from ?? 0);
  return ids.reduce((best, id) => (length(id) < length(best) ? id : best));
}

/**
 * Highlights the marks of open threads (decorations, so nothing is written to the document) and makes a click on a
 * highlight the active thread. Orphaned marks (a deleted thread, or one this user may not see) stay plain text.
 */
export function commentHighlights(type: MarkType): Plugin<CommentsState> {
  return new Plugin<CommentsState>({
    key: commentsKey,
    state: {
      init: (_, state) => ({ open: new Set(), active: null, decorations: DecorationSet.create(state.doc, []) }),
      apply(tr, value, _, state) {
        const meta = tr.getMeta(commentsKey) as CommentsMeta | undefined;
        if (!meta && !tr.docChanged) return value;
        const open = meta && 'open' in meta ? meta.open : value.open;
        const wanted = meta && 'active' in meta ? meta.active : value.active;
        const active = wanted !== null && open.has(wanted) ? wanted : null;
        return { open, active, decorations: decorate(state, open, active) };
      },
    },
    props: {
      decorations: (state) => commentsKey.getState(state)?.decorations,
      handleClick(view, pos) {
        const current = commentsKey.getState(view.state);
        if (!current) return false;
        const active = threadAt(view.state, pos, type, current.open);
        if (active !== current.active) view.dispatch(view.state.tr.setMeta(commentsKey, { active }));
        return false;
      },
    },
  });
}
