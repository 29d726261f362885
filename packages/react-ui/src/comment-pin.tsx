import type { Thread as ThreadData } from '@collab-backend/realtime';
import { autoUpdate, offset, shift, useFloating } from '@floating-ui/react';
import { useEffect, useState } from 'react';
import { Popover } from './popover';
import { useStrings } from './strings';
import { nameOf, Thread } from './thread';

export interface PinLocation {
  x: number;
  y: number;
}

export interface CommentPinProps {
  thread: ThreadData;
  /** Where the pin sits in its positioned container; by default the thread's own `location`. */
  at?: PinLocation;
  /**
   * The element the pin sits on (at its top right corner, following it as it moves); by default the element whose
   * id is the thread's `targetElement.elementId`, when the thread has no point of its own.
   */
  anchor?: Element | null;
  className?: string;
}

const point = (location: unknown): PinLocation | undefined => {
  const { x, y } = (location ?? {}) as Partial<PinLocation>;
  return typeof x === 'number' && typeof y === 'number' ? { x, y } : undefined;
};

/** The element a thread targets by id, looked up once mounted (never during a server render). */
function useTargetElement(thread: ThreadData, wanted: boolean): Element | null {
  const elementId = (thread.targetElement as { elementId?: unknown } | undefined)?.elementId;
  const [element, setElement] = useState<Element | null>(null);
  useEffect(
    () => setElement(wanted && typeof elementId === 'string' ? document.getElementById(elementId) : null),
    [wanted, elementId],
  );
  return element;
}

/**
 * A thread pinned to a point of its container, or to an element: a numbered marker opening the thread beside it.
 * A thread with neither a point nor a target element found on the page renders nothing.
 */
export function CommentPin({ thread, at, anchor, className }: CommentPinProps) {
  const strings = useStrings();
  const spot = at ?? (anchor === undefined ? point(thread.location) : undefined);
  const target = useTargetElement(thread, spot === undefined && anchor === undefined);
  const reference = anchor ?? target;
  const [pin, setPin] = useState<HTMLDivElement | null>(null);
  const { floatingStyles } = useFloating({
    elements: { reference, floating: spot ? null : pin },
    placement: 'top-end',
    middleware: [offset({ mainAxis: -8, crossAxis: 8 }), shift()],
    whileElementsMounted: autoUpdate,
  });
  if (!spot && !reference) return null;
  const resolved = thread.status?.type === 'terminal';
  return (
    <div
      ref={setPin}
      className={['collab-pin', className].filter(Boolean).join(' ')}
      style={spot ? { left: spot.x, top: spot.y } : floatingStyles}
      data-annotation-id={thread.annotationId}
      data-anchored={spot ? undefined : true}
      data-resolved={resolved || undefined}
    >
      <Popover
        label={strings.pin(nameOf(thread.from, strings), thread.comments.length, resolved)}
        triggerClassName="collab-pin-marker"
        trigger={thread.comments.length}
      >
        <Thread thread={thread} />
      </Popover>
    </div>
  );
}
