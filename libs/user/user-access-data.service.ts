import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { runStatement } from '@app/database';
import { UserGroupMemberService } from '@app/organization';
import { ResourceType } from '@app/resource';
import { AccessRole } from '@app/resource';

/** One access grant of a user; (`rank`, `resourceId`) is its keyset cursor (organization, then folders, then documents). */
export interface UserGrantItem {
  rank: string;
  resourceId: string;
  view: {
    resourceType: ResourceType;
    organizationId: string;
    folderId?: string;
    documentId?: string;
    accessRole: AccessRole;
    expiresAt: number | null;
  };
}

/** The user's profile in one organization (Velt's User model fields as users/get lists them) and the groups they belong to. */
export interface UserProfileView extends Record<string, unknown> {
  userId: string;
  organizationId: string;
  organizationUserGroupIds: string[];
}

interface GrantRow {
  rank: number;
  resource_id: string;
  access_role: AccessRole;
  expires_at: Date | null;
}

const RANKED: Array<{ rank: number; type: ResourceType; table: string; column: string }> = [
  { rank: 1, type: 'organization', table: 'organization_grant', column: 'organization_id' },
  { rank: 2, type: 'folder', table: 'folder_grant', column: 'folder_id' },
  { rank: 3, type: 'document', table: 'document_grant', column: 'document_id' },
];

/** Profile rows go last, so a crash between batches never leaves grants of a user whose profile is gone. */
const ERASED_TABLES: Array<{ table: string; userColumn: string }> = [
  { table: 'document_grant', userColumn: 'user_id' },
  { table: 'folder_grant', userColumn: 'user_id' },
  { table: 'organization_grant', userColumn: 'user_id' },
  { table: 'app_user', userColumn: 'id' },
];

/**
 * What the user module stores about one end user, for the GDPR routes: the profile and grants
 * (listing), and their erasure in bounded batches on the caller's transaction.
 */
@Injectable()
export class UserAccessData {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly groupMembers: UserGroupMemberService,
  ) {}

  /** Null when the organization has no profile for the user. */
  async profile(apiKeyId: string, organizationId: string, userId: string): Promise<UserProfileView | null> {
    const [row]: Array<{ name: string | null; email: string | null; properties: Record<string, unknown> }> =
      await this.dataSource.query(
        'SELECT name, email, properties FROM app_user WHERE api_key_id = $1 AND organization_id = $2 AND id = $3',
        [apiKeyId, organizationId, userId],
      );
    if (!row) return null;
    const organizationUserGroupIds = await this.groupMembers.groupIdsOf(apiKeyId, organizationId, userId);
    return {
      ...row.properties,
      userId,
      name: row.name ?? '',
      email: row.email ?? '',
      organizationId,
      organizationUserGroupIds,
    };
  }

  /** The user's grants in the organization after the cursor. */
  async grants(
    apiKeyId: string,
    organizationId: string,
    userId: string,
    after: [string, string],
    limit: number,
  ): Promise<UserGrantItem[]> {
    const parts = RANKED.map(
      ({ rank, table, column }) =>
        `SELECT ${rank} AS rank, ${column} AS resource_id, access_role, expires_at FROM ${table}
          WHERE api_key_id = $1 AND organization_id = $2 AND user_id = $3`,
    );
    const rows: GrantRow[] = await this.dataSource.query(
      `SELECT * FROM (${parts.join(' UNION ALL ')}) g WHERE (g.rank, g.resource_id) > ($4::int, $5) ORDER BY g.rank, g.resource_id LIMIT $6`,
      [apiKeyId, organizationId, userId, after[0], after[1], limit],
    );
    return rows.map((row) => {
      const type = RANKED[row.rank - 1].type;
      const place =
        type === 'folder' ? { folderId: row.resource_id } : type === 'document' ? { documentId: row.resource_id } : {};
      return {
        rank: String(row.rank),
        resourceId: row.resource_id,
        view: {
          resourceType: type,
          organizationId,
          ...place,
          accessRole: row.access_role,
          expiresAt: row.expires_at?.getTime() ?? null,
        },
      };
    });
  }

  /**
   * Deletes up to `limit` of the user's grants, group memberships and profiles (the @mention contact
   * list is built from profiles) in the organizations, or in every organization when null.
   */
  async eraseBatch(
    manager: EntityManager,
    apiKeyId: string,
    organizations: string[] | null,
    userId: string,
    limit: number,
  ): Promise<number> {
    let erased = await this.groupMembers.eraseMemberships(manager, apiKeyId, organizations, userId, limit);
    for (const { table, userColumn } of ERASED_TABLES) {
      if (erased >= limit) break;
      const { affected } = await runStatement(
        manager,
        `DELETE FROM ${table} WHERE ctid = ANY(ARRAY(SELECT ctid FROM ${table}
          WHERE api_key_id = $1 AND ($2::text[] IS NULL OR organization_id = ANY($2::text[])) AND ${userColumn} = $3 LIMIT $4))`,
        [apiKeyId, organizations, userId, limit - erased],
      );
      erased += affected;
    }
    return erased;
  }
}
