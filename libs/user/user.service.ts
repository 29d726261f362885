import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { ApiError, AppConfig, BatchItem, item, KeysetPager, keysetListing } from '@app/common';
import { preparedStatement, queryPrepared } from '@app/database';
import { AddUserGroupMembersDto, UserGroupMemberService } from '@app/organization';
import { Emit, EventOutbox } from '@app/events';
import { RealtimeRevocation } from '@app/realtime-hub';
import { ensureDocument, ensureFolder, ensureOrganization, ensureResource, ResourceRef } from '@app/resource';
import { AccessRole } from '@app/resource';
import type {
  AddUsersDto,
  DeleteUsersDto,
  GetUsersDto,
  UserInputDto,
  UserScopeDto,
  WriteUsersDto,
} from './dto/users.dto';
import { USER_PROFILE_FIELDS } from './user-profile';
import { emitGrantsAdded, emitGrantsRemoved } from './grant-events';
import {
  deleteGrants,
  deleteGrantsInOrganization,
  deleteReturning,
  grantTable,
  resourceKey,
  upsertGrants,
} from './resource';

export interface UserView extends Record<string, unknown> {
  userId: string;
  name: string;
  email: string;
  accessRole: AccessRole | null;
  organizationId: string;
}

/** A group member as a comment's tagged contacts list them. */
export interface GroupContact {
  userId: string;
  name?: string;
  email?: string;
}

export interface UserPage {
  /** A list, or with allDocuments + groupByDocumentId a map from document id to its users. */
  users: UserView[] | Record<string, UserView[]>;
  nextPageToken?: string;
}

interface UserRow {
  id: string;
  name: string | null;
  email: string | null;
  properties: Record<string, unknown> | null;
  access_role: AccessRole | null;
}

interface DocumentUserRow extends UserRow {
  document_id: string;
}

const USER_LISTING = keysetListing('users', ['text'], (row: UserRow) => [row.id]);
const DOCUMENT_USER_LISTING = keysetListing('users-all-documents', ['text', 'text'], (row: DocumentUserRow) => [
  row.document_id,
  row.id,
]);

