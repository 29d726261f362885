import { Composer, useStrings } from '@collab-backend/react-ui';
import { posToDOMRect, type Editor } from '@tiptap/core';
import { autoUpdate, flip, offset, shift, useFloating } from '@floating-ui/react';
import { useLayoutEffect, useState } from 'react';
import { useEditorTransactions } from './active-thread';
import { useCommentOnSelection } from './comment-on-selection';

export interface FloatingComposerProps {
  editor: Editor;
  className?: string;
}

/**
 * Beside a selection of the editor's text, a "Comment" button; it opens a composer there, and sending starts a thread
 * anchored to the selected text. Escape closes the composer and returns to the text.
 */
export function FloatingComposer({ editor, className }: FloatingComposerProps) {
  const strings = useStrings();
  const [composing, setComposing] = useState(false);
  const comment = useCommentOnSelection(editor);
  useEditorTransactions(editor);
  const { from, to, empty } = editor.state.selection;
  const shown = composing || (!empty && editor.isEditable && editor.isFocused);
  const [panel, setPanel] = useState<HTMLDivElement | null>(null);
  const { refs, floatingStyles } = useFloating({
    open: shown,
    elements: { floating: panel },
    placement: 'bottom-start',
    middleware: [offset(8), flip(), shift({ padding: 8 })],
    whileElementsMounted: autoUpdate,
  });
  // The selection, as Floating UI's virtual element.
  useLayoutEffect(() => {
    if (shown) refs.setPositionReference({ getBoundingClientRect: () => posToDOMRect(editor.view, from, to) });
  }, [shown, editor, from, to, refs]);
  if (!shown) return null;
  const close = () => {
    setComposing(false);
    editor.commands.focus();
  };
  return (
    <div
      ref={setPanel}
      style={floatingStyles}
      className={['collab-floating-composer', composing && 'collab-popover', className].filter(Boolean).join(' ')}
    >
      {composing ? (
        <Composer
          label={strings.newInlineComment}
          autoFocus
          onCancel={close}
          onSubmit={async (input) => {
            await comment(input);
            close();
          }}
        />
      ) : (
        <button
          type="button"
          className="collab-button collab-button-primary"
          // Keeps the editor focused (and its selection shown) until the click lands.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => setComposing(true)}
        >
          {strings.commentOnSelection}
        </button>
      )}
    </div>
  );
}
