import { createTestEnvironment, TestEnvironment } from './support/test-environment';
import { RunningApi, startApi } from './support/processes';
import { apiKeyHeaders, createWorkspace, Credentials, post } from './support/http-client';

const pad = (n: number) => String(n).padStart(4, '0');

interface DocumentView {
  id: string;
}

describe('paging', () => {
  let world: TestEnvironment;
  let api: RunningApi;
  let owner: Credentials;
  const call = <T = unknown>(path: string, data: unknown, who: Credentials = owner) =>
    post<T>(api.url, path, data, apiKeyHeaders(who));

  beforeAll(async () => {
    world = await createTestEnvironment();
    api = await startApi(world.env);
    owner = await createWorkspace(api.url);
    const all = Array.from({ length: 2500 }, (_, i) => `doc-${pad(i)}`);
    for (let start = 0; start < all.length; start += 1000) {
      const documents = all.slice(start, start + 1000).map((documentId) => ({ documentId }));
      const response = await call('/v2/organizations/documents/add', {
        organizationId: 'big',
        createOrganization: true,
        documents,
      });
      expect(response.status).toBe(200);
    }
  });

  afterAll(async () => {
    await api?.stop();
    await world?.dispose();
  });

  it('walks 2,500 documents by 100 while others are added and deleted: each stable document exactly once', async () => {
    // Every fifth document is deleted during the walk; new ids land between existing ones, before and after the cursor.
    const victims = Array.from({ length: 500 }, (_, i) => `doc-${pad(i * 5)}`);
    const stable = new Set(
      Array.from({ length: 2500 }, (_, i) => `doc-${pad(i)}`).filter((id) => !victims.includes(id)),
    );
    const added: string[] = [];
    let churnRound = 0;
    const churn = async () => {
      const round = churnRound++;
      const fresh = Array.from({ length: 20 }, (_, i) => `doc-${pad((round * 97 + i * 123) % 2500)}-new-${round}`);
      added.push(...fresh);
      const toDelete = victims.slice(round * 20, round * 20 + 20);
      const [add, del] = await Promise.all([
        call('/v2/organizations/documents/add', {
          organizationId: 'big',
          documents: fresh.map((documentId) => ({ documentId })),
        }),
        toDelete.length
          ? call('/v2/organizations/documents/delete', { organizationId: 'big', documentIds: toDelete })
          : Promise.resolve({ status: 200 }),
      ]);
      expect([add.status, del.status]).toEqual([200, 200]);
    };

    const seen: string[] = [];
    let pageToken: string | undefined;
    let pages = 0;
    do {
      const [page] = await Promise.all([
        call<DocumentView[]>('/v2/organizations/documents/get', {
          organizationId: 'big',
          pageSize: 100,
          ...(pageToken ? { pageToken } : {}),
        }),
        churn(),
      ]);
      expect(page.status).toBe(200);
      expect(page.body.result.data.length).toBeLessThanOrEqual(100);
      seen.push(...page.body.result.data.map((doc) => doc.id));
      pageToken = page.body.result.pageToken;
      pages++;
    } while (pageToken);

    expect(churnRound).toBeGreaterThanOrEqual(25);
    expect(new Set(seen).size).toBe(seen.length);
    const seenSet = new Set(seen);
    const missed = [...stable].filter((id) => !seenSet.has(id));
    expect(missed).toEqual([]);
    const known = new Set([...stable, ...victims, ...added]);
    expect(seen.filter((id) => !known.has(id))).toEqual([]);
    expect([...seen].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))).toEqual(seen);
    expect(pages).toBeGreaterThanOrEqual(25);
  });

  it('uses byte order (collation C) so the order does not depend on the locale', async () => {
    const ids = ['B', 'a', 'Z', '_', 'é', 'e'];
    await call('/v2/organizations/documents/add', {
      organizationId: 'order',
      createOrganization: true,
      documents: ids.map((documentId) => ({ documentId })),
    });
    const seen: string[] = [];
    let pageToken: string | undefined;
    do {
      const page = await call<DocumentView[]>('/v2/organizations/documents/get', {
        organizationId: 'order',
        pageSize: 2,
        ...(pageToken ? { pageToken } : {}),
      });
      seen.push(...page.body.result.data.map((doc) => doc.id));
      pageToken = page.body.result.pageToken;
    } while (pageToken);
    expect(seen).toEqual(['B', 'Z', '_', 'a', 'e', 'é']);
  });

  it('defaults to pages of 1000 and refuses larger ones', async () => {
    const first = await call('/v2/organizations/documents/get', { organizationId: 'big' });
    expect(first.body.result.data).toHaveLength(1000);
    expect(typeof first.body.result.pageToken).toBe('string');
    const max = await call('/v2/organizations/documents/get', { organizationId: 'big', pageSize: 1000 });
    expect(max.status).toBe(200);
    for (const pageSize of [1001, 0, -1, 2.5, '10']) {
      const response = await call('/v2/organizations/documents/get', { organizationId: 'big', pageSize });
      expect([pageSize, response.status, response.body.error?.status]).toEqual([pageSize, 400, 'INVALID_ARGUMENT']);
      expect(response.body.error.message).toContain('data.pageSize');
    }
  });

  describe('tokens', () => {
    let token: string;
    let lastOfFirstPage: string;
    beforeAll(async () => {
      const first = await call<DocumentView[]>('/v2/organizations/documents/get', {
        organizationId: 'big',
        pageSize: 10,
      });
      token = first.body.result.pageToken!;
      lastOfFirstPage = first.body.result.data[9].id;
    });

    const invalid = async (
      data: Record<string, unknown>,
      who: Credentials = owner,
      path = '/v2/organizations/documents/get',
    ) => {
      const response = await call(path, data, who);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: { status: 'INVALID_ARGUMENT', message: 'Invalid pageToken.' } });
    };

    it('accepts its own token', async () => {
      const next = await call<DocumentView[]>('/v2/organizations/documents/get', {
        organizationId: 'big',
        pageSize: 10,
        pageToken: token,
      });
      expect(next.status).toBe(200);
      expect(next.body.result.data).toHaveLength(10);
      expect(next.body.result.data[0].id > lastOfFirstPage).toBe(true);
    });

    it('refuses tampered tokens', async () => {
      const [payload, signature] = token.split('.');
      // A real cursor further on (the token is opaque: forge by swapping in another token's payload).
      const further = await call('/v2/organizations/documents/get', { organizationId: 'big', pageSize: 1000 });
      const forgedPayload = (further.body as { result: { pageToken: string } }).result.pageToken.split('.')[0];
      expect(forgedPayload).not.toBe(payload);
      const flipped = signature.slice(0, -1) + (signature.endsWith('A') ? 'B' : 'A');
      for (const pageToken of [
        `${forgedPayload}.${signature}`,
        `${payload}.${flipped}`,
        `${payload}`,
        'garbage',
        `${token}.x`,
      ]) {
        await invalid({ organizationId: 'big', pageToken });
      }
    });

    it('refuses a token issued for other filters, another listing or another API key', async () => {
      await call('/v2/organizations/folders/add', { organizationId: 'big', folders: [{ folderId: 'f' }] });
      await invalid({ organizationId: 'big', folderId: 'f', pageToken: token });
      await invalid({ organizationId: 'big', documentIds: ['doc-0001'], pageToken: token });
      await invalid({ pageToken: token }, owner, '/v2/organizations/get');
      const stranger = await createWorkspace(api.url);
      await call('/v2/organizations/add', { organizations: [{ organizationId: 'big' }] }, stranger);
      await invalid({ organizationId: 'big', pageToken: token }, stranger);
    });
  });
});