/** End users of an organization and their role on the organization, a folder or a document (spec: Users). */
@Injectable()
export class UserService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly config: AppConfig,
    private readonly revocation: RealtimeRevocation,
    private readonly groupMembers: UserGroupMemberService,
    private readonly outbox: EventOutbox,
  ) {}

  /** How many distinct users the API key has in any organization (the console's overview). */
  async count(apiKeyId: string): Promise<number> {
    const [row] = await this.dataSource.query<Array<{ n: number }>>(
      'SELECT count(DISTINCT id)::int AS n FROM app_user WHERE api_key_id = $1',
      [apiKeyId],
    );
    return row.n;
  }

  /**
   * Velt's defaults: a missing organization is created unless `createOrganization` is false; a
   * missing folder or document only with `createFolder` / `createDocument`; an omitted role is editor.
   */
  async add(apiKeyId: string, dto: AddUsersDto): Promise<BatchItem[]> {
    const scope = toScope(dto);
    const users = lastPerUser(checkOrganization(dto));
    await this.outbox.transaction(apiKeyId, async (manager, emit) => {
      await ensureOrganization(manager, apiKeyId, scope.organizationId, { create: dto.createOrganization !== false });
      if (scope.type === 'folder')
        await ensureFolder(manager, apiKeyId, scope.organizationId, scope.id, { create: dto.createFolder === true });
      if (scope.type === 'document')
        await ensureDocument(manager, apiKeyId, scope.organizationId, scope.id, {
          create: dto.createDocument === true,
        });
      await this.write(manager, emit, apiKeyId, scope, users, 'editor');
    });
    // Adding again may lower a role: live editing must follow at once.
    await this.revocation.revokeUsers(
      apiKeyId,
      users.map((user) => user.userId),
      scope.organizationId,
    );
    return users.map((user) => item(user.userId, true, 'User added.'));
  }

  /** Spec: items "User updated." or "User does not exist." (not a profile of this organization). */
  async update(apiKeyId: string, dto: WriteUsersDto): Promise<BatchItem[]> {
    const scope = toScope(dto);
    const users = lastPerUser(checkOrganization(dto));
    const known = await this.outbox.transaction(apiKeyId, async (manager, emit) => {
      await ensureResource(manager, apiKeyId, scope);
      const rows: Array<{ id: string }> = await manager.query(
        'SELECT id FROM app_user WHERE api_key_id = $1 AND organization_id = $2 AND id = ANY($3::text[]) FOR UPDATE',
        [apiKeyId, scope.organizationId, users.map((user) => user.userId)],
      );
      const ids = new Set(rows.map((row) => row.id));
      await this.write(
        manager,
        emit,
        apiKeyId,
        scope,
        users.filter((user) => ids.has(user.userId)),
        null,
      );
      return ids;
    });
    // A downgrade to viewer must stop live editing at once.
    await this.revocation.revokeUsers(apiKeyId, [...known], scope.organizationId);
    return users.map((user) =>
      known.has(user.userId)
        ? item(user.userId, true, 'User updated.')
        : item(user.userId, false, 'User does not exist.'),
    );
  }

  async get(apiKeyId: string, dto: GetUsersDto): Promise<UserPage> {
    const scope = toScope(dto);
    if (dto.groupByDocumentId && !dto.allDocuments)
      throw ApiError.invalid('data.groupByDocumentId works only with data.allDocuments.');
    if (dto.allDocuments && scope.type !== 'organization')
      throw ApiError.invalid('Give data.allDocuments or data.documentId / data.folderId, not both.');
    await ensureResource(this.dataSource.manager, apiKeyId, scope, { lock: false });
    const userIds = await this.userFilter(apiKeyId, scope.organizationId, dto);
    if (dto.allDocuments) return this.documentUsers(apiKeyId, dto, scope.organizationId, userIds);
    const pager = new KeysetPager(
      USER_LISTING,
      dto,
      { apiKeyId, filters: [scope, ...pageFilters(dto)] },
      this.config.pageTokenKey,
    );
    // Every id is at least one character, so '' is below them all.
    const after = pager.after?.[0] ?? '';
    const rows = await queryPrepared<UserRow>(this.dataSource, preparedStatement(listSql(scope)), [
      ...resourceKey(apiKeyId, scope).params,
      after,
      userIds,
      pager.limit,
    ]);
    const page = pager.page(rows);
    const users = page.rows.map((row) => toView(row, scope.organizationId));
    return page.nextToken ? { users, nextPageToken: page.nextToken } : { users };
  }

  /** userIds, narrowed to the members of organizationUserGroupIds when those are given; null: no filter. */
  private async userFilter(apiKeyId: string, organizationId: string, dto: GetUsersDto): Promise<string[] | null> {
    if (dto.organizationUserGroupIds == null) return dto.userIds ?? null;
    const members = await this.groupMembers.memberIds(apiKeyId, organizationId, dto.organizationUserGroupIds);
    if (dto.userIds == null) return members;
    const asked = new Set(dto.userIds);
    return members.filter((id) => asked.has(id));
  }

  /** allDocuments: one row per document grant, paged by (document, user). */
  private async documentUsers(
    apiKeyId: string,
    dto: GetUsersDto,
    organizationId: string,
    userIds: string[] | null,
  ): Promise<UserPage> {
    const grouped = dto.groupByDocumentId === true;
    const filters = [organizationId, ...pageFilters(dto), 'allDocuments', grouped];
    const pager = new KeysetPager(DOCUMENT_USER_LISTING, dto, { apiKeyId, filters }, this.config.pageTokenKey);
    const [afterDocument, afterUser] = pager.after ?? ['', ''];
    const rows: DocumentUserRow[] = await this.dataSource.query(
      `SELECT g.document_id, g.user_id AS id, u.name, u.email, u.properties, g.access_role FROM document_grant g
        LEFT JOIN app_user u ON u.api_key_id = g.api_key_id AND u.organization_id = g.organization_id AND u.id = g.user_id
        WHERE g.api_key_id = $1 AND g.organization_id = $2 AND (g.document_id, g.user_id) > ($3, $4)
          AND ($5::text[] IS NULL OR g.user_id = ANY($5::text[]))
        ORDER BY g.document_id, g.user_id LIMIT $6`,
      [apiKeyId, organizationId, afterDocument, afterUser, userIds, pager.limit],
    );
    const page = pager.page(rows);
    let users: UserPage['users'];
    if (grouped) {
      const byDocument: Record<string, UserView[]> = {};
      for (const row of page.rows) (byDocument[row.document_id] ??= []).push(toView(row, organizationId));
      users = byDocument;
    } else {
      users = page.rows.map((row) => ({ ...toView(row, organizationId), documentId: row.document_id }));
    }
    return page.nextToken ? { users, nextPageToken: page.nextToken } : { users };
  }

  /** The members of the groups, as the organization's user profiles name them, in id order. */
  async groupContacts(
    manager: EntityManager,
    apiKeyId: string,
    organizationId: string,
    groupIds: string[],
  ): Promise<GroupContact[]> {
    const memberIds = await this.groupMembers.memberIds(apiKeyId, organizationId, groupIds, manager);
    if (memberIds.length === 0) return [];
    const rows: Array<{ id: string; name: string | null; email: string | null }> = await manager.query(
      'SELECT id, name, email FROM app_user WHERE api_key_id = $1 AND organization_id = $2 AND id = ANY($3::text[]) ORDER BY id',
      [apiKeyId, organizationId, memberIds],
    );
    return rows.map((row) => ({
      userId: row.id,
      ...(row.name === null ? {} : { name: row.name }),
      ...(row.email === null ? {} : { email: row.email }),
    }));
  }

  /** usergroups/users/add: only users of the organization join; the share lock keeps them there until the add commits. */
  async joinGroup(apiKeyId: string, dto: AddUserGroupMembersDto): Promise<BatchItem[]> {
    return this.groupMembers.add(apiKeyId, dto, async (manager, key, organizationId, userIds) => {
      const rows: Array<{ id: string }> = await manager.query(
        'SELECT id FROM app_user WHERE api_key_id = $1 AND organization_id = $2 AND id = ANY($3::text[]) FOR SHARE',
        [key, organizationId, userIds],
      );
      return new Set(rows.map((row) => row.id));
    });
  }

  /**
   * Organization scope removes the users from the organization with all their grants and group memberships in it;
   * document or folder scope removes only the grant there.
   */
  async delete(apiKeyId: string, dto: DeleteUsersDto): Promise<BatchItem[]> {
    const scope = toScope(dto);
    const userIds = [...new Set(dto.userIds)];
    const removed = await this.outbox.transaction(apiKeyId, async (manager, emit) => {
      await ensureResource(manager, apiKeyId, scope);
      if (scope.type !== 'organization') {
        const grants = await deleteGrants(manager, apiKeyId, scope, userIds);
        emitGrantsRemoved(emit, scope, grants);
        return new Set(grants.map((grant) => grant.userId));
      }
      const profiles = await deleteReturning<{ id: string }>(
        manager,
        'DELETE FROM app_user WHERE api_key_id = $1 AND organization_id = $2 AND id = ANY($3::text[]) RETURNING id',
        [apiKeyId, scope.organizationId, userIds],
      );
      const found = new Set(profiles.map((row) => row.id));
      for (const type of ['organization', 'folder', 'document'] as const) {
        for (const { ref, grant } of await deleteGrantsInOrganization(
          manager,
          apiKeyId,
          scope.organizationId,
          type,
          userIds,
        )) {
          found.add(grant.userId);
          emitGrantsRemoved(emit, ref, [grant]);
        }
      }
      await this.groupMembers.removeUsers(manager, apiKeyId, scope.organizationId, userIds);
      return found;
    });
    await this.revocation.revokeUsers(apiKeyId, [...removed], scope.organizationId);
    return userIds.map((id) =>
      removed.has(id) ? item(id, true, 'User removed.') : item(id, false, 'User does not exist.'),
    );
  }

  /**
   * Profiles (one upsert; omitted fields keep their value) and the grant on the scope: the given
   * role, else `defaultRole`, else none (the current grant stays).
   */
  private async write(
    manager: EntityManager,
    emit: Emit,
    apiKeyId: string,
    scope: ResourceRef,
    users: UserInputDto[],
    defaultRole: AccessRole | null,
  ): Promise<void> {
    if (users.length === 0) return;
    await manager.query(
      `INSERT INTO app_user (api_key_id, organization_id, id, name, email, properties)
       SELECT $1, $2, u.id, u.name, u.email, u.properties
       FROM unnest($3::text[], $4::text[], $5::text[], $6::jsonb[]) AS u(id, name, email, properties)
       ON CONFLICT (api_key_id, organization_id, id) DO UPDATE
       SET name = COALESCE(EXCLUDED.name, app_user.name), email = COALESCE(EXCLUDED.email, app_user.email),
         properties = app_user.properties || EXCLUDED.properties, updated_at = now()`,
      [
        apiKeyId,
        scope.organizationId,
        users.map((u) => u.userId),
        users.map((u) => u.name ?? null),
        users.map((u) => u.email ?? null),
        users.map((u) => JSON.stringify(profileOf(u))),
      ],
    );
    const grants = users.flatMap((user) => {
      const role = user.accessRole ?? defaultRole;
      return role ? [{ userId: user.userId, role, expiresAt: null }] : [];
    });
    emitGrantsAdded(emit, scope, await upsertGrants(manager, apiKeyId, scope, grants));
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

/** A user item may name its organization (Velt's User model); it must be the one the call is about. */
function checkOrganization(dto: WriteUsersDto): UserInputDto[] {
  dto.users.forEach((user, i) => {
    if (user.organizationId !== undefined && user.organizationId !== dto.organizationId) {
      throw ApiError.invalid(`data.users[${i}].organizationId must equal data.organizationId.`);
    }
  });
  return dto.users;
}

function profileOf(user: UserInputDto): Record<string, unknown> {
  const profile: Record<string, unknown> = {};
  for (const field of USER_PROFILE_FIELDS)
    if (user[field] !== undefined && user[field] !== null) profile[field] = user[field];
  return profile;
}

/** Profile data first, so the listing's own fields always win; `initial` defaults to the name's first letter as in Velt. */
function toView(row: UserRow, organizationId: string): UserView {
  const name = row.name ?? '';
  const properties = row.properties ?? {};
  const initial = properties.initial ?? (name ? [...name][0].toUpperCase() : undefined);
  return {
    ...properties,
    ...(initial === undefined ? {} : { initial }),
    userId: row.id,
    name,
    email: row.email ?? '',
    accessRole: row.access_role,
    organizationId,
  };
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
    return `SELECT u.id, u.name, u.email, u.properties, g.access_role FROM app_user u
      LEFT JOIN organization_grant g ON ${grantFilter} AND g.user_id = u.id
      WHERE u.api_key_id = $1 AND u.organization_id = $2 AND u.id > $${n + 1}
        AND ($${n + 2}::text[] IS NULL OR u.id = ANY($${n + 2}::text[]))
      ORDER BY u.id LIMIT $${n + 3}`;
  }
  return `SELECT g.user_id AS id, u.name, u.email, u.properties, g.access_role FROM ${grantTable(scope.type)} g
    LEFT JOIN app_user u ON u.api_key_id = g.api_key_id AND u.organization_id = g.organization_id AND u.id = g.user_id
    WHERE ${grantFilter} AND g.user_id > $${n + 1}
      AND ($${n + 2}::text[] IS NULL OR g.user_id = ANY($${n + 2}::text[]))
    ORDER BY g.user_id LIMIT $${n + 3}`;
}

/** What a page token is bound to: the request's filters, not the members they resolved to, which may change between pages. */
function pageFilters(dto: GetUsersDto): unknown[] {
  const userIds = dto.userIds ?? null;
  return dto.organizationUserGroupIds == null
    ? [userIds]
    : [userIds, { organizationUserGroupIds: dto.organizationUserGroupIds }];
}
