import type { Thread as ThreadData } from '@collab-backend/realtime';
import { Popover } from './popover';
import { Thread } from './thread';

export interface PinLocation {
  x: number;
  y: number;
}

export interface CommentPinProps {
  thread: ThreadData;
  /** Where the pin sits in its positioned container; by default the thread's own `location`. */
  at?: PinLocation;
  className?: string;
}

/** A thread pinned to a point of its container: a numbered marker opening the thread beside it. */
export function CommentPin({ thread, at = thread.location as PinLocation, className }: CommentPinProps) {
  const author = thread.from?.name ?? thread.from?.userId ?? 'someone';
  const resolved = thread.status?.type === 'terminal';
  return (
    <div
      className={['collab-pin', className].filter(Boolean).join(' ')}
      style={{ left: at.x, top: at.y }}
      data-annotation-id={thread.annotationId}
      data-resolved={resolved || undefined}
    >
      <Popover
        label={`Comment by ${author}, ${thread.comments.length} in thread${resolved ? ', resolved' : ''}`}
        triggerClassName="collab-pin-marker"
        trigger={thread.comments.length}
      >
        <Thread thread={thread} />
      </Popover>
    </div>
  );
}
