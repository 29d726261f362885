import { createTestEnvironment, TestEnvironment } from './support/test-environment';
import { RunningApi, startApi } from './support/processes';
import { apiKeyHeaders, BatchResult, createWorkspace, Credentials, post } from './support/http-client';

interface OrganizationView {
  id: string;
  organizationName: string;
  disabled: boolean;
}

describe('organizations and user groups', () => {
  let world: TestEnvironment;
  let api: RunningApi;
  let owner: Credentials;
  let stranger: Credentials;
  const call = <T = unknown>(path: string, data: unknown, who: Credentials = owner) =>
    post<T>(api.url, path, data, apiKeyHeaders(who));

  beforeAll(async () => {
    world = await createTestEnvironment();
    api = await startApi(world.env);
    owner = await createWorkspace(api.url);
    stranger = await createWorkspace(api.url);
  });

  afterAll(async () => {
    await api?.stop();
    await world?.dispose();
  });

  describe('/v2/organizations/add', () => {
    it('adds organizations and answers a per-item map keyed by organization id', async () => {
      const response = await call('/v2/organizations/add', {
        organizations: [
          { organizationId: 'org-a', organizationName: 'Org A' },
          { organizationId: 'org-b', organizationName: 'Org B', metadata: { plan: 'pro', seats: 5 } },
        ],
      });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        result: {
          status: 'success',
          message: 'Organization(s) added successfully.',
          data: {
            'org-a': { success: true, id: 'org-a', message: 'Organization added.' },
            'org-b': { success: true, id: 'org-b', message: 'Organization added.' },
          },
        },
      });
    });

    it('reports an existing organization per item and still succeeds for the rest', async () => {
      const response = await call<BatchResult>('/v2/organizations/add', {
        organizations: [{ organizationId: 'org-a', organizationName: 'Renamed?' }, { organizationId: 'org-c' }],
      });
      expect(response.status).toBe(200);
      expect(response.body.result.status).toBe('success');
      expect(response.body.result.data['org-a']).toEqual({
        success: false,
        id: 'org-a',
        message: 'Organization already exists.',
      });
      expect(response.body.result.data['org-c']).toEqual({
        success: true,
        id: 'org-c',
        message: 'Organization added.',
      });
      const [row] = await world.query<{ name: string }>(`SELECT name FROM organization WHERE id = 'org-a'`);
      expect(row.name).toBe('Org A');
    });

    it('rejects a request naming one organization twice, storing nothing', async () => {
      const response = await call('/v2/organizations/add', {
        organizations: [{ organizationId: 'dup-1' }, { organizationId: 'dup-2' }, { organizationId: 'dup-1' }],
      });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        error: {
          status: 'INVALID_ARGUMENT',
          message: 'data.organizations[2].organizationId duplicates an earlier item.',
        },
      });
      expect(await world.query(`SELECT id FROM organization WHERE id LIKE 'dup-%'`)).toEqual([]);
    });

    it('keeps unicode identifiers exactly as sent', async () => {
      const id = '組織-😀-' + 'é'.repeat(10);
      const response = await call<BatchResult>('/v2/organizations/add', {
        organizations: [{ organizationId: id, organizationName: 'Ünïcode' }],
      });
      expect(response.body.result.data[id]).toEqual({ success: true, id, message: 'Organization added.' });
      const got = await call('/v2/organizations/get', { organizationIds: [id] });
      expect(got.body.result.data).toEqual([{ id, organizationName: 'Ünïcode', disabled: false }]);
    });
  });

  describe('/v2/organizations/get', () => {
    it('returns organization objects with metadata fields beside the spec fields', async () => {
      const response = await call('/v2/organizations/get', { organizationIds: ['org-b', 'org-a', 'missing'] });
      expect(response.status).toBe(200);
      expect(response.body.result).toEqual({
        status: 'success',
        message: 'Organizations retrieved successfully.',
        data: [
          { id: 'org-a', organizationName: 'Org A', disabled: false },
          { id: 'org-b', organizationName: 'Org B', disabled: false, plan: 'pro', seats: 5 },
        ],
      });
    });

    it('stores custom top-level keys of an organization (Velt) as metadata, refusing ones that shadow output fields', async () => {
      const added = await call<BatchResult>('/v2/organizations/add', {
        organizations: [{ organizationId: 'org-custom', region: 'eu', metadata: { plan: 'free' } }],
      });
      expect(added.body.result.data['org-custom'].success).toBe(true);
      const got = await call('/v2/organizations/get', { organizationIds: ['org-custom'] });
      expect(got.body.result.data).toEqual([
        { id: 'org-custom', organizationName: 'org-custom', disabled: false, region: 'eu', plan: 'free' },
      ]);
      const shadow = await call('/v2/organizations/add', {
        organizations: [{ organizationId: 'org-shadow', disabled: true }],
      });
      expect([shadow.status, shadow.body]).toEqual([
        400,
        { error: { status: 'INVALID_ARGUMENT', message: 'data.organizations[0].disabled is not a known field.' } },
      ]);
      await call('/v2/organizations/delete', { organizationIds: ['org-custom'] });
      expect(await world.query(`SELECT 1 FROM organization WHERE id IN ('org-custom', 'org-shadow')`)).toEqual([]);
    });

    it('names an organization after its id when no name is given', async () => {
      const response = await call('/v2/organizations/get', { organizationIds: ['org-c'] });
      expect(response.body.result.data).toEqual([{ id: 'org-c', organizationName: 'org-c', disabled: false }]);
    });

    it('pages with result.nextPageToken, absent on the last page', async () => {
      const mine = await createWorkspace(api.url);
      const ids = Array.from({ length: 25 }, (_, i) => `p${String(i).padStart(2, '0')}`);
      await call('/v2/organizations/add', { organizations: ids.map((organizationId) => ({ organizationId })) }, mine);
      const seen: string[] = [];
      let pageToken: string | undefined;
      let pages = 0;
      do {
        const response = await call<OrganizationView[]>(
          '/v2/organizations/get',
          { pageSize: 10, ...(pageToken ? { pageToken } : {}) },
          mine,
        );
        expect(response.status).toBe(200);
        expect(response.body.result.pageToken).toBeUndefined();
        seen.push(...response.body.result.data.map((org) => org.id));
        pageToken = response.body.result.nextPageToken;
        pages++;
      } while (pageToken);
      expect(pages).toBe(3);
      expect(seen).toEqual(ids);
      const all = await call('/v2/organizations/get', {}, mine);
      expect(all.body.result.data).toHaveLength(25);
      expect('nextPageToken' in all.body.result).toBe(false);
    });
  });

  describe('/v2/organizations/access/disablestate/update', () => {
    it('disables and re-enables existing organizations', async () => {
      const disabled = await call('/v2/organizations/access/disablestate/update', {
        organizationIds: ['org-a'],
        disabled: true,
      });
      expect(disabled.body.result).toEqual({
        status: 'success',
        message: 'Organization disabled state updated successfully.',
        data: { 'org-a': { success: true, id: 'org-a', message: 'Disabled state updated.' } },
      });
      expect(
        (await call<OrganizationView[]>('/v2/organizations/get', { organizationIds: ['org-a'] })).body.result.data[0]
          .disabled,
      ).toBe(true);
      await call('/v2/organizations/access/disablestate/update', { organizationIds: ['org-a'], disabled: false });
      expect(
        (await call<OrganizationView[]>('/v2/organizations/get', { organizationIds: ['org-a'] })).body.result.data[0]
          .disabled,
      ).toBe(false);
    });

    it('creates a missing organization in the requested state (spec state table)', async () => {
      const response = await call<BatchResult>('/v2/organizations/access/disablestate/update', {
        organizationIds: ['born-disabled'],
        disabled: true,
      });
      expect(response.body.result.data['born-disabled']).toEqual({
        success: true,
        id: 'born-disabled',
        message: 'Disabled state updated.',
      });
      const got = await call('/v2/organizations/get', { organizationIds: ['born-disabled'] });
      expect(got.body.result.data).toEqual([
        { id: 'born-disabled', organizationName: 'born-disabled', disabled: true },
      ]);
    });

    it('with createOrganization false reports a missing organization per item, spec message verbatim', async () => {
      const response = await call('/v2/organizations/access/disablestate/update', {
        organizationIds: ['org-b', 'never-made'],
        disabled: true,
        createOrganization: false,
      });
      expect(response.status).toBe(200);
      expect(response.body.result.status).toBe('success');
      expect(response.body.result.data).toEqual({
        'org-b': { success: true, id: 'org-b', message: 'Disabled state updated.' },
        'never-made': { success: false, id: 'never-made', message: 'Organization does not exist' },
      });
      expect(await world.query(`SELECT id FROM organization WHERE id = 'never-made'`)).toEqual([]);
    });
  });

  describe('/v2/organizations/usergroups/add', () => {
    it('adds groups keyed by group id with the spec message', async () => {
      const response = await call('/v2/organizations/usergroups/add', {
        organizationId: 'org-a',
        organizationUserGroups: [
          { groupId: 'eng', groupName: 'Engineering' },
          { groupId: 'ops', groupName: 'Operations' },
        ],
      });
      expect(response.status).toBe(200);
      expect(response.body.result).toEqual({
        status: 'success',
        message: 'Organization User Groups added successfully.',
        data: {
          eng: { success: true, id: 'eng', message: 'User group added.' },
          ops: { success: true, id: 'ops', message: 'User group added.' },
        },
      });
      const rows = await world.query(
        `SELECT id, name FROM organization_user_group WHERE organization_id = 'org-a' ORDER BY id`,
      );
      expect(rows).toEqual([
        { id: 'eng', name: 'Engineering' },
        { id: 'ops', name: 'Operations' },
      ]);
    });

    it('reports an existing group per item', async () => {
      const response = await call<BatchResult>('/v2/organizations/usergroups/add', {
        organizationId: 'org-a',
        organizationUserGroups: [
          { groupId: 'eng', groupName: 'Again' },
          { groupId: 'qa', groupName: 'QA' },
        ],
      });
      expect(response.body.result.data.eng).toEqual({
        success: false,
        id: 'eng',
        message: 'User group already exists.',
      });
      expect(response.body.result.data.qa).toEqual({ success: true, id: 'qa', message: 'User group added.' });
    });

    it('answers NOT_FOUND for a missing organization unless createOrganization is true', async () => {
      const refused = await call('/v2/organizations/usergroups/add', {
        organizationId: 'ghost-org',
        organizationUserGroups: [{ groupId: 'g', groupName: 'G' }],
      });
      expect(refused.status).toBe(404);
      expect(refused.body).toEqual({ error: { status: 'NOT_FOUND', message: 'Organization does not exist.' } });
      expect(await world.query(`SELECT id FROM organization_user_group WHERE organization_id = 'ghost-org'`)).toEqual(
        [],
      );
      const created = await call<BatchResult>('/v2/organizations/usergroups/add', {
        organizationId: 'ghost-org',
        createOrganization: true,
        organizationUserGroups: [{ groupId: 'g', groupName: 'G' }],
      });
      expect(created.body.result.data.g.success).toBe(true);
      expect((await call('/v2/organizations/get', { organizationIds: ['ghost-org'] })).body.result.data).toHaveLength(
        1,
      );
    });

    it('rejects a repeated group id naming its path', async () => {
      const response = await call('/v2/organizations/usergroups/add', {
        organizationId: 'org-a',
        organizationUserGroups: [{ groupId: 'x1' }, { groupId: 'x1' }],
      });
      expect(response.status).toBe(400);
      expect(response.body.error.message).toBe('data.organizationUserGroups[1].groupId duplicates an earlier item.');
    });
  });

  describe('/v1/organizations/delete', () => {
    it('deletes organizations and reports absent ones with the spec message', async () => {
      await call('/v2/organizations/add', { organizations: [{ organizationId: 'doomed' }] });
      const response = await call('/v1/organizations/delete', { organizationIds: ['doomed', 'no-such-org'] });
      expect(response.status).toBe(200);
      expect(response.body.result).toEqual({
        status: 'success',
        message: 'Organization(s) deleted successfully.',
        data: {
          doomed: { success: true, id: 'doomed', message: 'Organization deleted.' },
          'no-such-org': { success: false, id: 'no-such-org', message: 'Organization does not exist' },
        },
      });
      expect((await call('/v2/organizations/get', { organizationIds: ['doomed'] })).body.result.data).toEqual([]);
    });

    it('removes folders, documents and groups of the organization with it', async () => {
      await call('/v2/organizations/add', {
        organizations: [{ organizationId: 'cascade' }, { organizationId: 'bystander' }],
      });
      for (const organizationId of ['cascade', 'bystander']) {
        await call('/v2/organizations/folders/add', {
          organizationId,
          folders: [{ folderId: 'top' }, { folderId: 'sub', parentFolderId: 'top' }],
        });
        await call('/v2/organizations/documents/add', {
          organizationId,
          folderId: 'sub',
          documents: [{ documentId: 'd1' }, { documentId: 'd2' }],
        });
        await call('/v2/organizations/documents/add', { organizationId, documents: [{ documentId: 'root-doc' }] });
        await call('/v2/organizations/usergroups/add', { organizationId, organizationUserGroups: [{ groupId: 'g1' }] });
      }
      const counts = async (organizationId: string) =>
        (
          await world.query<{ n: string }>(
            `SELECT (SELECT count(*) FROM folder WHERE organization_id = $1) + (SELECT count(*) FROM document WHERE organization_id = $1)
                  + (SELECT count(*) FROM organization_user_group WHERE organization_id = $1) AS n`,
            [organizationId],
          )
        )[0].n;
      expect(await counts('cascade')).toBe('6');
      const response = await call<BatchResult>('/v1/organizations/delete', { organizationIds: ['cascade'] });
      expect(response.body.result.data.cascade.success).toBe(true);
      expect(await counts('cascade')).toBe('0');
      expect(await counts('bystander')).toBe('6');
    });
  });

  describe('tenancy', () => {
    it('another API key can neither see nor change these organizations', async () => {
      const listed = await call('/v2/organizations/get', {}, stranger);
      expect(listed.body.result.data).toEqual([]);
      const byId = await call('/v2/organizations/get', { organizationIds: ['org-a', 'org-b'] }, stranger);
      expect(byId.body.result.data).toEqual([]);
      const deleted = await call<BatchResult>('/v1/organizations/delete', { organizationIds: ['org-a'] }, stranger);
      expect(deleted.body.result.data['org-a']).toEqual({
        success: false,
        id: 'org-a',
        message: 'Organization does not exist',
      });
      const disabled = await call<BatchResult>(
        '/v2/organizations/access/disablestate/update',
        { organizationIds: ['org-b'], disabled: true, createOrganization: false },
        stranger,
      );
      expect(disabled.body.result.data['org-b'].success).toBe(false);
      const groups = await call(
        '/v2/organizations/usergroups/add',
        { organizationId: 'org-a', organizationUserGroups: [{ groupId: 'intruders' }] },
        stranger,
      );
      expect(groups.status).toBe(404);
      // The same id is free for the other key: it becomes the other key's own organization.
      const own = await call<BatchResult>(
        '/v2/organizations/add',
        { organizations: [{ organizationId: 'org-a', organizationName: 'Theirs' }] },
        stranger,
      );
      expect(own.body.result.data['org-a'].success).toBe(true);
      const mine = await call('/v2/organizations/get', { organizationIds: ['org-a', 'org-b'] });
      expect(mine.body.result.data).toEqual([
        { id: 'org-a', organizationName: 'Org A', disabled: false },
        { id: 'org-b', organizationName: 'Org B', disabled: true, plan: 'pro', seats: 5 },
      ]);
    });
  });
});
