import type { PresenceData, PresenceUser } from '@collab-backend/realtime';
import { useCallback, useEffect, useState } from 'react';
import { useRoom } from './contexts';
import { PresenceSender } from './presence-sender';
import { useStore } from './store';

/** Another user in the document and the presence data their connection last set (`{}` before any). */
export interface Other<T = PresenceData> {
  userId: string;
  name?: string;
  email?: string;
  presence: T;
}

const NO_OTHERS: never[] = [];

/** The user as the document's presence list has them; `null` until entered. */
export function useSelf(): PresenceUser | null {
  return useStore(
    useRoom(),
    (room, onChange) => room.presence.update(onChange),
    (room) => room.presence.self() ?? null,
    null,
  );
}

/** The document's other users, each with their presence data, from the presence list and their connections' sets. */
export function useOthers<T = PresenceData>(): Array<Other<T>> {
  return useStore(
    useRoom(),
    (room, onChange) => {
      const stops = [room.presence.update(onChange), room.presence.onConnections(onChange)];
      return () => stops.forEach((stop) => stop());
    },
    (room) => {
      const connections = room.presence.connections<T>();
      return room.presence.others().map(({ userId, name, email }) => ({
        userId,
        name,
        email,
        presence: connections.find((connection) => connection.userId === userId)?.data ?? ({} as T),
      }));
    },
    NO_OTHERS,
  );
}

/**
 * Sets this connection's presence data. Calls faster than the server takes them are coalesced: one set in flight
 * and one every `intervalMs`, the latest data winning. Data set while the document is still entering is sent once
 * it is entered.
 */
export function useUpdateMyPresence<T extends PresenceData = PresenceData>(intervalMs = 50): (data: T) => void {
  const room = useRoom();
  const [sender] = useState(() => new PresenceSender<T>(intervalMs));
  useEffect(() => {
    sender.intervalMs = intervalMs;
  }, [sender, intervalMs]);
  useEffect(() => {
    sender.attach(room);
    return () => sender.attach(null);
  }, [sender, room]);
  return useCallback((data: T) => sender.update(data), [sender]);
}
