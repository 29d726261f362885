import { actionTypeOf, EventEnvelope, EventScope, PayloadBuilders } from '../domain-event';
import { EntityEventData, entityProcessed, entityRaw } from './entity-payloads';

/** A document re-keyed by a migration; `documentId` is the id it had before. */
export interface DocumentMigratedData extends EventScope {
  newDocumentId: string;
  migrationId: string;
}

type DocumentMigratedEvent = DocumentMigratedData & EventEnvelope;

function fields(event: DocumentMigratedEvent) {
  const { organizationId, documentId, newDocumentId, migrationId } = event;
  return { organizationId, documentId, newDocumentId, migrationId };
}

/** Raw: the comment notifications' envelope (event, actionType, notificationSource, metadata, timestamp) around the migration. */
function raw(event: DocumentMigratedEvent): Record<string, unknown> {
  return {
    event: event.trigger,
    actionType: actionTypeOf(event.trigger),
    notificationSource: 'document',
    ...fields(event),
    metadata: { apiKey: event.apiKeyId, organizationId: event.organizationId, documentId: event.documentId },
    timestamp: event.occurredAt.getTime(),
  };
}

/** Processed: the migration flattened, as the comment triggers' processed payload is. */
function processed(event: DocumentMigratedEvent): Record<string, unknown> {
  return {
    ...fields(event),
    actionType: actionTypeOf(event.trigger),
    event: event.trigger,
    timestamp: event.occurredAt.getTime(),
  };
}

export const DOCUMENT_MIGRATED_PAYLOADS: PayloadBuilders<DocumentMigratedData> = { raw, processed };

/** Velt's document fields as the document domain holds them. */
export interface DocumentSnapshot {
  documentId: string;
  documentName: string;
  folderId: string | null;
  accessType: string;
  disabled: boolean;
  metadata: Record<string, unknown>;
}

/** A document added, updated (a folder move included: `changes.folderId`) or deleted. */
export interface DocumentEventData extends EntityEventData {
  document: DocumentSnapshot;
}

type DocumentEvent = DocumentEventData & EventEnvelope;

function documentRaw(event: DocumentEvent): Record<string, unknown> {
  const { organizationId, documentId } = event;
  return entityRaw(
    'document',
    event,
    { document: event.document },
    { organizationId, documentId, documentName: event.document.documentName },
  );
}

function documentProcessed(event: DocumentEvent): Record<string, unknown> {
  const { documentName, folderId } = event.document;
  return entityProcessed(event, {
    organizationId: event.organizationId,
    documentId: event.documentId,
    documentName,
    folderId,
  });
}

export const DOCUMENT_PAYLOADS: PayloadBuilders<DocumentEventData> = { raw: documentRaw, processed: documentProcessed };
