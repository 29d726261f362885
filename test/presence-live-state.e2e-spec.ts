import { apiKeyHeaders, createWorkspace, Credentials, post, postRaw } from './support/http-client';
import { RunningApi, startApi } from './support/processes';
import { eventually } from './support/eventually';
import { anyString } from './support/matchers';
import { seedDocument, seedOrganization } from './support/seed';
import { createTestEnvironment, TestEnvironment } from './support/test-environment';

interface PresenceUser {
  userId: string;
  name: string;
  email: string;
  status: string;
}

interface LiveState {
  liveStateDataId: string;
  data: unknown;
  updatedAt: string;
}

interface GeneratedToken {
  token: string;
}

describe('presence, live state and end-user tokens over REST', () => {
  let world: TestEnvironment;
  let api: RunningApi;
  let owner: Credentials;
  let other: Credentials;
  const doc = { organizationId: 'org', documentId: 'doc' };
  const call = <T = unknown>(path: string, data: unknown, as: Credentials = owner) =>
    post<T>(api.url, path, data, apiKeyHeaders(as));
  const stored = () => world.query('SELECT id, data FROM live_state ORDER BY id');

  beforeAll(async () => {
    world = await createTestEnvironment();
    api = await startApi(world.env, { PRESENCE_TTL_S: '5' });
    owner = await createWorkspace(api.url);
    other = await createWorkspace(api.url);
    await seedOrganization(world, owner.apiKey, 'org');
    await seedDocument(world, owner.apiKey, 'org', 'doc');
  }, 60_000);

  afterAll(async () => {
    await api?.stop();
    await world?.dispose();
  });

  describe('/v2/presence/*', () => {
    it('adds (status optional), updates, lists and deletes presence users', async () => {
      const added = await call('/v2/presence/add', {
        ...doc,
        users: [{ userId: 'u1', name: 'One', email: 'one@example.com', status: 'away' }, { userId: 'u2' }],
      });
      expect(added.status).toBe(200);
      expect(added.body.result.data).toEqual({ success: true });
      const updated = await call('/v2/presence/update', {
        ...doc,
        users: [
          { userId: 'u2', status: 'away' },
          { userId: 'u9', status: 'online' },
        ],
      });
      expect(updated.body.result.data).toEqual({
        success: false,
        users: {
          u2: { success: true, id: 'u2', message: 'Presence updated.' },
          u9: { success: false, id: 'u9', message: 'User is not present.' },
        },
      });
      const listed = await call('/v2/presence/get', doc);
      expect(listed.body.result.data).toEqual([
        { userId: 'u1', name: 'One', email: 'one@example.com', status: 'away' },
        { userId: 'u2', name: '', email: '', status: 'away' },
      ]);
      expect((await call('/v2/presence/delete', { ...doc, userIds: ['u1'] })).body.result.data).toEqual({
        success: true,
      });
      expect((await call<PresenceUser[]>('/v2/presence/get', doc)).body.result.data.map((u) => u.userId)).toEqual([
        'u2',
      ]);
      expect((await call('/v2/presence/get', doc, other)).status).toBe(404);
    });

    it('lets entries lapse after PRESENCE_TTL_S unless refreshed', async () => {
      await call('/v2/presence/add', { ...doc, users: [{ userId: 'brief' }] });
      await eventually(
        async () => {
          const listed = await call<PresenceUser[]>('/v2/presence/get', doc);
          expect(listed.body.result.data.map((u) => u.userId)).not.toContain('brief');
        },
        { timeoutMs: 10_000, intervalMs: 500 },
      );
    }, 15_000);

    it.each([
      [{ ...doc, users: [{ userId: 'x', status: 5 }] }, 'data.users[0].status'],
      [{ ...doc, users: [{ name: 'no id' }] }, 'data.users[0].userId'],
      [{ organizationId: 'org', users: [{ userId: 'x' }] }, 'data.documentId'],
    ])('rejects %j naming %s', async (data, field) => {
      const response = await call('/v2/presence/add', data);
      expect(response.status).toBe(400);
      expect(response.body.error.message).toContain(field);
    });

    it('answers NOT_FOUND for a missing document', async () => {
      const response = await call('/v2/presence/add', {
        organizationId: 'org',
        documentId: 'nope',
        users: [{ userId: 'x' }],
      });
      expect(response.body.error).toEqual({ status: 'NOT_FOUND', message: 'Document does not exist.' });
    });
  });

  describe('/v1 and /v2 livestate', () => {
    it('stores the latest value, deep-merging when asked and replacing otherwise', async () => {
      const first = await call('/v2/livestate/broadcast', {
        ...doc,
        liveStateDataId: 's',
        data: { a: { b: 1 }, list: [1, 2] },
      });
      expect(first.body.result).toEqual({
        status: 'success',
        message: 'Event broadcasted successfully.',
        data: { success: true },
      });
      await call('/v2/livestate/broadcast', {
        ...doc,
        liveStateDataId: 's',
        data: { a: { c: 2 }, list: [3] },
        merge: true,
      });
      let got = await call<LiveState[]>('/v2/livestate/get', { ...doc, liveStateDataId: 's' });
      expect(got.body.result.data[0].data).toEqual({ a: { b: 1, c: 2 }, list: [3] });
      await call('/v2/livestate/broadcast', { ...doc, liveStateDataId: 's', data: { z: 1 }, merge: false });
      got = await call<LiveState[]>('/v2/livestate/get', doc);
      expect(got.body.result.data).toEqual([{ liveStateDataId: 's', data: { z: 1 }, updatedAt: anyString() }]);
    });

    it("accepts the spec sample's unwrapped body on /v1 and /v2", async () => {
      for (const path of ['/v1/livestate/broadcast', '/v2/livestate/broadcast']) {
        const response = await postRaw(
          api.url,
          path,
          JSON.stringify({ ...doc, liveStateDataId: 'raw', data: { path }, merge: false }),
          apiKeyHeaders(owner),
        );
        expect(response.status).toBe(200);
        expect(response.body.result.message).toBe('Event broadcasted successfully.');
      }
      const got = await call<LiveState[]>('/v2/livestate/get', { ...doc, liveStateDataId: 'raw' });
      expect(got.body.result.data[0].data).toEqual({ path: '/v2/livestate/broadcast' });
    });

    it('drops constructor/prototype keys in a merge and refuses __proto__, storing nothing', async () => {
      await call('/v2/livestate/broadcast', { ...doc, liveStateDataId: 'p', data: { keep: 1 } });
      const merged = await postRaw(
        api.url,
        '/v2/livestate/broadcast',
        `{"data":{"organizationId":"org","documentId":"doc","liveStateDataId":"p","merge":true,"data":{"constructor":{"prototype":{"bad":1}},"ok":2}}}`,
        apiKeyHeaders(owner),
      );
      expect(merged.status).toBe(200);
      expect(
        (await call<LiveState[]>('/v2/livestate/get', { ...doc, liveStateDataId: 'p' })).body.result.data[0].data,
      ).toEqual({ keep: 1, ok: 2 });
      const before = await stored();
      for (const body of [
        `{"data":{"organizationId":"org","documentId":"doc","liveStateDataId":"p","merge":true,"data":{"__proto__":{"isAdmin":true}}}}`,
        `{"data":{"organizationId":"org","documentId":"doc","liveStateDataId":"p","data":{"a":{"__proto__":{"x":1}}}}}`,
        `{"__proto__":{"x":1},"organizationId":"org"}`,
      ]) {
        const response = await postRaw(api.url, '/v2/livestate/broadcast', body, apiKeyHeaders(owner));
        expect(response.status).toBe(400);
        expect(response.body.error.status).toBe('INVALID_ARGUMENT');
        expect(response.body.error.message).toContain('__proto__');
      }
      expect(await stored()).toEqual(before);
    });

    it('rejects bad input with a clear 400 and stores nothing', async () => {
      const before = await stored();
      const deep: unknown = JSON.parse('{"a":'.repeat(40) + '1' + '}'.repeat(40));
      const cases: Array<[unknown, string]> = [
        [{ ...doc, liveStateDataId: 'big', data: { blob: 'x'.repeat(256 * 1024) } }, '256 KiB'],
        [{ ...doc, liveStateDataId: 'bad', data: [1, 2] }, 'data.data'],
        [{ ...doc, liveStateDataId: 'bad', data: 'text' }, 'data.data'],
        [{ ...doc, liveStateDataId: 'bad', data: {}, merge: 'yes' }, 'data.merge'],
        [{ ...doc, liveStateDataId: 7, data: {} }, 'data.liveStateDataId'],
        [{ ...doc, liveStateDataId: 'deep', data: deep }, 'nested deeper'],
        [{ ...doc, liveStateDataId: 'nul', data: { s: 'a\u0000b' } }, 'NUL'],
        [{ ...doc, liveStateDataId: 'x'.repeat(257), data: {} }, 'data.liveStateDataId'],
      ];
      for (const [data, message] of cases) {
        const response = await call('/v2/livestate/broadcast', data);
        expect(response.status).toBe(400);
        expect(response.body.error.status).toBe('INVALID_ARGUMENT');
        expect(response.body.error.message).toContain(message);
      }
      const huge = await call('/v2/livestate/broadcast', {
        ...doc,
        liveStateDataId: 'huge',
        data: { blob: 'x'.repeat(1024 * 1024 + 1) },
      });
      expect(huge.status).toBe(400);
      expect(huge.body.error).toEqual({ status: 'INVALID_ARGUMENT', message: 'Request body exceeds the 1 MiB limit.' });
      expect(await stored()).toEqual(before);
    });

    it('refuses a merge whose result outgrows 256 KiB and keeps the stored value', async () => {
      await call('/v2/livestate/broadcast', { ...doc, liveStateDataId: 'grow', data: { a: 'x'.repeat(200 * 1024) } });
      const response = await call('/v2/livestate/broadcast', {
        ...doc,
        liveStateDataId: 'grow',
        data: { b: 'y'.repeat(100 * 1024) },
        merge: true,
      });
      expect(response.status).toBe(400);
      expect(response.body.error.message).toBe('The merged live state exceeds the 256 KiB live-state limit.');
      const [row] = await world.query<{ data: Record<string, string> }>(
        `SELECT data FROM live_state WHERE id = 'grow'`,
      );
      expect(Object.keys(row.data)).toEqual(['a']);
    });

    it('measures a merge near the limit as compact JSON, as the client sent it', async () => {
      // 22,000 keys: 242 KB as compact JSON but over 256 KiB in jsonb's text form (": " and ", ").
      const many = Object.fromEntries(Array.from({ length: 22_000 }, (_, i) => [`k${String(i).padStart(5, '0')}`, 0]));
      expect((await call('/v2/livestate/broadcast', { ...doc, liveStateDataId: 'near', data: many })).status).toBe(200);
      const response = await call('/v2/livestate/broadcast', {
        ...doc,
        liveStateDataId: 'near',
        data: { k00000: { merged: true } },
        merge: true,
      });
      expect(response.status).toBe(200);
      const [row] = await world.query<{ first: unknown; keys: number }>(
        `SELECT data->'k00000' AS first, (SELECT count(*) FROM jsonb_object_keys(data))::int AS keys FROM live_state WHERE id = 'near'`,
      );
      expect(row).toEqual({ first: { merged: true }, keys: 22_000 });
    });

    it('answers NOT_FOUND for a missing document and keeps API keys apart', async () => {
      const missing = await call('/v2/livestate/broadcast', {
        organizationId: 'org',
        documentId: 'nope',
        liveStateDataId: 's',
        data: {},
      });
      expect(missing.status).toBe(404);
      expect(missing.body.error).toEqual({ status: 'NOT_FOUND', message: 'Document does not exist.' });
      // The organization is checked first: a document of a missing one names the organization.
      const orphan = await call('/v2/livestate/get', { organizationId: 'nowhere', documentId: 'doc' });
      expect(orphan.body.error).toEqual({ status: 'NOT_FOUND', message: 'Organization does not exist.' });
      const foreign = await call('/v2/livestate/get', doc, other);
      expect(foreign.status).toBe(404);
      const unauthenticated = await post(api.url, '/v2/livestate/get', doc, {
        'x-svc-api-key': owner.apiKey,
        'x-svc-auth-token': 'wrong',
      });
      expect(unauthenticated.status).toBe(401);
    });
  });

  describe('/v2/auth/generate_token', () => {
    it('returns an HS256 JWT valid 48 h with the user claims, signed by a per-key secret stored encrypted', async () => {
      const response = await call<GeneratedToken>('/v2/auth/generate_token', {
        userId: 'u1',
        userProperties: { name: 'One', email: 'one@example.com', isAdmin: true },
      });
      expect(response.status).toBe(200);
      const { token } = response.body.result.data;
      const decode = (part: string): unknown => JSON.parse(Buffer.from(part, 'base64url').toString());
      const [headerPart, payloadPart] = token.split('.');
      const header = decode(headerPart) as { alg: string };
      const payload = decode(payloadPart) as { exp: number; iat: number };
      expect(header.alg).toBe('HS256');
      expect(payload).toMatchObject({
        userId: 'u1',
        name: 'One',
        email: 'one@example.com',
        isAdmin: true,
        apiKey: owner.apiKey,
      });
      expect(payload.exp - payload.iat).toBe(48 * 3600);
      const secrets = await world.query<{ api_key_id: string; secret_ciphertext: string }>(
        'SELECT api_key_id, secret_ciphertext FROM user_token_secret',
      );
      expect(secrets.map((row) => row.api_key_id)).toEqual([owner.apiKey]);
      expect(secrets[0].secret_ciphertext.startsWith('v1.')).toBe(true);
      const second = await call('/v2/auth/generate_token', { userId: 'u1' }, other);
      expect(second.status).toBe(200);
      expect(await world.query('SELECT count(*)::int AS n FROM user_token_secret')).toEqual([{ n: 2 }]);
    });

    it('grants the permissions sent along, all or nothing', async () => {
      const granted = await call('/v2/auth/generate_token', {
        userId: 'g1',
        permissions: { resources: [{ type: 'document', id: 'doc', organizationId: 'org', accessRole: 'editor' }] },
      });
      expect(granted.status).toBe(200);
      expect(await world.query(`SELECT access_role FROM document_grant WHERE user_id = 'g1'`)).toEqual([
        { access_role: 'editor' },
      ]);
      const refused = await call('/v2/auth/generate_token', {
        userId: 'g2',
        permissions: { resources: [{ type: 'document', id: 'doc', organizationId: 'org', accessRole: 'owner' }] },
      });
      expect(refused.status).toBe(400);
      expect(refused.body.error.message).toContain('data.permissions.resources[0].accessRole');
    });

    it.each([
      [{}, 'data.userId'],
      [{ userId: 'u', userProperties: { isAdmin: 'yes' } }, 'data.userProperties.isAdmin'],
      [{ userId: 'u', userProperties: 'admin' }, 'data.userProperties'],
    ])('rejects %j naming %s', async (data, field) => {
      const response = await call('/v2/auth/generate_token', data);
      expect(response.status).toBe(400);
      expect(response.body.error.message).toContain(field);
    });
  });
});
