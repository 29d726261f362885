import { EntityManager } from 'typeorm';
import { ResourceRef, ResourceType } from '@app/resource';
import { AccessRole } from '@app/resource';

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

/** A grant as a write left it, with what it was before (null role: the user had none). */
export interface GrantChange extends GrantRow {
  previousRole: AccessRole | null;
  previousExpiresAt: Date | null;
}

interface GrantChangeRow {
  user_id: string;
  access_role: AccessRole;
  expires_at: Date | null;
  previous_role: AccessRole | null;
  previous_expires_at: Date | null;
}

/**
 * One multi-row upsert of grants on a resource; with `keepExisting`, a user who already holds a grant
 * keeps it as it is. Returns the grants it created or changed (an upsert to the same role and expiry is no change).
 */
export async function upsertGrants(
  manager: EntityManager,
  apiKeyId: string,
  ref: ResourceRef,
  grants: GrantRow[],
  keepExisting = false,
): Promise<GrantChange[]> {
  if (grants.length === 0) return [];
  const { columns, params } = resourceKey(apiKeyId, ref);
  const n = params.length;
  const key = [...columns, 'user_id'].join(', ');
  const table = TABLES[ref.type].table;
  const filter = columns.map((column, i) => `${column} = $${i + 1}`).join(' AND ');
  // Every part of one statement reads the same snapshot: `previous` is the grants as they were before this upsert.
  const rows: GrantChangeRow[] = await manager.query(
    `WITH previous AS (SELECT user_id, access_role, expires_at FROM ${table} WHERE ${filter} AND user_id = ANY($${n + 1}::text[]))
     INSERT INTO ${table} AS t (${key}, access_role, expires_at)
     SELECT ${columns.map((_, i) => `$${i + 1}`).join(', ')}, g.user_id, g.role, g.expires_at
     FROM unnest($${n + 1}::text[], $${n + 2}::text[], $${n + 3}::timestamptz[]) AS g(user_id, role, expires_at)
     ON CONFLICT (${key}) ${keepExisting ? 'DO NOTHING' : 'DO UPDATE SET access_role = EXCLUDED.access_role, expires_at = EXCLUDED.expires_at'}
     RETURNING t.user_id, t.access_role, t.expires_at,
       (SELECT p.access_role FROM previous p WHERE p.user_id = t.user_id) AS previous_role,
       (SELECT p.expires_at FROM previous p WHERE p.user_id = t.user_id) AS previous_expires_at`,
    [...params, grants.map((g) => g.userId), grants.map((g) => g.role), grants.map((g) => g.expiresAt)],
  );
  return rows
    .map((row) => ({
      userId: row.user_id,
      role: row.access_role,
      expiresAt: row.expires_at,
      previousRole: row.previous_role,
      previousExpiresAt: row.previous_expires_at,
    }))
    .filter(
      (grant) => grant.role !== grant.previousRole || grant.expiresAt?.getTime() !== grant.previousExpiresAt?.getTime(),
    );
}

/** Deletes the users' grants on a resource; returns the grants that were there. */
export async function deleteGrants(
  manager: EntityManager,
  apiKeyId: string,
  ref: ResourceRef,
  userIds: string[],
): Promise<GrantRow[]> {
  const { columns, params } = resourceKey(apiKeyId, ref);
  const filter = columns.map((column, i) => `${column} = $${i + 1}`).join(' AND ');
  const rows = await deleteReturning<{ user_id: string; access_role: AccessRole; expires_at: Date | null }>(
    manager,
    `DELETE FROM ${TABLES[ref.type].table} WHERE ${filter} AND user_id = ANY($${params.length + 1}::text[]) RETURNING user_id, access_role, expires_at`,
    [...params, userIds],
  );
  return rows.map((row) => ({ userId: row.user_id, role: row.access_role, expiresAt: row.expires_at }));
}

/** Deletes every grant the users hold on resources of `type` in the organization; returns each with its resource. */
export async function deleteGrantsInOrganization(
  manager: EntityManager,
  apiKeyId: string,
  organizationId: string,
  type: ResourceType,
  userIds: string[],
): Promise<Array<{ ref: ResourceRef; grant: GrantRow }>> {
  const { table, column } = TABLES[type];
  const rows = await deleteReturning<{
    resource_id: string;
    user_id: string;
    access_role: AccessRole;
    expires_at: Date | null;
  }>(
    manager,
    `DELETE FROM ${table} WHERE api_key_id = $1 AND organization_id = $2 AND user_id = ANY($3::text[])
     RETURNING ${column ?? 'organization_id'} AS resource_id, user_id, access_role, expires_at`,
    [apiKeyId, organizationId, userIds],
  );
  return rows.map((row) => ({
    ref: { type, organizationId, id: row.resource_id },
    grant: { userId: row.user_id, role: row.access_role, expiresAt: row.expires_at },
  }));
}

export function grantTable(type: ResourceType): string {
  return TABLES[type].table;
}

/** TypeORM's PostgreSQL driver answers DELETE ... RETURNING with `[rows, rowCount]`. */
export async function deleteReturning<T>(manager: EntityManager, sql: string, params: unknown[]): Promise<T[]> {
  const [rows] = await manager.query<[T[], number]>(sql, params);
  return rows;
}
