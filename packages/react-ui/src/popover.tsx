import {
  autoUpdate,
  flip,
  FloatingFocusManager,
  offset,
  shift,
  useClick,
  useDismiss,
  useFloating,
  useInteractions,
  useRole,
} from '@floating-ui/react';
import { useState, type ReactNode } from 'react';

export interface PopoverProps {
  /** The button's content and accessible name. */
  trigger: ReactNode;
  label: string;
  triggerClassName?: string;
  triggerStyle?: Record<string, string>;
  onOpenChange?: (open: boolean) => void;
  children: ReactNode;
}

/** A button opening a labelled dialog beside it: focus moves in, Escape or a click outside closes it and focus returns. */
export function Popover({ trigger, label, triggerClassName, triggerStyle, onOpenChange, children }: PopoverProps) {
  const [open, setOpen] = useState(false);
  const [button, setButton] = useState<HTMLButtonElement | null>(null);
  const [panel, setPanel] = useState<HTMLDivElement | null>(null);
  const { floatingStyles, context } = useFloating({
    open,
    elements: { reference: button, floating: panel },
    onOpenChange: (next) => {
      setOpen(next);
      onOpenChange?.(next);
    },
    placement: 'bottom-start',
    middleware: [offset(6), flip(), shift({ padding: 8 })],
    whileElementsMounted: autoUpdate,
  });
  const { getReferenceProps, getFloatingProps } = useInteractions([
    useClick(context),
    useDismiss(context),
    useRole(context, { role: 'dialog' }),
  ]);
  return (
    <>
      <button
        type="button"
        ref={setButton}
        className={triggerClassName}
        style={triggerStyle}
        aria-label={label}
        {...getReferenceProps()}
      >
        {trigger}
      </button>
      {open && (
        <FloatingFocusManager context={context} modal={false}>
          <div
            ref={setPanel}
            style={floatingStyles}
            className="collab-popover"
            aria-label={label}
            {...getFloatingProps()}
          >
            {children}
          </div>
        </FloatingFocusManager>
      )}
    </>
  );
}
