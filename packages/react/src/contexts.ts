import type { RealtimeClient, RealtimeOptions, Room } from '@collab-backend/realtime';
import { createContext, useContext } from 'react';
import type { Inbox } from './inbox';

export interface Collab {
  /** `null` until mounted in the browser (never on the server). */
  client: RealtimeClient | null;
  inbox: Inbox | null;
  options: RealtimeOptions;
  organizationId: string;
}

/** Where the user is in a document: `entering` until the subscription lands, then `entered`, or why it ended. */
export type DocumentStatus = 'entering' | 'entered' | 'access_revoked' | 'left' | 'refused';

export interface DocumentState {
  room: Room | null;
  /** The document's id, following a migration. */
  documentId: string;
  status: DocumentStatus;
  /** Why entering was refused (`status: 'refused'`): the server's code (`PERMISSION_DENIED`, `NOT_FOUND`, `UNAUTHENTICATED`…) and message. */
  error?: { status: string; message: string };
}

export const CollabContext = createContext<Collab | null>(null);
export const DocumentContext = createContext<DocumentState | null>(null);

export function useCollab(): Collab {
  const collab = useContext(CollabContext);
  if (!collab) throw new Error('Collaboration hooks must be used inside <CollabProvider>.');
  return collab;
}

/** The document entered by the nearest `<DocumentProvider>`: its room (`null` while entering), current id and status. */
export function useDocument(): DocumentState {
  const document = useContext(DocumentContext);
  if (!document) throw new Error('Document hooks must be used inside <DocumentProvider>.');
  return document;
}

/** Why there is no room to act in: the refusal's reason when entering was refused. */
export function notEntered({ status, error }: DocumentState): Error {
  return new Error(
    status === 'refused' && error ? `This document refused you: ${error.message}` : 'The document is not entered yet.',
  );
}

export const useRoom = (): Room | null => useDocument().room;

/** The connection `<CollabProvider>` made (`null` until mounted in the browser), for what the hooks do not cover. */
export const useClient = (): RealtimeClient | null => useCollab().client;
