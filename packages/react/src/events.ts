import type { RoomEvent } from '@collab-backend/realtime';
import { useCallback, useEffect, useRef } from 'react';
import { notEntered, useDocument, useRoom } from './contexts';
import { useStore } from './store';

/** Sends an ephemeral event to the document's other connections (not stored); rejects until the document is entered. */
export function useBroadcastEvent<T = unknown>(): (event: T) => Promise<void> {
  const state = useDocument();
  const { room } = state;
  return useCallback(
    async (event: T) => {
      if (!room) throw notEntered(state);
      await room.broadcast(event);
    },
    [room, state.error],
  );
}

/** Calls `listener` with each event another connection broadcasts; the latest `listener` given is the one called. */
export function useEventListener<T = unknown>(listener: (event: RoomEvent<T>) => void): void {
  const room = useRoom();
  const latest = useRef(listener);
  latest.current = listener;
  useEffect(() => room?.onEvent<T>((event) => latest.current(event)), [room]);
}

/**
 * A live state value of the document and its setter (editors only; `merge` deep-merges into the stored object).
 * The value is `undefined` until one is known.
 */
export function useLiveState<T extends Record<string, unknown>>(
  id: string,
): [T | undefined, (data: T, options?: { merge?: boolean }) => Promise<void>] {
  const state = useDocument();
  const { room } = state;
  const value = useStore(
    room,
    (entered, onChange) => entered.liveState.subscribe(id, onChange),
    (entered) => entered.liveState.get<T>(id),
    undefined,
    id,
  );
  const set = useCallback(
    async (data: T, options?: { merge?: boolean }) => {
      if (!room) throw notEntered(state);
      await room.liveState.set(id, data, options);
    },
    [room, id, state.error],
  );
  return [value, set];
}
