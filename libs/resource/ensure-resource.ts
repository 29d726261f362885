import { EntityManager } from 'typeorm';
import { ApiError, ErrorCode } from '@app/common';
import { preparedStatement, queryPrepared } from '@app/database';
import { NOT_FOUND_MESSAGE, ORGANIZATION_DISABLED, ResourceRef, ResourceType } from './resource-ref';

export interface EnsureOptions {
  /**
   * FOR KEY SHARE on every row read (the default), so a concurrent delete waits for the caller's
   * commit instead of breaking the foreign keys of what it inserts. Plain reads pass false.
   */
  lock?: boolean;
  /** FAILED_PRECONDITION "Organization is disabled." when it is. */
  requireEnabled?: boolean;
  /**
   * False reads only the folder's or document's own row, so a missing organization answers that
   * resource's NOT_FOUND (as the comment routes do, like AccessService.roleOn).
   */
  checkOrganization?: boolean;
}

export interface CreateOptions extends EnsureOptions {
  /** Insert the resource first when missing, named after its id (a folder or document at the top level). */
  create?: boolean;
}

/** The one row the existence query answers; none when the first resource it reads is missing. */
export interface ExistenceRow {
  disabled: boolean | null;
  found: boolean;
}

const TABLE: Record<ResourceType, string> = { organization: 'organization', folder: 'folder', document: 'document' };

/**
 * Makes sure the resource exists for the rest of the caller's transaction, or throws its NOT_FOUND
 * (the organization's first when that is what is missing). One round trip, plus one insert with `create`.
 */
export function ensureResource(
  manager: EntityManager,
  apiKeyId: string,
  ref: ResourceRef,
  options: EnsureOptions = {},
): Promise<void> {
  return ensure(manager, apiKeyId, ref, options);
}

export function ensureOrganization(
  manager: EntityManager,
  apiKeyId: string,
  organizationId: string,
  options: CreateOptions = {},
): Promise<void> {
  return ensure(manager, apiKeyId, { type: 'organization', organizationId, id: organizationId }, options);
}

export function ensureFolder(
  manager: EntityManager,
  apiKeyId: string,
  organizationId: string,
  folderId: string,
  options: CreateOptions = {},
): Promise<void> {
  return ensure(manager, apiKeyId, { type: 'folder', organizationId, id: folderId }, options);
}

export function ensureDocument(
  manager: EntityManager,
  apiKeyId: string,
  organizationId: string,
  documentId: string,
  options: CreateOptions = {},
): Promise<void> {
  return ensure(manager, apiKeyId, { type: 'document', organizationId, id: documentId }, options);
}

async function ensure(
  manager: EntityManager,
  apiKeyId: string,
  ref: ResourceRef,
  options: CreateOptions,
): Promise<void> {
  if (options.create) {
    const insert = createStatement(apiKeyId, ref);
    await manager.query(insert.sql, insert.params);
  }
  const { sql, params } = existenceQuery(apiKeyId, ref, options);
  const [row] = await queryPrepared<ExistenceRow>(manager, preparedStatement(sql), params);
  const error = refusal(ref, row, options);
  if (error) throw error;
}

/**
 * A folder or document is read together with its organization. The organization row is locked in
 * a materialized CTE, before the child row, in the order a cascading delete takes them.
 */
export function existenceQuery(
  apiKeyId: string,
  ref: ResourceRef,
  options: EnsureOptions,
): { sql: string; params: string[] } {
  const lock = options.lock === false ? '' : ' FOR KEY SHARE';
  if (ref.type === 'organization') {
    return {
      sql: `SELECT disabled, true AS found FROM organization WHERE api_key_id = $1 AND id = $2${lock}`,
      params: [apiKeyId, ref.id],
    };
  }
  const params = [apiKeyId, ref.organizationId, ref.id];
  if (options.checkOrganization === false) {
    return {
      sql: `SELECT NULL::boolean AS disabled, true AS found FROM ${TABLE[ref.type]} WHERE api_key_id = $1 AND organization_id = $2 AND id = $3${lock}`,
      params,
    };
  }
  return {
    sql: `WITH o AS MATERIALIZED (SELECT api_key_id, id, disabled FROM organization WHERE api_key_id = $1 AND id = $2${lock})
      SELECT o.disabled, EXISTS (
        SELECT 1 FROM ${TABLE[ref.type]} r WHERE r.api_key_id = o.api_key_id AND r.organization_id = o.id AND r.id = $3${lock}
      ) AS found FROM o`,
    params,
  };
}

/** The error the caller answers for what the existence query found, in the order missing, disabled, missing child. */
export function refusal(ref: ResourceRef, row: ExistenceRow | undefined, options: EnsureOptions): ApiError | null {
  const organizationRead = ref.type === 'organization' || options.checkOrganization !== false;
  if (!row) return ApiError.notFound(NOT_FOUND_MESSAGE[organizationRead ? 'organization' : ref.type]);
  if (options.requireEnabled && row.disabled) return new ApiError(ErrorCode.FAILED_PRECONDITION, ORGANIZATION_DISABLED);
  if (!row.found) return ApiError.notFound(NOT_FOUND_MESSAGE[ref.type]);
  return null;
}

/** A folder or document is only created inside an existing organization; otherwise nothing is inserted and the check answers NOT_FOUND. */
function createStatement(apiKeyId: string, ref: ResourceRef): { sql: string; params: string[] } {
  switch (ref.type) {
    case 'organization':
      return {
        sql: 'INSERT INTO organization (api_key_id, id, name) VALUES ($1, $2, $2) ON CONFLICT DO NOTHING',
        params: [apiKeyId, ref.id],
      };
    case 'folder':
      return {
        sql: `INSERT INTO folder (api_key_id, organization_id, id, name)
          SELECT api_key_id, id, $3, $3 FROM organization WHERE api_key_id = $1 AND id = $2 ON CONFLICT DO NOTHING`,
        params: [apiKeyId, ref.organizationId, ref.id],
      };
    case 'document':
      return {
        sql: `INSERT INTO document (api_key_id, organization_id, id, name)
          SELECT api_key_id, id, $3, $3 FROM organization WHERE api_key_id = $1 AND id = $2 ON CONFLICT DO NOTHING`,
        params: [apiKeyId, ref.organizationId, ref.id],
      };
  }
}
