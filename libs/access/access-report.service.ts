import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { ApiError } from '@app/common';
import { AccessType } from '@app/document';
import { ORGANIZATION_NOT_FOUND } from '@app/resource';
import { AccessRole } from '@app/resource';
import { Grant, resolveGrant } from './resolve-access';

/** One resource in a user's report (Velt's permissions/get): the access, or why there is none. */
export interface ResourceAccess {
  accessRole?: AccessRole;
  accessType?: AccessType;
  /** Unix seconds at which the deciding grant ends; absent when it does not. */
  expiresAt?: number;
  error?: string;
  errorCode?: 'permission_denied';
}

export interface UserAccessReport {
  organization: Record<string, ResourceAccess>;
  folders: Record<string, ResourceAccess>;
  documents: Record<string, ResourceAccess>;
}

export interface AccessReportRequest {
  organizationId: string;
  userIds: string[];
  /** Omitted: each user's report lists the folders (documents) the user holds a grant on. */
  folderIds?: string[];
  documentIds?: string[];
}

/** Velt answers a missing folder or document with this NOT_FOUND. */
export const FOLDER_OR_DOCUMENT_NOT_FOUND = 'Folder or document does not exist';

interface FolderRow {
  id: string;
  parent_folder_id: string | null;
  access_type: AccessType;
}

interface DocumentRow {
  id: string;
  folder_id: string | null;
  access_type: AccessType;
  disabled: boolean;
}

interface GrantRow {
  type: 'organization' | 'folder' | 'document';
  id: string;
  user_id: string;
  access_role: AccessRole;
  expires_at: Date | null;
}

/** Folders nest; the bound stops a corrupt parent cycle from looping (as in AccessService). */
const MAX_FOLDER_DEPTH = 64;

/**
 * Effective access of many users on an organization and some of its folders and documents, by the
 * rule of resolveAccess (docs/architecture.md "Tenancy and access"). Read in one snapshot; a user's admin flag lives in the token
 * only, so this reports the access of a non-admin.
 */
