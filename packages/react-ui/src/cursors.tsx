import { useOthers, useUpdateMyPresence } from '@collab-backend/react';
import type { PointerEvent, ReactNode } from 'react';
import { userColor } from './names';

export interface CursorPresence {
  cursor?: { x: number; y: number } | null;
}

export interface CursorsProps {
  children?: ReactNode;
  className?: string;
}

/**
 * A container whose pointer position is shared as the user's `cursor` presence (relative to the container), drawing
 * the others' cursors over it with their names; each glides to its new place (CSS transition, see --collab-cursor-glide).
 */
export function Cursors({ children, className }: CursorsProps) {
  const others = useOthers<CursorPresence>();
  const update = useUpdateMyPresence<CursorPresence & Record<string, unknown>>();
  const move = (event: PointerEvent<HTMLDivElement>) => {
    const area = event.currentTarget.getBoundingClientRect();
    update({ cursor: { x: Math.round(event.clientX - area.left), y: Math.round(event.clientY - area.top) } });
  };
  return (
    <div
      className={['collab-cursors', className].filter(Boolean).join(' ')}
      onPointerMove={move}
      onPointerLeave={() => update({ cursor: null })}
    >
      {children}
      <div className="collab-cursor-layer" aria-hidden="true">
        {others.map(({ userId, name, presence }) =>
          presence.cursor ? (
            <span
              key={userId}
              className="collab-cursor"
              data-user-id={userId}
              data-x={presence.cursor.x}
              data-y={presence.cursor.y}
              style={{
                transform: `translate(${presence.cursor.x}px, ${presence.cursor.y}px)`,
                ['--collab-cursor-color' as string]: userColor(userId),
              }}
            >
              <svg width="14" height="18" viewBox="0 0 14 18">
                <path d="M0 0 L14 11 L8 12 L5 18 Z" />
              </svg>
              <span className="collab-cursor-name">{name ?? userId}</span>
            </span>
          ) : null,
        )}
      </div>
    </div>
  );
}
