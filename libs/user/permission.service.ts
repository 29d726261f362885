import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ApiError } from '@app/common';
import { RealtimeRevocation } from '@app/realtime-hub';
import { ensureResource, ResourceRef, ResourceType } from '@app/resource';
import { AccessRole } from './access-role';
import { ResourceGrantDto, ResourceRefDto } from './dto/permissions.dto';
import { deleteGrants, upsertGrants } from './resource';

export interface PermissionView {
  type: ResourceType;
  id: string;
  organizationId: string;
  accessRole: AccessRole;
  /** Unix seconds, or null for a grant that does not expire. */
  expiresAt: number | null;
}

/** Grants of one user on organizations, folders and documents (DESIGN §3). */
@Injectable()
export class PermissionService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly revocation: RealtimeRevocation,
  ) {}

  /** All or nothing: a missing resource fails the whole call before anything is stored. */
  async add(apiKeyId: string, userId: string, resources: ResourceGrantDto[]): Promise<void> {
    const grants = resources.map((resource) => ({ ref: toRef(resource), resource }));
    await this.dataSource.transaction(async (manager) => {
      for (const { ref, resource } of lastPerResource(grants)) {
        await ensureResource(manager, apiKeyId, ref);
        const expiresAt = resource.expiresAt === undefined ? null : new Date(resource.expiresAt * 1000);
        await upsertGrants(manager, apiKeyId, ref, [{ userId, role: resource.accessRole, expiresAt }]);
      }
    });
    // A lowered role must stop live editing at once.
    await this.revocation.revokeUsers(apiKeyId, [userId]);
  }

  async remove(apiKeyId: string, userId: string, resources: ResourceRefDto[]): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      for (const resource of resources) await deleteGrants(manager, apiKeyId, toRef(resource), [userId]);
    });
    await this.revocation.revokeUsers(apiKeyId, [userId]);
  }

  async get(apiKeyId: string, userId: string, organizationId?: string): Promise<PermissionView[]> {
    const rows: Array<{ type: ResourceType; id: string; organization_id: string; access_role: AccessRole; expires_at: Date | null }> =
      await this.dataSource.query(
        `SELECT * FROM (
           SELECT 'organization' AS type, organization_id AS id, organization_id, access_role, expires_at FROM organization_grant
             WHERE api_key_id = $1 AND user_id = $2
           UNION ALL
           SELECT 'folder', folder_id, organization_id, access_role, expires_at FROM folder_grant WHERE api_key_id = $1 AND user_id = $2
           UNION ALL
           SELECT 'document', document_id, organization_id, access_role, expires_at FROM document_grant WHERE api_key_id = $1 AND user_id = $2
         ) g WHERE $3::text IS NULL OR g.organization_id = $3
         ORDER BY organization_id, type DESC, id`,
        [apiKeyId, userId, organizationId ?? null],
      );
    return rows.map((row) => ({
      type: row.type,
      id: row.id,
      organizationId: row.organization_id,
      accessRole: row.access_role,
      expiresAt: row.expires_at ? Math.floor(row.expires_at.getTime() / 1000) : null,
    }));
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
