import { apiKeyHeaders, BatchResult, createWorkspace, Credentials, post } from './support/http-client';
import { RunningApi, startApi } from './support/processes';
import { seedDocument, seedFolder, seedOrganization } from './support/seed';
import { createTestEnvironment, TestEnvironment } from './support/test-environment';

interface OrganizationUser {
  userId: string;
  name: string;
  email: string;
  accessRole: string | null;
}

interface ResourceAccess {
  accessRole?: string;
  accessType?: string;
  expiresAt?: number;
  error?: string;
  errorCode?: string;
}

type PermissionMap = Record<string, Record<'organization' | 'folders' | 'documents', Record<string, ResourceAccess>>>;

/** A listed user as users/get answers it: the spec's fields plus organizationId and Velt's derived initial. */
const listed = (
  userId: string,
  name: string,
  email: string,
  accessRole: string | null,
  extra: Record<string, unknown> = {},
) => ({
  userId,
  name,
  email,
  accessRole,
  organizationId: 'org',
  ...(name ? { initial: name[0].toUpperCase() } : {}),
  ...extra,
});

describe('users and permissions', () => {
  let world: TestEnvironment;
  let api: RunningApi;
  let owner: Credentials;
  let other: Credentials;
  const call = <T = unknown>(path: string, data: unknown, as: Credentials = owner) =>
    post<T>(api.url, path, data, apiKeyHeaders(as));

  beforeAll(async () => {
    world = await createTestEnvironment();
    api = await startApi(world.env);
    owner = await createWorkspace(api.url);
    other = await createWorkspace(api.url);
    await seedOrganization(world, owner.apiKey, 'org');
    await seedFolder(world, owner.apiKey, 'org', 'root');
    await seedFolder(world, owner.apiKey, 'org', 'child', 'root');
    await seedDocument(world, owner.apiKey, 'org', 'doc', { folderId: 'child' });
    await seedOrganization(world, other.apiKey, 'org');
  });

  afterAll(async () => {
    await api?.stop();
    await world?.dispose();
  });

  describe('/v2/users/*', () => {
    it('adds users to an organization and lists them with their role; an omitted role is editor (Velt)', async () => {
      const added = await call('/v2/users/add', {
        organizationId: 'org',
        users: [
          { userId: 'alice', name: 'Alice', email: 'alice@example.com', accessRole: 'editor' },
          { userId: 'bob', name: 'Bob' },
        ],
      });
      expect(added.status).toBe(200);
      expect(added.body.result.message).toBe('User(s) processed successfully.');
      expect(added.body.result.data).toEqual({
        alice: { success: true, id: 'alice', message: 'User added.' },
        bob: { success: true, id: 'bob', message: 'User added.' },
      });
      const users = await call('/v2/users/get', { organizationId: 'org' });
      expect(users.body.result.message).toBe('User(s) retrieved successfully.');
      expect(users.body.result.data).toEqual([
        listed('alice', 'Alice', 'alice@example.com', 'editor'),
        listed('bob', 'Bob', '', 'editor'),
      ]);
    });

    it("stores Velt's User model fields and returns them; later writes merge them", async () => {
      const profile = {
        photoUrl: 'https://example.com/z.png',
        plan: 'pro',
        color: '#ff0000',
        textColor: '#ffffff',
        type: 'member',
        isReadOnly: false,
        isAnonymous: false,
        isGuest: true,
        isAdmin: false,
        groupId: 'g',
        clientGroupId: 'cg',
        initial: 'Q',
        organizationId: 'org',
      };
      const added = await call<BatchResult>('/v2/users/add', {
        organizationId: 'org',
        users: [{ userId: 'zed', name: 'Zed', accessRole: 'viewer', ...profile }],
      });
      expect(added.body.result.data.zed.success).toBe(true);
      const updated = await call<BatchResult>('/v2/users/update', {
        organizationId: 'org',
        users: [{ userId: 'zed', plan: 'team', isGuest: false }],
      });
      expect(updated.body.result.data.zed.message).toBe('User updated.');
      const got = await call('/v2/users/get', { organizationId: 'org', userIds: ['zed'] });
      expect(got.body.result.data).toEqual([
        { ...profile, plan: 'team', isGuest: false, userId: 'zed', name: 'Zed', email: '', accessRole: 'viewer' },
      ]);
      const elsewhere = await call('/v2/users/add', {
        organizationId: 'org',
        users: [{ userId: 'zed', organizationId: 'other-org' }],
      });
      expect(elsewhere.status).toBe(400);
      expect(elsewhere.body.error.message).toContain('data.users[0].organizationId');
      await call('/v2/users/delete', { organizationId: 'org', userIds: ['zed'] });
    });

    it('updates existing users per item, keeping omitted fields, in all three scopes', async () => {
      const updated = await call('/v2/users/update', {
        organizationId: 'org',
        users: [
          { userId: 'alice', accessRole: 'viewer' },
          { userId: 'ghost', name: 'Ghost', accessRole: 'editor' },
        ],
      });
      expect(updated.status).toBe(200);
      expect(updated.body.result.message).toBe('User(s) processed successfully.');
      expect(updated.body.result.data).toEqual({
        alice: { success: true, id: 'alice', message: 'User updated.' },
        ghost: { success: false, id: 'ghost', message: 'User does not exist.' },
      });
      const onDocument = await call<BatchResult>('/v2/users/update', {
        organizationId: 'org',
        documentId: 'doc',
        users: [{ userId: 'bob', accessRole: 'editor' }],
      });
      expect(onDocument.body.result.data.bob.message).toBe('User updated.');
      const onFolder = await call<BatchResult>('/v2/users/update', {
        organizationId: 'org',
        folderId: 'root',
        users: [{ userId: 'alice', accessRole: 'editor' }],
      });
      expect(onFolder.body.result.data.alice.message).toBe('User updated.');

      const org = await call('/v2/users/get', { organizationId: 'org', userIds: ['alice'] });
      expect(org.body.result.data).toEqual([listed('alice', 'Alice', 'alice@example.com', 'viewer')]);
      const doc = await call('/v2/users/get', { organizationId: 'org', documentId: 'doc' });
      expect(doc.body.result.data).toEqual([listed('bob', 'Bob', '', 'editor')]);
      const folder = await call('/v2/users/get', { organizationId: 'org', folderId: 'root' });
      expect(folder.body.result.data).toEqual([listed('alice', 'Alice', 'alice@example.com', 'editor')]);
      expect(await world.query('SELECT count(*)::int AS n FROM app_user WHERE id = $1', ['ghost'])).toEqual([{ n: 0 }]);
    });

    it('pages with an opaque nextPageToken and rejects a tampered one', async () => {
      await call('/v2/users/add', {
        organizationId: 'org',
        users: Array.from({ length: 5 }, (_, i) => ({ userId: `p${i}` })),
      });
      const seen: string[] = [];
      let pageToken: string | undefined;
      do {
        const page = await call<OrganizationUser[]>('/v2/users/get', {
          organizationId: 'org',
          pageSize: 2,
          ...(pageToken ? { pageToken } : {}),
        });
        expect(page.status).toBe(200);
        seen.push(...page.body.result.data.map((user) => user.userId));
        pageToken = page.body.result.nextPageToken;
      } while (pageToken);
      expect(seen).toEqual(['alice', 'bob', 'p0', 'p1', 'p2', 'p3', 'p4']);
      const bad = await call('/v2/users/get', { organizationId: 'org', pageToken: 'abc.def' });
      expect(bad.status).toBe(400);
      expect(bad.body.error).toEqual({ status: 'INVALID_ARGUMENT', message: 'Invalid pageToken.' });
    });

    it('deletes users from a document scope and from the organization with all their grants', async () => {
      const fromDoc = await call('/v2/users/delete', {
        organizationId: 'org',
        documentId: 'doc',
        userIds: ['bob', 'nobody'],
      });
      expect(fromDoc.body.result.data).toEqual({
        bob: { success: true, id: 'bob', message: 'User removed.' },
        nobody: { success: false, id: 'nobody', message: 'User does not exist.' },
      });
      const fromOrg = await call<BatchResult>('/v2/users/delete', { organizationId: 'org', userIds: ['p0'] });
      expect(fromOrg.body.result.data.p0.success).toBe(true);
      const rows = await world.query<{ n: number }>(
        `SELECT (SELECT count(*) FROM app_user WHERE id = 'p0')::int + (SELECT count(*) FROM document_grant WHERE user_id = 'bob')::int AS n`,
      );
      expect(rows[0].n).toBe(0);
    });

    it.each([
      [
        '/v2/users/add',
        { organizationId: 'org', users: [{ userId: 'x', accessRole: 'owner' }] },
        'data.users[0].accessRole',
      ],
      ['/v2/users/add', { organizationId: 'org', users: [{ userId: 7 }] }, 'data.users[0].userId'],
      ['/v2/users/add', { organizationId: 'org', users: 'alice' }, 'data.users'],
      ['/v2/users/add', { organizationId: 'org', users: [] }, 'data.users'],
      ['/v2/users/add', { organizationId: 'org', users: [{ userId: 'x', email: 'nope' }] }, 'data.users[0].email'],
      [
        '/v2/users/add',
        { organizationId: 'org', documentId: 'doc', folderId: 'root', users: [{ userId: 'x' }] },
        'data.documentId',
      ],
      ['/v2/users/get', { organizationId: 'org', pageSize: 1001 }, 'data.pageSize'],
      ['/v2/users/delete', { organizationId: 'org', userIds: [1] }, 'data.userIds'],
      ['/v2/users/update', { users: [{ userId: 'x' }] }, 'data.organizationId'],
    ])('%s rejects %j naming %s, storing nothing', async (path, data, field) => {
      const before = await world.query('SELECT * FROM app_user ORDER BY id');
      const response = await call(path, data);
      expect(response.status).toBe(400);
      expect(response.body.error.status).toBe('INVALID_ARGUMENT');
      expect(response.body.error.message).toContain(field);
      expect(await world.query('SELECT * FROM app_user ORDER BY id')).toEqual(before);
    });

    it('answers NOT_FOUND for a missing folder or document, and for a missing organization with createOrganization false', async () => {
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ organizationId: 'missing', createOrganization: false }, 'Organization does not exist.'],
        [{ organizationId: 'org', documentId: 'missing' }, 'Document does not exist.'],
        [{ organizationId: 'org', folderId: 'missing' }, 'Folder does not exist.'],
        // The organization would be created, the document is not: nothing stays.
        [{ organizationId: 'fresh', documentId: 'missing' }, 'Document does not exist.'],
      ];
      for (const [scope, message] of cases) {
        const response = await call('/v2/users/add', { ...scope, users: [{ userId: 'x', accessRole: 'viewer' }] });
        expect(response.status).toBe(404);
        expect(response.body.error).toEqual({ status: 'NOT_FOUND', message });
      }
      expect(await world.query(`SELECT id FROM app_user WHERE id = 'x'`)).toEqual([]);
      expect(await world.query(`SELECT id FROM organization WHERE id IN ('missing', 'fresh')`)).toEqual([]);
    });

    it('creates a missing organization by default, and a folder or document when asked', async () => {
      const created = await call<BatchResult>('/v2/users/add', {
        organizationId: 'new-org',
        users: [{ userId: 'nina', name: 'Nina' }],
      });
      expect(created.body.result.data.nina).toEqual({ success: true, id: 'nina', message: 'User added.' });
      const inFolder = await call<BatchResult>('/v2/users/add', {
        organizationId: 'new-org',
        folderId: 'nf',
        createFolder: true,
        users: [{ userId: 'nina', accessRole: 'viewer' }],
      });
      expect(inFolder.body.result.data.nina.success).toBe(true);
      const inDocument = await call<BatchResult>('/v2/users/add', {
        organizationId: 'new-org',
        documentId: 'nd',
        createDocument: true,
        users: [{ userId: 'nina' }],
      });
      expect(inDocument.body.result.data.nina.success).toBe(true);
      const key = [owner.apiKey];
      expect(
        await world.query(`SELECT id, name FROM organization WHERE api_key_id = $1 AND id = 'new-org'`, key),
      ).toEqual([{ id: 'new-org', name: 'new-org' }]);
      expect(
        await world.query(
          `SELECT id, parent_folder_id FROM folder WHERE api_key_id = $1 AND organization_id = 'new-org'`,
          key,
        ),
      ).toEqual([{ id: 'nf', parent_folder_id: null }]);
      expect(
        await world.query(
          `SELECT id, folder_id FROM document WHERE api_key_id = $1 AND organization_id = 'new-org'`,
          key,
        ),
      ).toEqual([{ id: 'nd', folder_id: null }]);
      const grants = await world.query(
        `SELECT 'o' AS at, access_role FROM organization_grant WHERE api_key_id = $1 AND organization_id = 'new-org'
         UNION ALL SELECT 'f', access_role FROM folder_grant WHERE api_key_id = $1 AND organization_id = 'new-org'
         UNION ALL SELECT 'd', access_role FROM document_grant WHERE api_key_id = $1 AND organization_id = 'new-org' ORDER BY 1`,
        key,
      );
      expect(grants).toEqual([
        { at: 'd', access_role: 'editor' },
        { at: 'f', access_role: 'viewer' },
        { at: 'o', access_role: 'editor' },
      ]);
    });

    it('lists the users of all documents, flat or grouped by document, and honours the group filter', async () => {
      await seedDocument(world, owner.apiKey, 'org', 'doc2');
      await call('/v2/users/add', {
        organizationId: 'org',
        documentId: 'doc2',
        users: [
          { userId: 'gus', name: 'Gus' },
          { userId: 'hal', accessRole: 'viewer' },
        ],
      });
      await call('/v2/users/add', { organizationId: 'org', documentId: 'doc', users: [{ userId: 'gus' }] });
      const flat = await call<Array<Record<string, unknown>>>('/v2/users/get', {
        organizationId: 'org',
        allDocuments: true,
        userIds: ['gus', 'hal'],
      });
      expect(flat.body.result.data.map((user) => [user.documentId, user.userId, user.accessRole])).toEqual([
        ['doc', 'gus', 'editor'],
        ['doc2', 'gus', 'editor'],
        ['doc2', 'hal', 'viewer'],
      ]);
      const seen: Array<[string, string]> = [];
      let pageToken: string | undefined;
      do {
        const page = await call<Record<string, OrganizationUser[]>>('/v2/users/get', {
          organizationId: 'org',
          allDocuments: true,
          groupByDocumentId: true,
          userIds: ['gus', 'hal'],
          pageSize: 2,
          ...(pageToken ? { pageToken } : {}),
        });
        expect(page.status).toBe(200);
        for (const [documentId, users] of Object.entries(page.body.result.data))
          for (const user of users) seen.push([documentId, user.userId]);
        pageToken = page.body.result.nextPageToken;
      } while (pageToken);
      expect(seen).toEqual([
        ['doc', 'gus'],
        ['doc2', 'gus'],
        ['doc2', 'hal'],
      ]);
      const grouped = await call('/v2/users/get', {
        organizationId: 'org',
        allDocuments: true,
        groupByDocumentId: true,
        userIds: ['hal'],
      });
      expect(grouped.body.result.data).toEqual({ doc2: [listed('hal', '', '', 'viewer')] });
      // A group with no members (or no such group) matches nobody; test/user-group-members covers members.
      const inGroup = await call('/v2/users/get', { organizationId: 'org', organizationUserGroupIds: ['g1'] });
      expect(inGroup.status).toBe(200);
      expect(inGroup.body.result.data).toEqual([]);
      for (const data of [
        { organizationId: 'org', groupByDocumentId: true },
        { organizationId: 'org', documentId: 'doc', allDocuments: true },
      ]) {
        const refused = await call('/v2/users/get', data);
        expect(refused.status).toBe(400);
        expect(refused.body.error.status).toBe('INVALID_ARGUMENT');
      }
      await call('/v2/users/delete', { organizationId: 'org', userIds: ['gus', 'hal'] });
    });

    it('keeps API keys apart: another key sees neither the users nor the organization it shares a name with', async () => {
      const theirs = await call('/v2/users/get', { organizationId: 'org' }, other);
      expect(theirs.body.result.data).toEqual([]);
      const crossed = await call(
        '/v2/users/add',
        { organizationId: 'org', documentId: 'doc', users: [{ userId: 'mallory' }] },
        other,
      );
      expect(crossed.status).toBe(404);
    });
  });

  describe('/v2/auth/permissions/*', () => {
    it("adds grants in Velt's user.userId form (omitted role: editor), reports effective access, removes them", async () => {
      const added = await call('/v2/auth/permissions/add', {
        user: { userId: 'carol' },
        permissions: {
          resources: [
            { type: 'organization', id: 'org', accessRole: 'viewer' },
            { type: 'folder', id: 'root', organizationId: 'org', expiresAt: 4102444800 },
          ],
        },
      });
      expect(added.status).toBe(200);
      expect(added.body.result).toEqual({ status: 'success', message: 'Permissions added successfully.' });
      // Our own form still works.
      const ours = await call('/v2/auth/permissions/add', {
        userId: 'carol',
        permissions: { resources: [{ type: 'document', id: 'doc', organizationId: 'org', accessRole: 'viewer' }] },
      });
      expect(ours.status).toBe(200);
      const got = await call<PermissionMap>('/v2/auth/permissions/get', {
        organizationId: 'org',
        userIds: ['carol', 'stranger'],
      });
      expect(got.body.result.message).toBe('User permissions retrieved successfully.');
      expect(got.body.result.data).toEqual({
        carol: {
          organization: { org: { accessRole: 'viewer' } },
          folders: { root: { accessRole: 'editor', accessType: 'organizationPrivate', expiresAt: 4102444800 } },
          documents: { doc: { accessRole: 'viewer', accessType: 'public' } },
        },
        stranger: {
          organization: { org: { error: 'User does not have access to organization', errorCode: 'permission_denied' } },
          folders: {},
          documents: {},
        },
      });
      // Asked for by id: inherited access through the folder chain, and a denial on a restricted document.
      await seedDocument(world, owner.apiKey, 'org', 'locked', { folderId: 'child', accessType: 'restricted' });
      const asked = await call<PermissionMap>('/v2/auth/permissions/get', {
        organizationId: 'org',
        userIds: ['carol', 'stranger'],
        folderIds: ['child'],
        documentIds: ['locked'],
      });
      expect(asked.body.result.data.carol.folders).toEqual({
        child: { accessRole: 'editor', accessType: 'organizationPrivate', expiresAt: 4102444800 },
      });
      expect(asked.body.result.data.carol.documents).toEqual({
        locked: { accessRole: 'editor', accessType: 'restricted', expiresAt: 4102444800 },
      });
      expect(asked.body.result.data.stranger.documents).toEqual({
        locked: {
          error: 'User does not have access to document',
          errorCode: 'permission_denied',
          accessType: 'restricted',
        },
      });
      const removed = await call('/v2/auth/permissions/remove', {
        userId: 'carol',
        permissions: { resources: [{ type: 'folder', id: 'root', organizationId: 'org' }] },
      });
      expect(removed.status).toBe(200);
      expect(removed.body.result).toEqual({ status: 'success', message: 'Permissions removed successfully.' });
      const after = await call<PermissionMap>('/v2/auth/permissions/get', {
        organizationId: 'org',
        userIds: ['carol'],
        documentIds: ['locked'],
      });
      expect(after.body.result.data.carol.documents.locked.errorCode).toBe('permission_denied');
      expect(after.body.result.data.carol.folders).toEqual({});
      const theirs = await call<PermissionMap>(
        '/v2/auth/permissions/get',
        { organizationId: 'org', userIds: ['carol'] },
        other,
      );
      expect(theirs.body.result.data.carol).toEqual({
        organization: { org: { error: 'User does not have access to organization', errorCode: 'permission_denied' } },
        folders: {},
        documents: {},
      });
    });

    it('permissions/get answers NOT_FOUND for a missing organization, folder or document', async () => {
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ organizationId: 'nope', userIds: ['carol'] }, 'Organization does not exist.'],
        [{ organizationId: 'org', userIds: ['carol'], documentIds: ['nope'] }, 'Folder or document does not exist'],
        [{ organizationId: 'org', userIds: ['carol'], folderIds: ['nope'] }, 'Folder or document does not exist'],
      ];
      for (const [data, message] of cases) {
        const response = await call('/v2/auth/permissions/get', data);
        expect(response.status).toBe(404);
        expect(response.body.error).toEqual({ status: 'NOT_FOUND', message });
      }
    });

    it('permissions/add refuses two different users, or none', async () => {
      for (const data of [
        { userId: 'a', user: { userId: 'b' }, permissions: { resources: [{ type: 'organization', id: 'org' }] } },
        { permissions: { resources: [{ type: 'organization', id: 'org' }] } },
      ]) {
        const response = await call('/v2/auth/permissions/add', data);
        expect(response.status).toBe(400);
        expect(response.body.error.status).toBe('INVALID_ARGUMENT');
      }
      expect(await world.query(`SELECT * FROM organization_grant WHERE user_id IN ('a', 'b')`)).toEqual([]);
    });

    it('stores nothing when one resource of the call is missing or invalid', async () => {
      const missing = await call('/v2/auth/permissions/add', {
        userId: 'dave',
        permissions: {
          resources: [
            { type: 'document', id: 'doc', organizationId: 'org', accessRole: 'editor' },
            { type: 'document', id: 'nope', organizationId: 'org', accessRole: 'editor' },
          ],
        },
      });
      expect(missing.status).toBe(404);
      expect(missing.body.error).toEqual({ status: 'NOT_FOUND', message: 'Document does not exist.' });
      for (const resource of [
        { type: 'document', id: 'doc', organizationId: 'org', accessRole: 'admin' },
        { type: 'galaxy', id: 'doc', organizationId: 'org', accessRole: 'viewer' },
        { type: 'document', id: 'doc', accessRole: 'viewer' },
        { type: 'document', id: 'doc', organizationId: 'org', accessRole: 'viewer', expiresAt: 'tomorrow' },
      ]) {
        const response = await call('/v2/auth/permissions/add', {
          userId: 'dave',
          permissions: { resources: [resource] },
        });
        expect(response.status).toBe(400);
        expect(response.body.error.status).toBe('INVALID_ARGUMENT');
        expect(response.body.error.message).toContain('data.permissions.resources[0]');
      }
      expect(await world.query(`SELECT * FROM document_grant WHERE user_id = 'dave'`)).toEqual([]);
    });

    it('grants follow a document re-keyed by one UPDATE and vanish with it', async () => {
      await seedDocument(world, owner.apiKey, 'org', 'moving');
      await call('/v2/auth/permissions/add', {
        userId: 'erin',
        permissions: { resources: [{ type: 'document', id: 'moving', organizationId: 'org', accessRole: 'editor' }] },
      });
      await world.query(
        `UPDATE document SET id = 'moved' WHERE api_key_id = $1 AND organization_id = 'org' AND id = 'moving'`,
        [owner.apiKey],
      );
      const report = await call<PermissionMap>('/v2/auth/permissions/get', {
        organizationId: 'org',
        userIds: ['erin'],
      });
      expect(report.body.result.data.erin.documents).toEqual({ moved: { accessRole: 'editor', accessType: 'public' } });
      await world.query(`DELETE FROM document WHERE api_key_id = $1 AND id = 'moved'`, [owner.apiKey]);
      expect(
        (await call<PermissionMap>('/v2/auth/permissions/get', { organizationId: 'org', userIds: ['erin'] })).body
          .result.data.erin.documents,
      ).toEqual({});
    });
  });
});
