import { EventEnvelope, EventScope, PayloadBuilders } from '../domain-event';

/** Velt's `crdtData`: one editor's content after the edits a compaction folded in. */
export interface CrdtData {
  /** The editor id. */
  id: string;
  /** The content read as its type (text, map, array, xml); null when the type is unknown. */
  data: unknown;
  /** The user of the last edit folded in; null for an edit written over REST. */
  lastUpdatedBy: string | null;
  /** Velt's SDK session; there is none here. */
  sessionId: null;
  /** ISO time of the compaction that folded the edits in. */
  lastUpdate: string;
}

export interface CrdtEventData extends EventScope {
  crdtData: CrdtData;
}

type CrdtEvent = CrdtEventData & EventEnvelope;

function actionUser(event: CrdtEvent): { userId: string } | null {
  return event.crdtData.lastUpdatedBy === null ? null : { userId: event.crdtData.lastUpdatedBy };
}

/** Raw: Velt's CRDT basic webhook (WebhookV1Payload with `crdtData`); no one is denied a document's CRDT data here. */
function raw(event: CrdtEvent): Record<string, unknown> {
  const { organizationId, documentId } = event;
  return {
    event: event.trigger,
    actionType: 'updateData',
    notificationSource: 'crdt',
    actionUser: actionUser(event),
    metadata: {
      apiKey: event.apiKeyId,
      organizationId,
      documentId,
      clientOrganizationId: organizationId,
      clientDocumentId: documentId,
    },
    crdtData: event.crdtData,
    accessDeniedUsers: [],
    timestamp: event.occurredAt.getTime(),
  };
}

/** Processed: the update flattened, as the comment triggers' processed payload is. */
function processed(event: CrdtEvent): Record<string, unknown> {
  const { id, data, lastUpdatedBy, lastUpdate } = event.crdtData;
  return {
    from: actionUser(event),
    organizationId: event.organizationId,
    documentId: event.documentId,
    editorId: id,
    data,
    lastUpdatedBy,
    lastUpdate,
    actionType: 'updateData',
    event: event.trigger,
    timestamp: event.occurredAt.getTime(),
  };
}

export const CRDT_PAYLOADS: PayloadBuilders<CrdtEventData> = { raw, processed };
