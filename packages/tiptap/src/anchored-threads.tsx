import { useThreads } from '@collab-backend/react';
import { Thread } from '@collab-backend/react-ui';
import type { Editor } from '@tiptap/core';
import { useEffect, useLayoutEffect, useReducer, useRef, useState } from 'react';
import { activeThread, setActiveThread, useEditorTransactions } from './active-thread';
import { anchors } from './comment-mark';
import { commentsKey } from './highlights';

/** The open threads anchored in the editor's text, in document order, each with where its text starts. */
export function useAnchoredThreads(editor: Editor) {
  useEditorTransactions(editor);
  const threads = useThreads();
  const open = commentsKey.getState(editor.state)?.open;
  const where = anchors(editor.state.doc);
  return threads
    .filter((thread) => open?.has(thread.annotationId) && where.has(thread.annotationId))
    .map((thread) => ({ thread, from: (where.get(thread.annotationId) as { from: number }).from }))
    .sort((a, b) => a.from - b.from);
}

export interface AnchoredThreadsProps {
  editor: Editor;
  /** Space between two threads, in pixels. */
  gap?: number;
  className?: string;
}

/**
 * For a column beside the editor (its top level with the editor's): each open thread level with its text, in document
 * order, pushed down when the one above needs the room. Clicking a highlight marks its thread active, and focusing or
 * clicking a thread marks its highlight.
 */
export function AnchoredThreads({ editor, gap = 12, className }: AnchoredThreadsProps) {
  const anchored = useAnchoredThreads(editor);
  const active = activeThread(editor);
  const column = useRef<HTMLDivElement>(null);
  const [layout, setLayout] = useState<{ tops: Record<string, number>; height: number }>({ tops: {}, height: 0 });
  // The text reflows when the window's width changes: measure again.
  const [, remeasure] = useReducer((count: number) => count + 1, 0);
  useEffect(() => {
    window.addEventListener('resize', remeasure);
    return () => window.removeEventListener('resize', remeasure);
  }, []);
  useLayoutEffect(() => {
    if (!column.current || !editor.isInitialized) return;
    const top = column.current.getBoundingClientRect().top;
    const next: Record<string, number> = {};
    let bottom = 0;
    for (const { thread, from } of anchored) {
      const card = column.current.querySelector<HTMLElement>(
        `[data-anchored-thread="${CSS.escape(thread.annotationId)}"]`,
      );
      const at = Math.max(Math.round(editor.view.coordsAtPos(from).top - top), bottom);
      next[thread.annotationId] = at;
      bottom = at + (card?.offsetHeight ?? 0) + gap;
    }
    const measured = { tops: next, height: bottom };
    if (JSON.stringify(measured) !== JSON.stringify(layout)) setLayout(measured);
  });
  return (
    <div
      ref={column}
      className={['collab-anchored-threads', className].filter(Boolean).join(' ')}
      style={{ minHeight: layout.height }}
    >
      {anchored.map(({ thread }) => (
        <div
          key={thread.annotationId}
          className="collab-anchored-thread"
          data-anchored-thread={thread.annotationId}
          data-active={thread.annotationId === active || undefined}
          style={{ top: layout.tops[thread.annotationId] ?? 0 }}
          onFocus={() => setActiveThread(editor, thread.annotationId)}
          onClick={() => setActiveThread(editor, thread.annotationId)}
        >
          <Thread thread={thread} />
        </div>
      ))}
    </div>
  );
}
