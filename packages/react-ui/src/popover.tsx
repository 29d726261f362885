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
  type Placement,
} from '@floating-ui/react';
import { useState, type KeyboardEvent, type ReactNode } from 'react';

export interface PopoverProps {
  /** The button's content; `label` is its accessible name. */
  trigger: ReactNode;
  label: string;
  triggerClassName?: string;
  onOpenChange?: (open: boolean) => void;
  /** `menu`: the panel holds menu items, reached with the arrow keys. */
  role?: 'dialog' | 'menu';
  placement?: Placement;
  /** The panel's content; a function is handed `close`. */
  children: ReactNode | ((close: () => void) => ReactNode);
}

/** Arrow keys move between a menu's items, as WAI-ARIA's menu pattern has it. */
function moveFocus(event: KeyboardEvent<HTMLDivElement>) {
  const step = event.key === 'ArrowDown' ? 1 : event.key === 'ArrowUp' ? -1 : 0;
  if (!step) return;
  event.preventDefault();
  const items = [...event.currentTarget.querySelectorAll<HTMLElement>('[role=menuitem]')];
  const at = items.indexOf(document.activeElement as HTMLElement);
  items[(at + step + items.length) % items.length]?.focus();
}

/** A button opening a labelled dialog or menu beside it: focus moves in, Escape or a click outside closes it and focus returns. */
export function Popover({
  trigger,
  label,
  triggerClassName,
  onOpenChange,
  role = 'dialog',
  placement = 'bottom-start',
  children,
}: PopoverProps) {
  const [open, setOpen] = useState(false);
  const [button, setButton] = useState<HTMLButtonElement | null>(null);
  const [panel, setPanel] = useState<HTMLDivElement | null>(null);
  const change = (next: boolean) => {
    setOpen(next);
    onOpenChange?.(next);
  };
  const { floatingStyles, context } = useFloating({
    open,
    onOpenChange: change,
    elements: { reference: button, floating: panel },
    placement,
    middleware: [offset(6), flip(), shift({ padding: 8 })],
    whileElementsMounted: autoUpdate,
  });
  const { getReferenceProps, getFloatingProps } = useInteractions([
    useClick(context),
    useDismiss(context),
    useRole(context, { role }),
  ]);
  return (
    <>
      <button
        type="button"
        ref={setButton}
        className={triggerClassName}
        aria-label={label}
        title={label}
        {...getReferenceProps()}
      >
        {trigger}
      </button>
      {open && (
        <FloatingFocusManager context={context} modal={false}>
          <div
            ref={setPanel}
            style={floatingStyles}
            className={role === 'menu' ? 'collab-popover collab-menu' : 'collab-popover'}
            aria-label={label}
            {...getFloatingProps({ onKeyDown: role === 'menu' ? moveFocus : undefined })}
          >
            {typeof children === 'function' ? children(() => change(false)) : children}
          </div>
        </FloatingFocusManager>
      )}
    </>
  );
}
