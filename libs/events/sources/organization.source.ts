import { EventEnvelope, PayloadBuilders } from '../domain-event';
import { EntityEventData, entityProcessed, entityRaw } from './entity-payloads';

/** Velt's organization fields as the organization domain holds them. */
export interface OrganizationSnapshot {
  organizationId: string;
  organizationName: string;
  metadata: Record<string, unknown>;
  disabled?: boolean;
}

/** An organization added, updated or deleted; `documentId` is '' since no document is involved. */
export interface OrganizationEventData extends EntityEventData {
  organization: OrganizationSnapshot;
}

type OrganizationEvent = OrganizationEventData & EventEnvelope;

function raw(event: OrganizationEvent): Record<string, unknown> {
  return entityRaw(
    'organization',
    event,
    { organization: event.organization },
    { organizationId: event.organizationId },
  );
}

function processed(event: OrganizationEvent): Record<string, unknown> {
  const { organizationId, organizationName } = event.organization;
  return entityProcessed(event, { organizationId, organizationName });
}

export const ORGANIZATION_PAYLOADS: PayloadBuilders<OrganizationEventData> = { raw, processed };
