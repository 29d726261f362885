import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { ApiError, AppConfig, BatchItem, item, KeysetPager, keysetListing } from '@app/common';
import { RealtimeRevocation } from '@app/realtime-hub';
import { ensureResource, ResourceRef } from '@app/resource';
import { AccessRole } from './access-role';
import { DeleteUsersDto, GetUsersDto, UserInputDto, UserScopeDto, WriteUsersDto } from './dto/users.dto';
import { deleteGrants, deleteReturning, grantTable, resourceKey, upsertGrants } from './resource';

export interface UserView {
  userId: string;
  name: string;
  email: string;
  accessRole: AccessRole | null;
}

export interface UserPage {
  users: UserView[];
  nextPageToken?: string;
}

interface UserRow {
  id: string;
  name: string | null;
  email: string | null;
  access_role: AccessRole | null;
}

const USER_LISTING = keysetListing('users', ['text'], (row: UserRow) => [row.id]);

/** End users of an organization and their role on the organization, a folder or a document (spec: Users). */
@Injectable()
export class UserService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly config: AppConfig,
    private readonly revocation: RealtimeRevocation,
  ) {}

  async add(apiKeyId: string, dto: WriteUsersDto): Promise<BatchItem[]> {
    const scope = toScope(dto);
    const users = lastPerUser(dto.users);
    await this.dataSource.transaction(async (manager) => {
      await ensureResource(manager, apiKeyId, scope);
      await this.write(manager, apiKeyId, scope, users);
    });
    return users.map((user) => item(user.userId, true, 'User added.'));
  }

  /** Spec: items "User updated." or "User does not exist." (not a profile of this organization). */
  async update(apiKeyId: string, dto: WriteUsersDto): Promise<BatchItem[]> {
    const scope = toScope(dto);
    const users = lastPerUser(dto.users);
    const known = await this.dataSource.transaction(async (manager) => {
      await ensureResource(manager, apiKeyId, scope);
      const rows: Array<{ id: string }> = await manager.query(
        'SELECT id FROM app_user WHERE api_key_id = $1 AND organization_id = $2 AND id = ANY($3::text[]) FOR UPDATE',
        [apiKeyId, scope.organizationId, users.map((user) => user.userId)],
      );
      const ids = new Set(rows.map((row) => row.id));
      await this.write(manager, apiKeyId, scope, users.filter((user) => ids.has(user.userId)));
      return ids;
    });
    // A downgrade to viewer must stop live editing at once.
    await this.revocation.revokeUsers(apiKeyId, [...known], scope.organizationId);
    return users.map((user) =>
      known.has(user.userId) ? item(user.userId, true, 'User updated.') : item(user.userId, false, 'User does not exist.'),
    );
  }

  async get(apiKeyId: string, dto: GetUsersDto): Promise<UserPage> {
    const scope = toScope(dto);
    const pager = new KeysetPager(USER_LISTING, dto, { apiKeyId, filters: [scope, dto.userIds ?? null] }, this.config.pageTokenKey);
    await ensureResource(this.dataSource.manager, apiKeyId, scope, { lock: false });
    // Every id is at least one character, so '' is below them all.
    const after = pager.after?.[0] ?? '';
    const rows: UserRow[] = await this.dataSource.query(listSql(scope), [...resourceKey(apiKeyId, scope).params, after, dto.userIds ?? null, pager.limit]);
    const page = pager.page(rows);
    const users = page.rows.map((row) => ({ userId: row.id, name: row.name ?? '', email: row.email ?? '', accessRole: row.access_role }));
    return page.nextToken ? { users, nextPageToken: page.nextToken } : { users };
  }

  /**
   * Organization scope removes the users from the organization with all their grants in it;
   * document or folder scope removes only the grant there.
   */
  async delete(apiKeyId: string, dto: DeleteUsersDto): Promise<BatchItem[]> {
    const scope = toScope(dto);
    const userIds = [...new Set(dto.userIds)];
    const removed = await this.dataSource.transaction(async (manager) => {
      await ensureResource(manager, apiKeyId, scope);
      if (scope.type !== 'organization') return new Set(await deleteGrants(manager, apiKeyId, scope, userIds));
      const found = new Set<string>();
      for (const table of ['app_user', 'organization_grant', 'folder_grant', 'document_grant']) {
        const column = table === 'app_user' ? 'id' : 'user_id';
        const rows = await deleteReturning<{ id: string }>(
          manager,
          `DELETE FROM ${table} WHERE api_key_id = $1 AND organization_id = $2 AND ${column} = ANY($3::text[]) RETURNING ${column} AS id`,
          [apiKeyId, scope.organizationId, userIds],
        );
        for (const row of rows) found.add(row.id);
      }
      return found;
    });
    await this.revocation.revokeUsers(apiKeyId, [...removed], scope.organizationId);
    return userIds.map((id) => (removed.has(id) ? item(id, true, 'User deleted.') : item(id, false, 'User does not exist.')));
  }

  /** Profiles (one upsert; omitted fields keep their value) and, where a role is given, the grant on the scope. */
  private async write(manager: EntityManager, apiKeyId: string, scope: ResourceRef, users: UserInputDto[]): Promise<void> {
    if (users.length === 0) return;
    await manager.query(
      `INSERT INTO app_user (api_key_id, organization_id, id, name, email)
       SELECT $1, $2, u.id, u.name, u.email FROM unnest($3::text[], $4::text[], $5::text[]) AS u(id, name, email)
       ON CONFLICT (api_key_id, organization_id, id) DO UPDATE
       SET name = COALESCE(EXCLUDED.name, app_user.name), email = COALESCE(EXCLUDED.email, app_user.email), updated_at = now()`,
      [apiKeyId, scope.organizationId, users.map((u) => u.userId), users.map((u) => u.name ?? null), users.map((u) => u.email ?? null)],
    );
    const grants = users.filter((user) => user.accessRole).map((user) => ({ userId: user.userId, role: user.accessRole!, expiresAt: null }));
    await upsertGrants(manager, apiKeyId, scope, grants);
  }
}

