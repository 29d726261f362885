import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ApiError } from '@app/common';
import { AccessType } from '@app/document';
import { UserGroupMemberService } from '@app/organization';
import { DOCUMENT_NOT_FOUND, ORGANIZATION_NOT_FOUND } from '@app/resource';
import { AccessRole } from '@app/resource';
import { AccessReason, explainAccess, Grant } from './resolve-access';

/** Rows of each kind the page lists at most: it explains, it does not export. */
export const EXPLAINED_ROWS_MAX = 500;
const MAX_FOLDER_DEPTH = 64;

export interface GrantView {
  level: 'organization' | 'folder' | 'document';
  resourceId: string;
  userId: string;
  accessRole: AccessRole;
  expiresAt: string | null;
}

export interface UserAccessView {
  userId: string;
  name: string | null;
  email: string | null;
  accessRole: AccessRole | null;
  reason: AccessReason;
  /** The resource whose grant decided, for a grant reason. */
  decidedBy: { level: 'organization' | 'folder' | 'document'; resourceId: string } | null;
  expiresAt: string | null;
}

export interface DocumentAccessView {
  organizationId: string;
  documentId: string;
  accessType: AccessType;
  disabled: boolean;
  organizationDisabled: boolean;
  /** The document's folder, then each parent up to the organization. */
  folderChain: string[];
  grants: GrantView[];
  users: UserAccessView[];
  groups: Array<{ groupId: string; groupName: string; memberIds: string[]; memberCount: number }>;
  /** Whether a list stopped at EXPLAINED_ROWS_MAX. */
  truncated: boolean;
}

interface GrantRow {
  level: GrantView['level'];
  resource_id: string;
  user_id: string;
  access_role: AccessRole;
  expires_at: Date | null;
}

/**
 * Who may open a document and why (the console's document page): every grant on the organization, the
 * document's folder chain and the document, and for each user holding one or belonging to the
 * organization the role the rule of resolveAccess gives and the step that decided it, read in one
 * snapshot. Groups are listed with their members; they grant nothing here (docs/velt-compatibility.md).
 */
