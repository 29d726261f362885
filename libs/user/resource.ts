import { EntityManager } from 'typeorm';
import { ResourceRef, ResourceType } from '@app/resource';
import { AccessRole } from './access-role';

export interface GrantRow {
  userId: string;
  role: AccessRole;
  expiresAt: Date | null;
}

const TABLES: Record<ResourceType, { table: string; column: string | null }> = {
  organization: { table: 'organization_grant', column: null },
  folder: { table: 'folder_grant', column: 'folder_id' },
  document: { table: 'document_grant', column: 'document_id' },
};

/** Parameters $1.. that pin a grant table to one resource, with the matching column names. */
export function resourceKey(apiKeyId: string, ref: ResourceRef): { columns: string[]; params: unknown[] } {
  const { column } = TABLES[ref.type];
  return column
    ? { columns: ['api_key_id', 'organization_id', column], params: [apiKeyId, ref.organizationId, ref.id] }
    : { columns: ['api_key_id', 'organization_id'], params: [apiKeyId, ref.organizationId] };
}

/** One multi-row upsert of grants on a resource; with `keepExisting`, a user who already holds a grant keeps it as it is. */
export async function upsertGrants(manager: EntityManager, apiKeyId: string, ref: ResourceRef, grants: GrantRow[], keepExisting = false): Promise<void> {
  if (grants.length === 0) return;
  const { columns, params } = resourceKey(apiKeyId, ref);
  const n = params.length;
  const key = [...columns, 'user_id'].join(', ');
  await manager.query(
    `INSERT INTO ${TABLES[ref.type].table} (${key}, access_role, expires_at)
     SELECT ${columns.map((_, i) => `$${i + 1}`).join(', ')}, g.user_id, g.role, g.expires_at
     FROM unnest($${n + 1}::text[], $${n + 2}::text[], $${n + 3}::timestamptz[]) AS g(user_id, role, expires_at)
     ON CONFLICT (${key}) ${keepExisting ? 'DO NOTHING' : 'DO UPDATE SET access_role = EXCLUDED.access_role, expires_at = EXCLUDED.expires_at'}`,
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
  const [rows] = await manager.query<[T[], number]>(sql, params);
  return rows;
}