@Injectable()
export class AccessReportService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  report(apiKeyId: string, request: AccessReportRequest): Promise<Record<string, UserAccessReport>> {
    return this.dataSource.transaction('REPEATABLE READ', (manager) => this.read(manager, apiKeyId, request));
  }

  private async read(
    manager: EntityManager,
    apiKeyId: string,
    request: AccessReportRequest,
  ): Promise<Record<string, UserAccessReport>> {
    const { organizationId } = request;
    const userIds = [...new Set(request.userIds)];
    const [organization] = await manager.query<Array<{ disabled: boolean }>>(
      'SELECT disabled FROM organization WHERE api_key_id = $1 AND id = $2',
      [apiKeyId, organizationId],
    );
    if (!organization) throw ApiError.notFound(ORGANIZATION_NOT_FOUND);

    const grants = await manager.query<GrantRow[]>(
      `SELECT 'organization' AS type, organization_id AS id, user_id, access_role, expires_at FROM organization_grant
         WHERE api_key_id = $1 AND organization_id = $2 AND user_id = ANY($3::text[])
       UNION ALL
       SELECT 'folder', folder_id, user_id, access_role, expires_at FROM folder_grant
         WHERE api_key_id = $1 AND organization_id = $2 AND user_id = ANY($3::text[])
       UNION ALL
       SELECT 'document', document_id, user_id, access_role, expires_at FROM document_grant
         WHERE api_key_id = $1 AND organization_id = $2 AND user_id = ANY($3::text[])`,
      [apiKeyId, organizationId, userIds],
    );
    const grantOf = new Map(
      grants.map((row) => [
        `${row.type}\u0000${row.id}\u0000${row.user_id}`,
        { role: row.access_role, expiresAt: row.expires_at },
      ]),
    );
    const grant = (type: GrantRow['type'], id: string, userId: string): Grant | null =>
      grantOf.get(`${type}\u0000${id}\u0000${userId}`) ?? null;
    const idsByTypeAndUser = new Map<string, string[]>();
    for (const row of grants) {
      const key = `${row.type}\u0000${row.user_id}`;
      const ids = idsByTypeAndUser.get(key);
      if (ids) ids.push(row.id);
      else idsByTypeAndUser.set(key, [row.id]);
    }
    const grantedIds = (type: GrantRow['type'], userId: string) => idsByTypeAndUser.get(`${type}\u0000${userId}`) ?? [];

    const documentIds = request.documentIds
      ? [...new Set(request.documentIds)]
      : [...new Set(grants.filter((row) => row.type === 'document').map((row) => row.id))];
    const documents = await manager.query<DocumentRow[]>(
      'SELECT id, folder_id, access_type, disabled FROM document WHERE api_key_id = $1 AND organization_id = $2 AND id = ANY($3::text[])',
      [apiKeyId, organizationId, documentIds],
    );
    const folderIds = request.folderIds
      ? [...new Set(request.folderIds)]
      : [...new Set(grants.filter((row) => row.type === 'folder').map((row) => row.id))];
    const folders = await this.folderChains(manager, apiKeyId, organizationId, [
      ...folderIds,
      ...documents.flatMap((document) => (document.folder_id ? [document.folder_id] : [])),
    ]);
    const documentById = new Map(documents.map((document) => [document.id, document]));
    const requestedMissing =
      (request.documentIds ?? []).some((id) => !documentById.has(id)) ||
      (request.folderIds ?? []).some((id) => !folders.has(id));
    if (requestedMissing) throw ApiError.notFound(FOLDER_OR_DOCUMENT_NOT_FOUND);

    const members = new Set(
      (
        await manager.query<Array<{ id: string }>>(
          'SELECT id FROM app_user WHERE api_key_id = $1 AND organization_id = $2 AND id = ANY($3::text[])',
          [apiKeyId, organizationId, userIds],
        )
      ).map((row) => row.id),
    );

    const now = new Date();
    const chainGrants = (folderId: string | null, userId: string): Array<Grant | null> => {
      const chain: Array<Grant | null> = [];
      for (let id = folderId, depth = 0; id !== null && depth <= MAX_FOLDER_DEPTH; depth++) {
        chain.push(grant('folder', id, userId));
        id = folders.get(id)?.parent_folder_id ?? null;
      }
      return chain;
    };

    const reports: Record<string, UserAccessReport> = {};
    for (const userId of userIds) {
      const base = {
        organizationDisabled: organization.disabled,
        isAdmin: false,
        isOrganizationMember: members.has(userId),
        organizationGrant: grant('organization', organizationId, userId),
        now,
      };
      const report: UserAccessReport = { organization: {}, folders: {}, documents: {} };
      // The organization itself: its grant, else membership reads; no accessType of its own.
      const organizationAccess = resolveGrant({
        ...base,
        documentDisabled: false,
        accessType: 'organizationPrivate',
        documentGrant: null,
        folderGrants: [],
      });
      report.organization[organizationId] = entry(organizationAccess, 'organization');
      for (const folderId of request.folderIds ? folderIds : grantedIds('folder', userId)) {
        const folder = folders.get(folderId);
        if (!folder) continue;
        const access = resolveGrant({
          ...base,
          documentDisabled: false,
          accessType: folder.access_type,
          documentGrant: null,
          folderGrants: chainGrants(folderId, userId),
        });
        report.folders[folderId] = { ...entry(access, 'folder'), accessType: folder.access_type };
      }
      for (const documentId of request.documentIds ? documentIds : grantedIds('document', userId)) {
        const document = documentById.get(documentId);
        if (!document) continue;
        const access = resolveGrant({
          ...base,
          documentDisabled: document.disabled,
          accessType: document.access_type,
          documentGrant: grant('document', documentId, userId),
          folderGrants: chainGrants(document.folder_id, userId),
        });
        report.documents[documentId] = { ...entry(access, 'document'), accessType: document.access_type };
      }
      reports[userId] = report;
    }
    return reports;
  }

  /** The folders and all their ancestors, by id. */
  private async folderChains(
    manager: EntityManager,
    apiKeyId: string,
    organizationId: string,
    seeds: string[],
  ): Promise<Map<string, FolderRow>> {
    if (seeds.length === 0) return new Map();
    const rows = await manager.query<FolderRow[]>(
      `WITH RECURSIVE chain AS (
         SELECT f.id, f.parent_folder_id, f.access_type, 0 AS depth FROM folder f
           WHERE f.api_key_id = $1 AND f.organization_id = $2 AND f.id = ANY($3::text[])
         UNION ALL
         SELECT f.id, f.parent_folder_id, f.access_type, c.depth + 1 FROM folder f JOIN chain c ON f.id = c.parent_folder_id
           WHERE f.api_key_id = $1 AND f.organization_id = $2 AND c.depth < $4
       ) SELECT DISTINCT id, parent_folder_id, access_type FROM chain`,
      [apiKeyId, organizationId, [...new Set(seeds)], MAX_FOLDER_DEPTH],
    );
    return new Map(rows.map((row) => [row.id, row]));
  }
}

function entry(access: Grant | null, type: 'organization' | 'folder' | 'document'): ResourceAccess {
  if (!access) return { error: `User does not have access to ${type}`, errorCode: 'permission_denied' };
  return access.expiresAt
    ? { accessRole: access.role, expiresAt: Math.floor(access.expiresAt.getTime() / 1000) }
    : { accessRole: access.role };
}
