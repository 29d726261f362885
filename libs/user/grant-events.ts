import { AccessEventData, Emit } from '@app/events';
import { ResourceRef } from '@app/resource';
import { GrantChange, GrantRow } from './resource';

function scope(ref: ResourceRef): Pick<AccessEventData, 'organizationId' | 'documentId' | 'actionUser' | 'resource'> {
  return {
    organizationId: ref.organizationId,
    documentId: ref.type === 'document' ? ref.id : '',
    actionUser: null,
    resource: { type: ref.type, id: ref.id, organizationId: ref.organizationId },
  };
}

function epochMs(date: Date | null): number | null {
  return date === null ? null : date.getTime();
}

/** `access.grant_add` for each grant created or changed, with the role (and expiry, when it changed) as from/to. */
export function emitGrantsAdded(emit: Emit, ref: ResourceRef, changes: GrantChange[]): void {
  for (const change of changes) {
    const expiresAt = epochMs(change.expiresAt);
    const previousExpiresAt = epochMs(change.previousExpiresAt);
    emit({
      trigger: 'access.grant_add',
      ...scope(ref),
      grant: { userId: change.userId, accessRole: change.role, expiresAt },
      changes: {
        accessRole: { from: change.previousRole, to: change.role },
        ...(expiresAt === previousExpiresAt ? {} : { expiresAt: { from: previousExpiresAt, to: expiresAt } }),
      },
    });
  }
}

/** `access.grant_remove` for each grant a write deleted. */
export function emitGrantsRemoved(emit: Emit, ref: ResourceRef, grants: GrantRow[]): void {
  for (const grant of grants) {
    emit({
      trigger: 'access.grant_remove',
      ...scope(ref),
      grant: { userId: grant.userId, accessRole: grant.role, expiresAt: epochMs(grant.expiresAt) },
      changes: { accessRole: { from: grant.role, to: null } },
    });
  }
}