export function toScope(dto: UserScopeDto): ResourceRef {
  if (dto.documentId !== undefined && dto.folderId !== undefined) {
    throw ApiError.invalid('Give data.documentId or data.folderId, not both.');
  }
  if (dto.documentId !== undefined) return { type: 'document', organizationId: dto.organizationId, id: dto.documentId };
  if (dto.folderId !== undefined) return { type: 'folder', organizationId: dto.organizationId, id: dto.folderId };
  return { type: 'organization', organizationId: dto.organizationId, id: dto.organizationId };
}

/** Several items for one user in a batch: the last one wins, as a sequence of single calls would. */
function lastPerUser(users: UserInputDto[]): UserInputDto[] {
  return [...new Map(users.map((user) => [user.userId, user])).values()];
}

/**
 * Organization scope lists the organization's profiles with their organization role; document
 * and folder scope list the users holding a grant there.
 */
function listSql(scope: ResourceRef): string {
  const key = resourceKey('', scope);
  const n = key.params.length;
  const grantFilter = key.columns.map((column, i) => `g.${column} = $${i + 1}`).join(' AND ');
  if (scope.type === 'organization') {
    return `SELECT u.id, u.name, u.email, g.access_role FROM app_user u
      LEFT JOIN organization_grant g ON ${grantFilter} AND g.user_id = u.id
      WHERE u.api_key_id = $1 AND u.organization_id = $2 AND u.id > $${n + 1}
        AND ($${n + 2}::text[] IS NULL OR u.id = ANY($${n + 2}::text[]))
      ORDER BY u.id LIMIT $${n + 3}`;
  }
  return `SELECT g.user_id AS id, u.name, u.email, g.access_role FROM ${grantTable(scope.type)} g
    LEFT JOIN app_user u ON u.api_key_id = g.api_key_id AND u.organization_id = g.organization_id AND u.id = g.user_id
    WHERE ${grantFilter} AND g.user_id > $${n + 1}
      AND ($${n + 2}::text[] IS NULL OR g.user_id = ANY($${n + 2}::text[]))
    ORDER BY g.user_id LIMIT $${n + 3}`;
}
