import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { ApiError, assertUniqueIds, BatchItem, item } from '@app/common';
import { runStatement } from '@app/database';
import { ensureOrganization } from '@app/resource';
import { AddUserGroupMembersDto, DeleteUserGroupMembersDto } from './dto/user-group-members.dto';

/** Which of `userIds` are users of the organization; called inside the add's transaction by the module that owns users. */
export type OrganizationUsersOf = (
  manager: EntityManager,
  apiKeyId: string,
  organizationId: string,
  userIds: string[],
) => Promise<Set<string>>;

export const NOT_AN_ORGANIZATION_USER = 'User is not a user of this organization; add them with users/add first.';

/** Members of organization user groups (Velt: usergroups/users/add|delete; users/get's organizationUserGroupIds). */
@Injectable()
export class UserGroupMemberService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * Velt: only organization users join groups; any other user is a failed item. Adding a member
   * again succeeds and changes nothing.
   */
  async add(
    apiKeyId: string,
    dto: AddUserGroupMembersDto,
    organizationUsersOf: OrganizationUsersOf,
  ): Promise<BatchItem[]> {
    assertUniqueIds(dto.userIds, (i) => `data.userIds[${i}]`);
    const eligible = await this.dataSource.transaction(async (manager) => {
      await lockGroup(manager, apiKeyId, dto.organizationId, dto.organizationUserGroupId);
      const users = await organizationUsersOf(manager, apiKeyId, dto.organizationId, dto.userIds);
      await runStatement(
        manager,
        `INSERT INTO organization_user_group_member (api_key_id, organization_id, group_id, user_id)
         SELECT $1, $2, $3, u FROM unnest($4::text[]) AS u ON CONFLICT DO NOTHING`,
        [apiKeyId, dto.organizationId, dto.organizationUserGroupId, [...users]],
      );
      return users;
    });
    const extra = { organizationUserGroupId: dto.organizationUserGroupId };
    return dto.userIds.map((userId) =>
      eligible.has(userId)
        ? item(userId, true, 'User added to organization user group.', extra)
        : item(userId, false, NOT_AN_ORGANIZATION_USER, extra),
    );
  }

  /** Users leaving the organization leave its groups, in the caller's transaction. */
  async removeUsers(
    manager: EntityManager,
    apiKeyId: string,
    organizationId: string,
    userIds: string[],
  ): Promise<void> {
    await runStatement(
      manager,
      'DELETE FROM organization_user_group_member WHERE api_key_id = $1 AND organization_id = $2 AND user_id = ANY($3::text[])',
      [apiKeyId, organizationId, userIds],
    );
  }

  /** Items are keyed by user id; with deleteAll, by every user that was a member. */
  async delete(apiKeyId: string, dto: DeleteUserGroupMembersDto): Promise<BatchItem[]> {
    const all = dto.deleteAll === true;
    if (!all && !dto.userIds) throw ApiError.invalid('data.userIds is required unless data.deleteAll is true.');
    if (!all && dto.userIds) assertUniqueIds(dto.userIds, (i) => `data.userIds[${i}]`);
    const { rows } = await this.dataSource.transaction(async (manager) => {
      await lockGroup(manager, apiKeyId, dto.organizationId, dto.organizationUserGroupId);
      return runStatement<{ user_id: string }>(
        manager,
        `DELETE FROM organization_user_group_member
          WHERE api_key_id = $1 AND organization_id = $2 AND group_id = $3 AND ($4::text[] IS NULL OR user_id = ANY($4::text[]))
          RETURNING user_id`,
        [apiKeyId, dto.organizationId, dto.organizationUserGroupId, all ? null : dto.userIds],
      );
    });
    const removed = rows.map((row) => row.user_id).sort();
    const extra = { organizationUserGroupId: dto.organizationUserGroupId };
    const deleted = (userId: string) => item(userId, true, 'User deleted from organization user group.', extra);
    if (all) return removed.map(deleted);
    const gone = new Set(removed);
    return (dto.userIds ?? []).map((userId) =>
      gone.has(userId) ? deleted(userId) : item(userId, false, 'User is not in organization user group.', extra),
    );
  }

  /** The ids of users that belong to at least one of the groups, in id order. */
  async memberIds(
    apiKeyId: string,
    organizationId: string,
    groupIds: string[],
    manager: EntityManager = this.dataSource.manager,
  ): Promise<string[]> {
    const rows: Array<{ user_id: string }> = await manager.query(
      `SELECT DISTINCT user_id FROM organization_user_group_member
        WHERE api_key_id = $1 AND organization_id = $2 AND group_id = ANY($3::text[]) ORDER BY user_id`,
      [apiKeyId, organizationId, groupIds],
    );
    return rows.map((row) => row.user_id);
  }

  /** The organization's groups in id order, each with up to `limit` member ids (the console's access page). */
  async groupsWithMembers(
    apiKeyId: string,
    organizationId: string,
    limit: number,
  ): Promise<Array<{ groupId: string; groupName: string; memberIds: string[]; memberCount: number }>> {
    const rows: Array<{ id: string; name: string; member_ids: string[]; member_count: number }> =
      await this.dataSource.query(
        `SELECT g.id, g.name, m.member_ids, m.member_count FROM organization_user_group g
           CROSS JOIN LATERAL (
             SELECT coalesce(array_agg(user_id ORDER BY user_id) FILTER (WHERE n <= $3), '{}') AS member_ids,
                    count(*)::int AS member_count
               FROM (SELECT user_id, row_number() OVER (ORDER BY user_id) AS n FROM organization_user_group_member
                      WHERE api_key_id = g.api_key_id AND organization_id = g.organization_id AND group_id = g.id) members
           ) m
          WHERE g.api_key_id = $1 AND g.organization_id = $2 ORDER BY g.id LIMIT $3`,
        [apiKeyId, organizationId, limit],
      );
    return rows.map((row) => ({
      groupId: row.id,
      groupName: row.name,
      memberIds: row.member_ids,
      memberCount: row.member_count,
    }));
  }

  /** The groups of the organization the user belongs to, in id order. */
  async groupIdsOf(apiKeyId: string, organizationId: string, userId: string): Promise<string[]> {
    const rows: Array<{ group_id: string }> = await this.dataSource.query(
      'SELECT group_id FROM organization_user_group_member WHERE api_key_id = $1 AND organization_id = $2 AND user_id = $3 ORDER BY group_id',
      [apiKeyId, organizationId, userId],
    );
    return rows.map((row) => row.group_id);
  }

  /** GDPR erasure: deletes up to `limit` of the user's memberships on the caller's transaction (null organizations: all). */
  async eraseMemberships(
    manager: EntityManager,
    apiKeyId: string,
    organizations: string[] | null,
    userId: string,
    limit: number,
  ): Promise<number> {
    const { affected } = await runStatement(
      manager,
      `DELETE FROM organization_user_group_member WHERE ctid = ANY(ARRAY(SELECT ctid FROM organization_user_group_member
        WHERE api_key_id = $1 AND ($2::text[] IS NULL OR organization_id = ANY($2::text[])) AND user_id = $3 LIMIT $4))`,
      [apiKeyId, organizations, userId, limit],
    );
    return affected;
  }
}

/** NOT_FOUND for a missing organization or group; the share lock keeps the group until the write commits. */
async function lockGroup(
  manager: EntityManager,
  apiKeyId: string,
  organizationId: string,
  groupId: string,
): Promise<void> {
  await ensureOrganization(manager, apiKeyId, organizationId);
  const { rows } = await runStatement(
    manager,
    'SELECT 1 FROM organization_user_group WHERE api_key_id = $1 AND organization_id = $2 AND id = $3 FOR SHARE',
    [apiKeyId, organizationId, groupId],
  );
  if (rows.length === 0) throw ApiError.notFound('Organization user group does not exist.');
}
