import { EventEnvelope, PayloadBuilders } from '../domain-event';
import { EntityEventData, entityProcessed, entityRaw } from './entity-payloads';

/** A version of a multiplayer editor, as its events carry it. */
export interface CrdtVersionSnapshot {
  editorId: string;
  versionId: string;
  versionName: string | null;
  kind: string;
  /** For a restore: the version restored. */
  restoredFrom: string | null;
}

/** A version saved (named over REST), or a version restored (`crdt.version_restore`, `version` is the new one). */
export interface CrdtVersionEventData extends EntityEventData {
  version: CrdtVersionSnapshot;
}

type CrdtVersionEvent = CrdtVersionEventData & EventEnvelope;

function raw(event: CrdtVersionEvent): Record<string, unknown> {
  const { organizationId, documentId } = event;
  return entityRaw('crdt', event, { version: event.version }, { organizationId, documentId });
}

function processed(event: CrdtVersionEvent): Record<string, unknown> {
  return entityProcessed(event, {
    organizationId: event.organizationId,
    documentId: event.documentId,
    ...event.version,
  });
}

export const CRDT_VERSION_PAYLOADS: PayloadBuilders<CrdtVersionEventData> = { raw, processed };
