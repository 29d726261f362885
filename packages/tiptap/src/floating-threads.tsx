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
import { useLayoutEffect } from 'react';
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
  const { refs, floatingStyles, context } = useFloating({
    open: thread !== undefined,
    onOpenChange: (open) => open || setActiveThread(editor, null),
    placement: 'bottom-start',
    middleware: [offset(6), flip(), shift({ padding: 8 })],
    whileElementsMounted: autoUpdate,
  });
  const { getFloatingProps } = useInteractions([useDismiss(context)]);
  useLayoutEffect(() => {
    if (!thread || !editor.isInitialized) return;
    refs.setReference(
      editor.view.dom.querySelector(`[data-thread-id="${CSS.escape(thread.annotationId)}"]`) as Element | null,
    );
  }, [thread, editor, refs]);
  if (!thread) return null;
  return (
    <FloatingFocusManager context={context} modal={false} initialFocus={-1}>
      <div
        ref={refs.setFloating}
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
