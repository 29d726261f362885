import { useThreads } from '@collab-backend/react';
import { Thread, useStrings } from '@collab-backend/react-ui';
import type { Editor } from '@tiptap/core';
import {
  autoUpdate,
  flip,
  FloatingFocusManager,
  offset,
  shift,
  useDismiss,
  useFloating,
  useInteractions,
} from '@floating-ui/react';
import { useLayoutEffect, useState } from 'react';
import { activeThread, setActiveThread, useEditorTransactions } from './active-thread';

export interface FloatingThreadsProps {
  editor: Editor;
  className?: string;
}

/** For narrow screens: the thread whose highlight was clicked, in a panel under its text; Escape or a click outside closes it. */
export function FloatingThreads({ editor, className }: FloatingThreadsProps) {
  const strings = useStrings();
  useEditorTransactions(editor);
  const active = activeThread(editor);
  const thread = useThreads().find((candidate) => candidate.annotationId === active);
  const [panel, setPanel] = useState<HTMLDivElement | null>(null);
  // The thread's first highlighted part; looked up after the render that drew it.
  const [anchor, setAnchor] = useState<Element | null>(null);
  useLayoutEffect(() => {
    setAnchor(
      thread && editor.isInitialized
        ? editor.view.dom.querySelector(`[data-thread-id="${CSS.escape(thread.annotationId)}"]`)
        : null,
    );
  }, [thread, editor]);
  const { floatingStyles, context } = useFloating({
    open: thread !== undefined,
    elements: { reference: anchor, floating: panel },
    onOpenChange: (open) => open || setActiveThread(editor, null),
    placement: 'bottom-start',
    middleware: [offset(6), flip(), shift({ padding: 8 })],
    whileElementsMounted: autoUpdate,
  });
  const { getFloatingProps } = useInteractions([useDismiss(context)]);
  if (!thread) return null;
  return (
    <FloatingFocusManager context={context} modal={false} initialFocus={-1}>
      <div
        ref={setPanel}
        style={floatingStyles}
        role="dialog"
        aria-label={strings.threadBy(thread.from?.name ?? thread.from?.userId ?? strings.someone)}
        className={['collab-popover', 'collab-floating-thread', className].filter(Boolean).join(' ')}
        {...getFloatingProps()}
      >
        <Thread thread={thread} />
      </div>
    </FloatingFocusManager>
  );
}
