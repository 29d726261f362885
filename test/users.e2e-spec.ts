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

interface Permissions {
  userId: string;
  resources: Array<{ type: string; id: string; organizationId: string; accessRole: string; expiresAt: number | null }>;
}

describe('users and permissions', () => {
  let world: TestEnvironment;
  let api: RunningApi;
  let owner: Credentials;
  let other: Credentials;
  const call = <T = unknown>(path: string, data: unknown, as: Credentials = owner) => post<T>(api.url, path, data, apiKeyHeaders(as));

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
    it('adds users to an organization and lists them with their role', async () => {
      const added = await call('/v2/users/add', {
        organizationId: 'org',
        users: [
          { userId: 'alice', name: 'Alice', email: 'alice@example.com', accessRole: 'editor' },
          { userId: 'bob', name: 'Bob' },
        ],
      });
      expect(added.status).toBe(200);
      expect(added.body.result.data).toEqual({
        alice: { success: true, id: 'alice', message: 'User added.' },
        bob: { success: true, id: 'bob', message: 'User added.' },
      });
      const listed = await call('/v2/users/get', { organizationId: 'org' });
      expect(listed.body.result.data).toEqual([
        { userId: 'alice', name: 'Alice', email: 'alice@example.com', accessRole: 'editor' },
        { userId: 'bob', name: 'Bob', email: '', accessRole: null },
      ]);
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
      const onDocument = await call<BatchResult>('/v2/users/update', { organizationId: 'org', documentId: 'doc', users: [{ userId: 'bob', accessRole: 'editor' }] });
      expect(onDocument.body.result.data.bob.message).toBe('User updated.');
      const onFolder = await call<BatchResult>('/v2/users/update', { organizationId: 'org', folderId: 'root', users: [{ userId: 'alice', accessRole: 'editor' }] });
      expect(onFolder.body.result.data.alice.message).toBe('User updated.');

      const org = await call('/v2/users/get', { organizationId: 'org', userIds: ['alice'] });
      expect(org.body.result.data).toEqual([{ userId: 'alice', name: 'Alice', email: 'alice@example.com', accessRole: 'viewer' }]);
      const doc = await call('/v2/users/get', { organizationId: 'org', documentId: 'doc' });
      expect(doc.body.result.data).toEqual([{ userId: 'bob', name: 'Bob', email: '', accessRole: 'editor' }]);
      const folder = await call('/v2/users/get', { organizationId: 'org', folderId: 'root' });
      expect(folder.body.result.data).toEqual([{ userId: 'alice', name: 'Alice', email: 'alice@example.com', accessRole: 'editor' }]);
      expect(await world.query('SELECT count(*)::int AS n FROM app_user WHERE id = $1', ['ghost'])).toEqual([{ n: 0 }]);
    });

    it('pages with an opaque nextPageToken and rejects a tampered one', async () => {
      await call('/v2/users/add', { organizationId: 'org', users: Array.from({ length: 5 }, (_, i) => ({ userId: `p${i}` })) });
      const seen: string[] = [];
      let pageToken: string | undefined;
      do {
        const page = await call<OrganizationUser[]>('/v2/users/get', { organizationId: 'org', pageSize: 2, ...(pageToken ? { pageToken } : {}) });
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
      const fromDoc = await call('/v2/users/delete', { organizationId: 'org', documentId: 'doc', userIds: ['bob', 'nobody'] });
      expect(fromDoc.body.result.data).toEqual({
        bob: { success: true, id: 'bob', message: 'User deleted.' },
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
      ['/v2/users/add', { organizationId: 'org', users: [{ userId: 'x', accessRole: 'owner' }] }, 'data.users[0].accessRole'],
      ['/v2/users/add', { organizationId: 'org', users: [{ userId: 7 }] }, 'data.users[0].userId'],
      ['/v2/users/add', { organizationId: 'org', users: 'alice' }, 'data.users'],
      ['/v2/users/add', { organizationId: 'org', users: [] }, 'data.users'],
      ['/v2/users/add', { organizationId: 'org', users: [{ userId: 'x', email: 'nope' }] }, 'data.users[0].email'],
      ['/v2/users/add', { organizationId: 'org', documentId: 'doc', folderId: 'root', users: [{ userId: 'x' }] }, 'data.documentId'],
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

    it('answers NOT_FOUND for a missing organization, folder or document', async () => {
      const cases: Array<[Record<string, string>, string]> = [
        [{ organizationId: 'missing' }, 'Organization does not exist.'],
        [{ organizationId: 'org', documentId: 'missing' }, 'Document does not exist.'],
        [{ organizationId: 'org', folderId: 'missing' }, 'Folder does not exist.'],
      ];
      for (const [scope, message] of cases) {
        const response = await call('/v2/users/add', { ...scope, users: [{ userId: 'x', accessRole: 'viewer' }] });
        expect(response.status).toBe(404);
        expect(response.body.error).toEqual({ status: 'NOT_FOUND', message });
      }
      expect(await world.query(`SELECT id FROM app_user WHERE id = 'x'`)).toEqual([]);
    });

    it('keeps API keys apart: another key sees neither the users nor the organization it shares a name with', async () => {
      const theirs = await call('/v2/users/get', { organizationId: 'org' }, other);
      expect(theirs.body.result.data).toEqual([]);
      const crossed = await call('/v2/users/add', { organizationId: 'org', documentId: 'doc', users: [{ userId: 'mallory' }] }, other);
      expect(crossed.status).toBe(404);
    });
  });

  describe('/v2/auth/permissions/*', () => {
    it('adds, lists and removes grants on the three resource types with optional expiry', async () => {
      const added = await call('/v2/auth/permissions/add', {
        userId: 'carol',
        permissions: {
          resources: [
            { type: 'organization', id: 'org', accessRole: 'viewer' },
            { type: 'folder', id: 'root', organizationId: 'org', accessRole: 'editor', expiresAt: 4102444800 },
            { type: 'document', id: 'doc', organizationId: 'org', accessRole: 'viewer' },
          ],
        },
      });
      expect(added.status).toBe(200);
      expect(added.body.result).toEqual({ status: 'success', message: 'Permissions added successfully.', data: { success: true } });
      const listed = await call('/v2/auth/permissions/get', { userId: 'carol' });
      expect(listed.body.result.data).toEqual({
        userId: 'carol',
        resources: [
          { type: 'organization', id: 'org', organizationId: 'org', accessRole: 'viewer', expiresAt: null },
          { type: 'folder', id: 'root', organizationId: 'org', accessRole: 'editor', expiresAt: 4102444800 },
          { type: 'document', id: 'doc', organizationId: 'org', accessRole: 'viewer', expiresAt: null },
        ],
      });
      const removed = await call('/v2/auth/permissions/remove', {
        userId: 'carol',
        permissions: { resources: [{ type: 'folder', id: 'root', organizationId: 'org' }] },
      });
      expect(removed.status).toBe(200);
      const after = await call<Permissions>('/v2/auth/permissions/get', { userId: 'carol', organizationId: 'org' });
      expect(after.body.result.data.resources.map((r) => r.type)).toEqual(['organization', 'document']);
      expect((await call<Permissions>('/v2/auth/permissions/get', { userId: 'carol' }, other)).body.result.data.resources).toEqual([]);
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
        const response = await call('/v2/auth/permissions/add', { userId: 'dave', permissions: { resources: [resource] } });
        expect(response.status).toBe(400);
        expect(response.body.error.status).toBe('INVALID_ARGUMENT');
        expect(response.body.error.message).toContain('data.permissions.resources[0]');
      }
      expect(await world.query(`SELECT * FROM document_grant WHERE user_id = 'dave'`)).toEqual([]);
    });

    it('grants follow a document re-keyed by one UPDATE and vanish with it', async () => {
      await seedDocument(world, owner.apiKey, 'org', 'moving');
      await call('/v2/auth/permissions/add', { userId: 'erin', permissions: { resources: [{ type: 'document', id: 'moving', organizationId: 'org', accessRole: 'editor' }] } });
      await world.query(`UPDATE document SET id = 'moved' WHERE api_key_id = $1 AND organization_id = 'org' AND id = 'moving'`, [owner.apiKey]);
      const listed = await call<Permissions>('/v2/auth/permissions/get', { userId: 'erin' });
      expect(listed.body.result.data.resources).toEqual([{ type: 'document', id: 'moved', organizationId: 'org', accessRole: 'editor', expiresAt: null }]);
      await world.query(`DELETE FROM document WHERE api_key_id = $1 AND id = 'moved'`, [owner.apiKey]);
      expect((await call<Permissions>('/v2/auth/permissions/get', { userId: 'erin' })).body.result.data.resources).toEqual([]);
    });
  });
});
