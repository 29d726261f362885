import { RealtimeError, type Room } from '@collab-backend/realtime';
import { createElement, useEffect, useState, type ReactNode } from 'react';
import { DocumentContext, useCollab, type DocumentState } from './contexts';
import { warnRefusal } from './refusal';

export interface DocumentProviderProps {
  documentId: string;
  children?: ReactNode;
}

/**
 * Enters the document for the hooks below, leaves it on unmount, and follows it when it is migrated to a new id.
 * A refusal is kept with its reason (`useDocument().error`) and, in development, explained once in the console.
 */
export function DocumentProvider({ documentId, children }: DocumentProviderProps) {
  const { client, organizationId } = useCollab();
  const [state, setState] = useState<DocumentState>({ room: null, documentId, status: 'entering' });
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
      (refusal: unknown) => {
        if (left) return;
        const error =
          refusal instanceof RealtimeError
            ? { status: refusal.status, message: refusal.message }
            : { status: 'UNAVAILABLE', message: String((refusal as Error)?.message ?? refusal) };
        warnRefusal(organizationId, documentId, error);
        setState({ room: null, documentId, status: 'refused', error });
      },
    );
    return () => {
      left = true;
      for (const stop of stops) stop();
      void entered?.leave();
    };
  }, [client, organizationId, documentId]);
  return createElement(DocumentContext.Provider, { value: state }, children);
}
