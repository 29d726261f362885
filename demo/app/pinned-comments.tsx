import type { Thread } from '@collab-backend/realtime';
import { useCreateThread } from '@collab-backend/react';
import { CommentPin, Composer, type PinLocation } from '@collab-backend/react-ui';
import { useEffect, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';

/**
 * The document's pinned threads over its area (at their point, or on the element their `targetElement.elementId`
 * names), and placing a new one: "Pin a comment" turns the next click in the area
 * into a composer at that point; the thread is created with the point as its location, so it shows at the same spot in
 * every window. Escape cancels.
 */
export function PinnedComments({
  threads,
  placing,
  onPlaced,
}: {
  threads: Thread[];
  placing: boolean;
  onPlaced: () => void;
}) {
  const create = useCreateThread();
  const [draft, setDraft] = useState<PinLocation | null>(null);
  const composer = useRef<HTMLDivElement>(null);
  useEffect(() => composer.current?.querySelector('textarea')?.focus(), [draft]);
  const place = (event: MouseEvent<HTMLDivElement>) => {
    const area = event.currentTarget.getBoundingClientRect();
    setDraft({ x: Math.round(event.clientX - area.left), y: Math.round(event.clientY - area.top) });
  };
  const cancel = () => {
    setDraft(null);
    onPlaced();
  };
  return (
    <>
      {threads.map((thread) => (
        <CommentPin key={thread.annotationId} thread={thread} />
      ))}
      {placing && !draft && <div className="demo-pin-target" data-testid="pin-target" onClick={place} />}
      {draft && (
        <div
          ref={composer}
          className="demo-pin-draft collab-popover"
          role="dialog"
          aria-label="New pinned comment"
          style={{ left: draft.x, top: draft.y }}
          onKeyDown={(event: KeyboardEvent) => event.key === 'Escape' && cancel()}
        >
          <Composer
            label="New pinned comment"
            onSubmit={async (comment) => {
              await create({ comment, location: { ...draft } });
              cancel();
            }}
          />
        </div>
      )}
    </>
  );
}
