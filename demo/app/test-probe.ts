import { useClient, useRoom } from '@collab-backend/react';
import type { RealtimeClient, Room } from '@collab-backend/realtime';
import type { Editor } from '@tiptap/core';
import { useEffect } from 'react';

declare global {
  interface Window {
    demo?: { room: Room; client: RealtimeClient; received: Record<number, number> };
    /** The shared notes' editor, for the suite to select text in. */
    notes?: Editor;
  }
}

/**
 * What the browser suite reaches into: the room and client (to drop and restore the connection), and the arrival time
 * of each `bench` live-state update on the wall clock the windows share (performance.timeOrigin + performance.now()).
 * `body[data-ready]` says the document is entered.
 */
export function useTestProbe(): void {
  const room = useRoom();
  const client = useClient();
  useEffect(() => {
    if (!room || !client) return;
    const received: Record<number, number> = {};
    window.demo = { room, client, received };
    const stop = room.liveState.subscribe('bench', (data) => {
      received[(data as { i: number }).i] = performance.timeOrigin + performance.now();
    });
    document.body.dataset.ready = 'true';
    return stop;
  }, [room, client]);
}
