import type { Room } from '@collab-backend/realtime';
import { createElement, useEffect, useState, type ReactNode } from 'react';
import { DocumentContext, useCollab, type DocumentStatus } from './contexts';

export interface DocumentProviderProps {
  documentId: string;
  children?: ReactNode;
}

/** Enters the document for the hooks below, leaves it on unmount, and follows it when it is migrated to a new id. */
export function DocumentProvider({ documentId, children }: DocumentProviderProps) {
  const { client, organizationId } = useCollab();
  const [state, setState] = useState<{ room: Room | null; documentId: string; status: DocumentStatus }>({
    room: null,
    documentId,
    status: 'entering',
  });
  useEffect(() => {
    if (!client) return;
    let left = false;
    let entered: Room | undefined;
    const stops: Array<() => void> = [];
    setState({ room: null, documentId, status: 'entering' });
    client.enterDocument(organizationId, documentId).then(
      (room) => {
        entered = room;
        if (left) return void room.leave();
        stops.push(room.onMigrated(({ to }) => setState((current) => ({ ...current, documentId: to }))));
        stops.push(room.onClosed(({ reason }) => setState((current) => ({ ...current, status: reason }))));
        setState({ room, documentId: room.documentId, status: 'entered' });
      },
      () => !left && setState({ room: null, documentId, status: 'refused' }),
    );
    return () => {
      left = true;
      for (const stop of stops) stop();
      void entered?.leave();
    };
  }, [client, organizationId, documentId]);
  return createElement(DocumentContext.Provider, { value: state }, children);
}