@Injectable()
export class DocumentAccessExplainer {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly groups: UserGroupMemberService,
  ) {}

  async explain(apiKeyId: string, organizationId: string, documentId: string): Promise<DocumentAccessView> {
    const facts = await this.dataSource.transaction('REPEATABLE READ', async (manager) => {
      const [organization] = await manager.query<Array<{ disabled: boolean }>>(
        'SELECT disabled FROM organization WHERE api_key_id = $1 AND id = $2',
        [apiKeyId, organizationId],
      );
      if (!organization) throw ApiError.notFound(ORGANIZATION_NOT_FOUND);
      const [document] = await manager.query<
        Array<{ folder_id: string | null; access_type: AccessType; disabled: boolean }>
      >(
        'SELECT folder_id, access_type, disabled FROM document WHERE api_key_id = $1 AND organization_id = $2 AND id = $3',
        [apiKeyId, organizationId, documentId],
      );
      if (!document) throw ApiError.notFound(DOCUMENT_NOT_FOUND);
      const chain = await manager.query<Array<{ id: string }>>(
        `WITH RECURSIVE chain AS (
           SELECT f.id, f.parent_folder_id, 0 AS depth FROM folder f
            WHERE f.api_key_id = $1 AND f.organization_id = $2 AND f.id = $3
           UNION ALL
           SELECT f.id, f.parent_folder_id, c.depth + 1 FROM folder f JOIN chain c ON f.id = c.parent_folder_id
            WHERE f.api_key_id = $1 AND f.organization_id = $2 AND c.depth < $4
         ) SELECT id FROM chain ORDER BY depth`,
        [apiKeyId, organizationId, document.folder_id, MAX_FOLDER_DEPTH],
      );
      const folderChain = chain.map((row) => row.id);
      const grants = await manager.query<GrantRow[]>(
        `(SELECT 'organization' AS level, organization_id AS resource_id, user_id, access_role, expires_at FROM organization_grant
           WHERE api_key_id = $1 AND organization_id = $2 ORDER BY user_id LIMIT $5)
         UNION ALL
         (SELECT 'folder', folder_id, user_id, access_role, expires_at FROM folder_grant
           WHERE api_key_id = $1 AND organization_id = $2 AND folder_id = ANY($3::text[]) ORDER BY folder_id, user_id LIMIT $5)
         UNION ALL
         (SELECT 'document', document_id, user_id, access_role, expires_at FROM document_grant
           WHERE api_key_id = $1 AND organization_id = $2 AND document_id = $4 ORDER BY user_id LIMIT $5)`,
        [apiKeyId, organizationId, folderChain, documentId, EXPLAINED_ROWS_MAX + 1],
      );
      const members = await manager.query<Array<{ id: string; name: string | null; email: string | null }>>(
        'SELECT id, name, email FROM app_user WHERE api_key_id = $1 AND organization_id = $2 ORDER BY id LIMIT $3',
        [apiKeyId, organizationId, EXPLAINED_ROWS_MAX + 1],
      );
      return { organization, document, folderChain, grants, members };
    });
    const { organization, document, folderChain, grants, members } = facts;
    const truncated =
      members.length > EXPLAINED_ROWS_MAX ||
      (['organization', 'folder', 'document'] as const).some(
        (level) => grants.filter((row) => row.level === level).length > EXPLAINED_ROWS_MAX,
      );
    const grantOf = new Map(grants.map((row) => [`${row.level}\u0000${row.resource_id}\u0000${row.user_id}`, row]));
    const asGrant = (row: GrantRow | undefined): Grant | null =>
      row ? { role: row.access_role, expiresAt: row.expires_at } : null;
    const profiles = new Map(members.slice(0, EXPLAINED_ROWS_MAX).map((member) => [member.id, member]));
    const userIds = [...new Set([...grants.map((row) => row.user_id), ...profiles.keys()])].sort();
    const now = new Date();
    const users = userIds.map((userId): UserAccessView => {
      const decision = explainAccess({
        organizationDisabled: organization.disabled,
        documentDisabled: document.disabled,
        accessType: document.access_type,
        isAdmin: false,
        isOrganizationMember: profiles.has(userId),
        documentGrant: asGrant(grantOf.get(`document\u0000${documentId}\u0000${userId}`)),
        folderGrants: folderChain.map((folderId) => asGrant(grantOf.get(`folder\u0000${folderId}\u0000${userId}`))),
        organizationGrant: asGrant(grantOf.get(`organization\u0000${organizationId}\u0000${userId}`)),
        now,
      });
      const decidedBy =
        decision.reason === 'document-grant'
          ? { level: 'document' as const, resourceId: documentId }
          : decision.reason === 'folder-grant'
            ? { level: 'folder' as const, resourceId: folderChain[decision.folderIndex!] }
            : decision.reason === 'organization-grant'
              ? { level: 'organization' as const, resourceId: organizationId }
              : null;
      return {
        userId,
        name: profiles.get(userId)?.name ?? null,
        email: profiles.get(userId)?.email ?? null,
        accessRole: decision.grant?.role ?? null,
        reason: decision.reason,
        decidedBy,
        expiresAt: decision.grant?.expiresAt?.toISOString() ?? null,
      };
    });
    return {
      organizationId,
      documentId,
      accessType: document.access_type,
      disabled: document.disabled,
      organizationDisabled: organization.disabled,
      folderChain,
      grants: grants.map((row) => ({
        level: row.level,
        resourceId: row.resource_id,
        userId: row.user_id,
        accessRole: row.access_role,
        expiresAt: row.expires_at?.toISOString() ?? null,
      })),
      users,
      groups: await this.groups.groupsWithMembers(apiKeyId, organizationId, EXPLAINED_ROWS_MAX),
      truncated,
    };
  }
}
