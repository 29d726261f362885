import { EntityManager } from 'typeorm';
import { ApiError } from '@app/common';
import { AccessRole } from './access-role';

export const RESOURCE_TYPES = ['organization', 'folder', 'document'] as const;
export type ResourceType = (typeof RESOURCE_TYPES)[number];

/** A grantable resource; for an organization `id` equals `organizationId`. */
export interface ResourceRef {
  type: ResourceType;
  organizationId: string;
  id: string;
}

export interface GrantRow {
  userId: string;
  role: AccessRole;
  expiresAt: Date | null;
}

const TABLES: Record<ResourceType, { table: string; column: string | null; label: string }> = {
  organization: { table: 'organization_grant', column: null, label: 'Organization' },
  folder: { table: 'folder_grant', column: 'folder_id', label: 'Folder' },
  document: { table: 'document_grant', column: 'document_id', label: 'Document' },
};

const EXISTS_SQL: Record<ResourceType, string> = {
  organization: 'SELECT 1 FROM organization WHERE api_key_id = $1 AND id = $2',
  folder: 'SELECT 1 FROM folder WHERE api_key_id = $1 AND organization_id = $2 AND id = $3',
  document: 'SELECT 1 FROM document WHERE api_key_id = $1 AND organization_id = $2 AND id = $3',
};

/**
 * NOT_FOUND naming the resource. Inside a transaction that writes rows referencing it, pass
 * `lock` so FOR KEY SHARE keeps it from being deleted before commit; plain reads skip the row lock.
 */
export async function assertResourceExists(manager: EntityManager, apiKeyId: string, ref: ResourceRef, lock = true): Promise<void> {
  if (ref.type !== 'organization') {
    await assertResourceExists(manager, apiKeyId, { type: 'organization', organizationId: ref.organizationId, id: ref.organizationId }, lock);
  }
  const params = ref.type === 'organization' ? [apiKeyId, ref.id] : [apiKeyId, ref.organizationId, ref.id];
  const rows: unknown[] = await manager.query(lock ? `${EXISTS_SQL[ref.type]} FOR KEY SHARE` : EXISTS_SQL[ref.type], params);
  if (rows.length === 0) throw ApiError.notFound(`${TABLES[ref.type].label} does not exist.`);
}

/** Parameters $1.. that pin a grant table to one resource, with the matching column names. */
export function resourceKey(apiKeyId: string, ref: ResourceRef): { columns: string[]; params: unknown[] } {
  const { column } = TABLES[ref.type];
  return column
    ? { columns: ['api_key_id', 'organization_id', column], params: [apiKeyId, ref.organizationId, ref.id] }
    : { columns: ['api_key_id', 'organization_id'], params: [apiKeyId, ref.organizationId] };
}

/** One multi-row upsert of grants on a resource. */
export async function upsertGrants(manager: EntityManager, apiKeyId: string, ref: ResourceRef, grants: GrantRow[]): Promise<void> {
  if (grants.length === 0) return;
  const { columns, params } = resourceKey(apiKeyId, ref);
  const n = params.length;
  const key = [...columns, 'user_id'].join(', ');
  await manager.query(
    `INSERT INTO ${TABLES[ref.type].table} (${key}, access_role, expires_at)
     SELECT ${columns.map((_, i) => `$${i + 1}`).join(', ')}, g.user_id, g.role, g.expires_at
     FROM unnest($${n + 1}::text[], $${n + 2}::text[], $${n + 3}::timestamptz[]) AS g(user_id, role, expires_at)
     ON CONFLICT (${key}) DO UPDATE SET access_role = EXCLUDED.access_role, expires_at = EXCLUDED.expires_at`,
    [...params, grants.map((g) => g.userId), grants.map((g) => g.role), grants.map((g) => g.expiresAt)],
  );
}

/** Deletes the users' grants on a resource; returns the user ids that had one. */
export async function deleteGrants(manager: EntityManager, apiKeyId: string, ref: ResourceRef, userIds: string[]): Promise<string[]> {
  const { columns, params } = resourceKey(apiKeyId, ref);
  const filter = columns.map((column, i) => `${column} = $${i + 1}`).join(' AND ');
  const rows = await deleteReturning<{ user_id: string }>(
    manager,
    `DELETE FROM ${TABLES[ref.type].table} WHERE ${filter} AND user_id = ANY($${params.length + 1}::text[]) RETURNING user_id`,
    [...params, userIds],
  );
  return rows.map((row) => row.user_id);
}

export function grantTable(type: ResourceType): string {
  return TABLES[type].table;
}

/** TypeORM's PostgreSQL driver answers DELETE ... RETURNING with `[rows, rowCount]`. */
export async function deleteReturning<T>(manager: EntityManager, sql: string, params: unknown[]): Promise<T[]> {
  const [rows] = (await manager.query(sql, params)) as [T[], number];
  return rows;
}
