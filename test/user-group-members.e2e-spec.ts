import { createTestEnvironment, TestEnvironment } from './support/test-environment';
import { RunningApi, startApi } from './support/processes';
import { apiKeyHeaders, createWorkspace, Credentials, post } from './support/http-client';

interface MemberItem {
  success: boolean;
  id: string;
  organizationUserGroupId: string;
  message: string;
}

const ADD = '/v2/organizations/usergroups/users/add';
const DELETE = '/v2/organizations/usergroups/users/delete';

describe('organization user group members', () => {
  let world: TestEnvironment;
  let api: RunningApi;
  let owner: Credentials;
  let stranger: Credentials;
  const call = <T = unknown>(path: string, data: unknown, who: Credentials = owner) =>
    post<T>(api.url, path, data, apiKeyHeaders(who));
  const listed = async (data: Record<string, unknown>, who: Credentials = owner) => {
    const response = await call<Array<{ userId: string }>>('/v2/users/get', { organizationId: 'org', ...data }, who);
    expect(response.status).toBe(200);
    return response.body.result.data.map((user) => user.userId);
  };

  beforeAll(async () => {
    world = await createTestEnvironment();
    api = await startApi(world.env);
    owner = await createWorkspace(api.url);
    stranger = await createWorkspace(api.url);
    await call('/v2/users/add', {
      organizationId: 'org',
      users: ['ann', 'bob', 'cy', 'dee'].map((userId) => ({ userId })),
    });
    const groups = await call('/v2/organizations/usergroups/add', {
      organizationId: 'org',
      organizationUserGroups: [{ groupId: 'engineering', groupName: 'Engineering' }, { groupId: 'design' }],
    });
    expect(groups.status).toBe(200);
  });

  afterAll(async () => {
    await api?.stop();
    await world?.dispose();
  });

  it("adds users in Velt's shape (Velt's example), again without change, and users/get filters by the group", async () => {
    const response = await call(ADD, {
      organizationId: 'org',
      organizationUserGroupId: 'engineering',
      userIds: ['ann', 'bob'],
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      result: {
        status: 'success',
        message: 'Added organization users to group successfully.',
        data: {
          ann: {
            success: true,
            id: 'ann',
            organizationUserGroupId: 'engineering',
            message: 'User added to organization user group.',
          },
          bob: {
            success: true,
            id: 'bob',
            organizationUserGroupId: 'engineering',
            message: 'User added to organization user group.',
          },
        },
      },
    });
    const again = await call<Record<string, MemberItem>>(ADD, {
      organizationId: 'org',
      organizationUserGroupId: 'engineering',
      userIds: ['bob'],
    });
    expect(again.body.result.data.bob.success).toBe(true);
    await call(ADD, { organizationId: 'org', organizationUserGroupId: 'design', userIds: ['bob', 'cy'] });
    const [count] = await world.query<{ n: string }>(
      `SELECT count(*)::text AS n FROM organization_user_group_member WHERE organization_id = 'org'`,
    );
    expect(count.n).toBe('4');

    expect(await listed({ organizationUserGroupIds: ['engineering'] })).toEqual(['ann', 'bob']);
    expect(await listed({ organizationUserGroupIds: ['engineering', 'design'] })).toEqual(['ann', 'bob', 'cy']);
    expect(await listed({ organizationUserGroupIds: ['engineering'], userIds: ['bob', 'cy'] })).toEqual(['bob']);
    expect(await listed({ organizationUserGroupIds: ['nobody'] })).toEqual([]);
    expect(await listed({})).toEqual(['ann', 'bob', 'cy', 'dee']);
  });

  it('lets only users of the organization join (Velt: "Only organization users can join user groups"), per item', async () => {
    // 'outsider' holds a grant in another organization only; 'ghost' is nobody.
    await call('/v2/users/add', { organizationId: 'elsewhere', users: [{ userId: 'outsider' }] });
    const response = await call<Record<string, MemberItem>>(ADD, {
      organizationId: 'org',
      organizationUserGroupId: 'engineering',
      userIds: ['dee', 'outsider', 'ghost'],
    });
    expect(response.status).toBe(200);
    expect(response.body.result.data.dee).toMatchObject({ success: true });
    for (const userId of ['outsider', 'ghost']) {
      expect(response.body.result.data[userId]).toEqual({
        success: false,
        id: userId,
        organizationUserGroupId: 'engineering',
        message: 'User is not a user of this organization; add them with users/add first.',
      });
    }
    expect(await listed({ organizationUserGroupIds: ['engineering'] })).toEqual(['ann', 'bob', 'dee']);
    // Leaving the organization leaves its groups.
    await call('/v2/users/delete', { organizationId: 'org', userIds: ['dee'] });
    const rows = await world.query<{ n: string }>(
      `SELECT count(*)::text AS n FROM organization_user_group_member WHERE user_id = 'dee'`,
    );
    expect(rows[0].n).toBe('0');
    await call('/v2/users/add', { organizationId: 'org', users: [{ userId: 'dee' }] });
  });

  it('pages the group-filtered listing', async () => {
    const seen: string[] = [];
    let pageToken: string | undefined;
    do {
      const page = await call<Array<{ userId: string }>>('/v2/users/get', {
        organizationId: 'org',
        organizationUserGroupIds: ['engineering', 'design'],
        pageSize: 2,
        ...(pageToken ? { pageToken } : {}),
      });
      expect(page.status).toBe(200);
      seen.push(...page.body.result.data.map((user) => user.userId));
      pageToken = page.body.result.nextPageToken;
    } while (pageToken);
    expect(seen).toEqual(['ann', 'bob', 'cy']);
  });

  it("deletes named users (Velt's example), reports non-members, and deleteAll empties the group", async () => {
    const response = await call(DELETE, {
      organizationId: 'org',
      organizationUserGroupId: 'engineering',
      userIds: ['ann', 'dee'],
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      result: {
        status: 'success',
        message: 'Deleted users from group successfully.',
        data: {
          ann: {
            success: true,
            id: 'ann',
            organizationUserGroupId: 'engineering',
            message: 'User deleted from organization user group.',
          },
          dee: {
            success: false,
            id: 'dee',
            organizationUserGroupId: 'engineering',
            message: 'User is not in organization user group.',
          },
        },
      },
    });
    expect(await listed({ organizationUserGroupIds: ['engineering'] })).toEqual(['bob']);

    const all = await call<Record<string, MemberItem>>(DELETE, {
      organizationId: 'org',
      organizationUserGroupId: 'design',
      deleteAll: true,
    });
    expect(all.status).toBe(200);
    expect(Object.keys(all.body.result.data).sort()).toEqual(['bob', 'cy']);
    expect(all.body.result.data.cy.message).toBe('User deleted from organization user group.');
    expect(await listed({ organizationUserGroupIds: ['design'] })).toEqual([]);
    // The other group keeps its member.
    expect(await listed({ organizationUserGroupIds: ['engineering'] })).toEqual(['bob']);
  });

  it('refuses bad input naming the field, and answers NOT_FOUND for a missing organization or group', async () => {
    const group = { organizationId: 'org', organizationUserGroupId: 'engineering' };
    for (const [path, data, field] of [
      [ADD, { organizationId: 'org', userIds: ['ann'] }, 'data.organizationUserGroupId'],
      [ADD, { ...group }, 'data.userIds'],
      [ADD, { ...group, userIds: [] }, 'data.userIds'],
      [ADD, { ...group, userIds: ['ann', 'ann'] }, 'data.userIds[1]'],
      [ADD, { ...group, userIds: [7] }, 'data.userIds'],
      [ADD, { ...group, userIds: ['ann'], deleteAll: true }, 'data.deleteAll'],
      [DELETE, { ...group }, 'data.userIds'],
      [DELETE, { ...group, deleteAll: false }, 'data.userIds'],
      [DELETE, { ...group, deleteAll: 'yes' }, 'data.deleteAll'],
    ] as const) {
      const refused = await call<never>(path, data);
      expect([path, refused.status, refused.body.error.status]).toEqual([path, 400, 'INVALID_ARGUMENT']);
      expect(refused.body.error.message).toContain(field);
    }
    const noOrganization = await call<never>(ADD, {
      organizationId: 'ghost',
      organizationUserGroupId: 'engineering',
      userIds: ['ann'],
    });
    expect([noOrganization.status, noOrganization.body.error.status]).toEqual([404, 'NOT_FOUND']);
    const noGroup = await call<never>(DELETE, {
      organizationId: 'org',
      organizationUserGroupId: 'ghost',
      deleteAll: true,
    });
    expect([noGroup.status, noGroup.body.error.message]).toEqual([404, 'Organization user group does not exist.']);
  });

  it('keeps API keys apart', async () => {
    const intruder = await call(
      ADD,
      { organizationId: 'org', organizationUserGroupId: 'engineering', userIds: ['mallory'] },
      stranger,
    );
    expect(intruder.status).toBe(404);
    const wiped = await call(
      DELETE,
      { organizationId: 'org', organizationUserGroupId: 'engineering', deleteAll: true },
      stranger,
    );
    expect(wiped.status).toBe(404);
    // The stranger's own organization and group of the same names hold their own members only.
    await call(
      '/v2/organizations/usergroups/add',
      { organizationId: 'org', createOrganization: true, organizationUserGroups: [{ groupId: 'engineering' }] },
      stranger,
    );
    await call('/v2/users/add', { organizationId: 'org', users: [{ userId: 'mallory' }, { userId: 'bob' }] }, stranger);
    await call(ADD, { organizationId: 'org', organizationUserGroupId: 'engineering', userIds: ['mallory'] }, stranger);
    expect(await listed({ organizationUserGroupIds: ['engineering'] }, stranger)).toEqual(['mallory']);
    expect(await listed({ organizationUserGroupIds: ['engineering'] })).toEqual(['bob']);
  });

  it('removes memberships with their organization', async () => {
    await call('/v1/organizations/delete', { organizationIds: ['org'] });
    const rows = await world.query<{ n: string }>(
      `SELECT count(*)::text AS n FROM organization_user_group_member WHERE organization_id = 'org'`,
    );
    // Only the stranger's membership is left.
    expect(rows[0].n).toBe('1');
  });
});
