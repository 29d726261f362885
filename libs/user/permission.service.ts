import { Injectable } from '@nestjs/common';
import { ApiError } from '@app/common';
import { EventOutbox } from '@app/events';
import { RealtimeRevocation } from '@app/realtime-hub';
import { ensureResource, ResourceRef } from '@app/resource';
import { ResourceGrantDto, ResourceRefDto } from './dto/permissions.dto';
import { emitGrantsAdded, emitGrantsRemoved } from './grant-events';
import { deleteGrants, upsertGrants } from './resource';

/** Grants of one user on organizations, folders and documents (docs/architecture.md "Tenancy and access"). */
@Injectable()
export class PermissionService {
  constructor(
    private readonly outbox: EventOutbox,
    private readonly revocation: RealtimeRevocation,
  ) {}

  /** All or nothing: a missing resource fails the whole call before anything is stored. An omitted role is editor (Velt). */
  async add(apiKeyId: string, userId: string, resources: ResourceGrantDto[]): Promise<void> {
    const grants = resources.map((resource) => ({ ref: toRef(resource), resource }));
    await this.outbox.transaction(apiKeyId, async (manager, emit) => {
      for (const { ref, resource } of lastPerResource(grants)) {
        await ensureResource(manager, apiKeyId, ref);
        const expiresAt = resource.expiresAt === undefined ? null : new Date(resource.expiresAt * 1000);
        emitGrantsAdded(
          emit,
          ref,
          await upsertGrants(manager, apiKeyId, ref, [{ userId, role: resource.accessRole ?? 'editor', expiresAt }]),
        );
      }
    });
    // A lowered role must stop live editing at once.
    await this.revocation.revokeUsers(apiKeyId, [userId]);
  }

  /** Makes the user a member of the organization (editor, Velt's default); a grant the user already holds is left as it is. */
  async join(apiKeyId: string, userId: string, organizationId: string): Promise<void> {
    const ref: ResourceRef = { type: 'organization', organizationId, id: organizationId };
    await this.outbox.transaction(apiKeyId, async (manager, emit) => {
      await ensureResource(manager, apiKeyId, ref);
      emitGrantsAdded(
        emit,
        ref,
        await upsertGrants(manager, apiKeyId, ref, [{ userId, role: 'editor', expiresAt: null }], true),
      );
    });
  }

  async remove(apiKeyId: string, userId: string, resources: ResourceRefDto[]): Promise<void> {
    await this.outbox.transaction(apiKeyId, async (manager, emit) => {
      for (const resource of resources) {
        const ref = toRef(resource);
        emitGrantsRemoved(emit, ref, await deleteGrants(manager, apiKeyId, ref, [userId]));
      }
    });
    await this.revocation.revokeUsers(apiKeyId, [userId]);
  }
}

function toRef(resource: ResourceRefDto): ResourceRef {
  if (resource.type === 'organization') {
    if (resource.organizationId !== undefined && resource.organizationId !== resource.id) {
      throw ApiError.invalid('An organization resource must have organizationId equal to id.');
    }
    return { type: 'organization', organizationId: resource.id, id: resource.id };
  }
  return { type: resource.type, organizationId: resource.organizationId!, id: resource.id };
}

/** Repeated resources in one call: the last one wins, as a sequence of single calls would. */
function lastPerResource<T extends { ref: ResourceRef }>(grants: T[]): T[] {
  return [...new Map(grants.map((grant) => [JSON.stringify(grant.ref), grant])).values()];
}
