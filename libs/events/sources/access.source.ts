import { EventEnvelope, PayloadBuilders } from '../domain-event';
import { EntityEventData, entityProcessed, entityRaw } from './entity-payloads';

/** The organization, folder or document a grant is on. */
export interface GrantResource {
  type: 'organization' | 'folder' | 'document';
  id: string;
  organizationId: string;
}

/**
 * One user's grant added, changed (`changes.accessRole` / `changes.expiresAt`) or removed on one
 * resource. `documentId` is the document's id for a document grant and '' otherwise.
 */
export interface AccessEventData extends EntityEventData {
  resource: GrantResource;
  grant: { userId: string; accessRole: string | null; expiresAt: number | null };
}

type AccessEvent = AccessEventData & EventEnvelope;

function raw(event: AccessEvent): Record<string, unknown> {
  const metadata =
    event.documentId === ''
      ? { organizationId: event.organizationId }
      : { organizationId: event.organizationId, documentId: event.documentId };
  return entityRaw('access', event, { resource: event.resource, grant: event.grant }, metadata);
}

function processed(event: AccessEvent): Record<string, unknown> {
  const { resource, grant } = event;
  return entityProcessed(event, {
    organizationId: resource.organizationId,
    resourceType: resource.type,
    resourceId: resource.id,
    userId: grant.userId,
    accessRole: grant.accessRole,
    expiresAt: grant.expiresAt,
  });
}

export const ACCESS_PAYLOADS: PayloadBuilders<AccessEventData> = { raw, processed };
