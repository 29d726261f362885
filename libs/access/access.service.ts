import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { ApiError } from '@app/common';
import { preparedStatement, queryPrepared } from '@app/database';
import { AccessType } from '@app/document';
import { DOCUMENT_NOT_FOUND } from '@app/resource';
import { AccessRole } from '@app/resource';
import { Grant, resolveAccess } from './resolve-access';

export interface AccessSubject {
  apiKeyId: string;
  userId: string;
  isAdmin: boolean;
}

interface RawGrant {
  role: AccessRole | null;
  expiresAt: string | null;
}

interface FactsRow {
  document_id: string;
  organization_disabled: boolean;
  document_disabled: boolean;
  access_type: AccessType;
  member: boolean;
  document_grant: RawGrant | null;
  organization_grant: RawGrant | null;
  folder_grants: RawGrant[] | null;
}

/** Where a document sits, for a permission provider's query (Velt sends the folder as `parentFolderId`). */
export interface DocumentPlacement {
  folderId: string | null;
  /** The document or its organization is disabled: nobody has access, whatever a provider says. */
  disabled: boolean;
}

/** Folders nest; the bound stops a corrupt parent cycle from looping. */
const MAX_FOLDER_DEPTH = 64;

/** Loads the facts of one user and some documents in a single query and applies resolveAccess. */
@Injectable()
export class AccessService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The user's role on the document, or null; NOT_FOUND when the document does not exist. Pass `manager` to read inside a transaction. */
  async roleOn(
    subject: AccessSubject,
    organizationId: string,
    documentId: string,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<AccessRole | null> {
    const roles = await this.rolesOn(subject, organizationId, [documentId], manager);
    if (!roles.has(documentId)) throw ApiError.notFound(DOCUMENT_NOT_FOUND);
    return roles.get(documentId)!;
  }

  /** roleOn for many documents of one organization in one query; a document that does not exist has no entry. */
  async rolesOn(
    subject: AccessSubject,
    organizationId: string,
    documentIds: string[],
    manager: EntityManager = this.dataSource.manager,
  ): Promise<Map<string, AccessRole | null>> {
    const rows = await queryPrepared<FactsRow>(manager, FACTS, [
      subject.apiKeyId,
      organizationId,
      documentIds,
      subject.userId,
      MAX_FOLDER_DEPTH,
    ]);
    const now = new Date();
    return new Map(
      rows.map((row) => [
        row.document_id,
        resolveAccess({
          organizationDisabled: row.organization_disabled,
          documentDisabled: row.document_disabled,
          accessType: row.access_type,
          isAdmin: subject.isAdmin,
          isOrganizationMember: row.member,
          documentGrant: toGrant(row.document_grant),
          folderGrants: (row.folder_grants ?? []).map(toGrant),
          organizationGrant: toGrant(row.organization_grant),
          now,
        }),
      ]),
    );
  }

  /** NOT_FOUND when the document does not exist, as roleOn. */
  async documentPlacement(apiKeyId: string, organizationId: string, documentId: string): Promise<DocumentPlacement> {
    const [row] = await this.dataSource.query<Array<{ folder_id: string | null; disabled: boolean }>>(
      `SELECT d.folder_id, d.disabled OR o.disabled AS disabled
       FROM document d JOIN organization o ON o.api_key_id = d.api_key_id AND o.id = d.organization_id
       WHERE d.api_key_id = $1 AND d.organization_id = $2 AND d.id = $3`,
      [apiKeyId, organizationId, documentId],
    );
    if (!row) throw ApiError.notFound(DOCUMENT_NOT_FOUND);
    return { folderId: row.folder_id, disabled: row.disabled };
  }
}

function toGrant(raw: RawGrant | null): Grant | null {
  if (!raw?.role) return null;
  return { role: raw.role, expiresAt: raw.expiresAt ? new Date(raw.expiresAt) : null };
}

const FACTS = preparedStatement(`
WITH RECURSIVE target AS (
  SELECT d.id AS document_id, d.disabled AS document_disabled, d.access_type, d.folder_id, o.disabled AS organization_disabled
  FROM document d JOIN organization o ON o.api_key_id = d.api_key_id AND o.id = d.organization_id
  WHERE d.api_key_id = $1 AND d.organization_id = $2 AND d.id = ANY($3::text[])
), chain AS (
  SELECT t.document_id, f.id, f.parent_folder_id, 0 AS depth
  FROM folder f JOIN target t ON f.id = t.folder_id
  WHERE f.api_key_id = $1 AND f.organization_id = $2
  UNION ALL
  SELECT c.document_id, f.id, f.parent_folder_id, c.depth + 1
  FROM folder f JOIN chain c ON f.id = c.parent_folder_id
  WHERE f.api_key_id = $1 AND f.organization_id = $2 AND c.depth < $5
)
SELECT t.document_id, t.document_disabled, t.access_type, t.organization_disabled,
  EXISTS (SELECT 1 FROM app_user u WHERE u.api_key_id = $1 AND u.organization_id = $2 AND u.id = $4) AS member,
  (SELECT json_build_object('role', g.access_role, 'expiresAt', g.expires_at) FROM document_grant g
    WHERE g.api_key_id = $1 AND g.organization_id = $2 AND g.document_id = t.document_id AND g.user_id = $4) AS document_grant,
  (SELECT json_build_object('role', g.access_role, 'expiresAt', g.expires_at) FROM organization_grant g
    WHERE g.api_key_id = $1 AND g.organization_id = $2 AND g.user_id = $4) AS organization_grant,
  (SELECT json_agg(json_build_object('role', g.access_role, 'expiresAt', g.expires_at) ORDER BY c.depth)
    FROM chain c LEFT JOIN folder_grant g
      ON g.api_key_id = $1 AND g.organization_id = $2 AND g.folder_id = c.id AND g.user_id = $4
    WHERE c.document_id = t.document_id) AS folder_grants
FROM target t`);
