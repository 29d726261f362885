import { createTestEnvironment, TestEnvironment } from './support/test-environment';
import { RunningApi, startApi } from './support/processes';
import {
  apiKeyHeaders,
  ApiResponse,
  createWorkspace,
  Credentials,
  post,
  workspaceHeaders,
} from './support/http-client';
import { requestData, responseProblems, veltPage } from './support/velt-fixtures';

interface ApiKeySummary {
  id: string;
  apiKeyName: string;
  type: string;
}

const SENDGRID_KEY = 'SG.secret-sendgrid-key-0123456789';
const OPENAI_KEY = 'sk-openai-very-secret-abcdefWXYZ';

/** No stored secret may appear in any answer, whole or in a recognisable part. */
function expectNoSecret(response: ApiResponse): void {
  const text = JSON.stringify(response.body);
  for (const secret of [SENDGRID_KEY, OPENAI_KEY]) expect(text).not.toContain(secret.slice(0, -4));
}

describe('workspace settings read-back and API key management', () => {
  let world: TestEnvironment;
  let api: RunningApi;
  let owner: Credentials;
  let other: Credentials;

  beforeAll(async () => {
    world = await createTestEnvironment();
    api = await startApi(world.env);
    owner = await createWorkspace(api.url);
    other = await createWorkspace(api.url);
  });

  afterAll(async () => {
    await api?.stop();
    await world?.dispose();
  });

  describe('/v2/workspace/emailconfig/get', () => {
    const page = veltPage('v2', 'workspace-emailconfig-get');

    it("answers Velt's defaults for a key never configured", async () => {
      const response = await post(api.url, page.path, requestData(page.requestExamples[0]), apiKeyHeaders(owner));
      expect(response.status).toBe(200);
      expect(response.body.result.message).toBe('Email configuration retrieved successfully.');
      expect(response.body.result.data).toEqual({
        ...(page.responseExample?.result.data as object),
        emailServiceConfig: {
          ...(page.responseExample?.result.data as { emailServiceConfig: object }).emailServiceConfig,
          apiKeySet: false,
        },
      });
      expect(responseProblems(page, response.body)).toEqual([]);
    });

    it('reads back the stored configuration with the SendGrid key masked to its last 4 characters', async () => {
      const update = await post(
        api.url,
        '/v2/workspace/emailconfig/update',
        {
          useEmailService: true,
          emailServiceConfig: {
            type: 'sendgrid',
            apiKey: SENDGRID_KEY,
            fromEmail: 'noreply@example.com',
            fromCompany: 'Example Corp',
          },
        },
        apiKeyHeaders(owner),
      );
      expect(update.status).toBe(200);
      const response = await post(api.url, page.path, {}, apiKeyHeaders(owner));
      expect(response.status).toBe(200);
      expect(response.body.result.data).toEqual({
        useEmailService: true,
        emailServiceConfig: {
          type: 'sendgrid',
          apiKey: '...6789',
          apiKeySet: true,
          fromEmail: 'noreply@example.com',
          fromCompany: 'Example Corp',
          commentTemplateId: '',
          tagTemplateId: '',
        },
      });
      expect(responseProblems(page, response.body)).toEqual([]);
      expectNoSecret(response);
    });

    it("shows another API key nothing of this key's configuration", async () => {
      const response = await post(api.url, page.path, {}, apiKeyHeaders(other));
      expect(response.body.result.data).toMatchObject({
        useEmailService: false,
        emailServiceConfig: { type: 'default', apiKey: '', apiKeySet: false },
      });
    });

    it('rejects an unknown field and bad credentials', async () => {
      const unknown = await post(api.url, page.path, { bogus: 1 }, apiKeyHeaders(owner));
      expect(unknown.status).toBe(400);
      expect(unknown.body.error).toEqual({ status: 'INVALID_ARGUMENT', message: 'data.bogus is not a known field.' });
      const wrong = await post(
        api.url,
        page.path,
        {},
        { ...apiKeyHeaders(owner), 'x-svc-auth-token': other.authToken },
      );
      expect(wrong.status).toBe(401);
    });
  });

  describe('/v2/workspace/apikeys/get and /v2/workspace/apikey/update', () => {
    const listPage = veltPage('v2', 'workspace-apikeys-get');
    const updatePage = veltPage('v2', 'workspace-apikey-update');
    const created: string[] = [];

    beforeAll(async () => {
      for (const apiKeyName of ['Production Key', 'Second Key']) {
        const response = await post<{ apiKey: string }>(
          api.url,
          '/v2/workspace/apikey/create',
          { type: 'production', apiKeyName },
          workspaceHeaders(owner),
        );
        created.push(response.body.result.data.apiKey);
      }
    });

    it("lists the workspace's keys for Velt's request example, without secrets", async () => {
      const response = await post<ApiKeySummary[]>(
        api.url,
        listPage.path,
        requestData(listPage.requestExamples[0]),
        workspaceHeaders(owner),
      );
      expect(response.status).toBe(200);
      expect(response.body.result.message).toBe('API keys retrieved successfully.');
      const keys = response.body.result.data;
      expect(keys.map((key) => key.id).sort()).toEqual([owner.apiKey, ...created].sort());
      expect(keys.find((key) => key.id === created[0])).toEqual({
        id: created[0],
        apiKeyName: 'Production Key',
        type: 'production',
      });
      expect(response.body.result).not.toHaveProperty('nextPageToken');
      expect(responseProblems(listPage, response.body)).toEqual([]);
      expect(JSON.stringify(response.body)).not.toContain(owner.authToken);
    });

    it('pages with nextPageToken and filters by apiKeys', async () => {
      const first = await post<ApiKeySummary[]>(api.url, listPage.path, { pageSize: 2 }, workspaceHeaders(owner));
      expect(first.body.result.data).toHaveLength(2);
      const token = first.body.result.nextPageToken as string;
      expect(typeof token).toBe('string');
      const second = await post<ApiKeySummary[]>(
        api.url,
        listPage.path,
        { pageSize: 2, pageToken: token },
        workspaceHeaders(owner),
      );
      expect(second.body.result.data).toHaveLength(1);
      expect([...first.body.result.data, ...second.body.result.data].map((key) => key.id).sort()).toEqual(
        [owner.apiKey, ...created].sort(),
      );
      const filtered = await post<ApiKeySummary[]>(
        api.url,
        listPage.path,
        { apiKeys: [created[1], other.apiKey] },
        workspaceHeaders(owner),
      );
      expect(filtered.body.result.data.map((key) => key.id)).toEqual([created[1]]);
    });

    it("shows another workspace none of this workspace's keys", async () => {
      const response = await post<ApiKeySummary[]>(api.url, listPage.path, {}, workspaceHeaders(other));
      expect(response.body.result.data.map((key) => key.id)).toEqual([other.apiKey]);
    });

    it('rejects bad input with INVALID_ARGUMENT naming the field', async () => {
      for (const [data, path] of [
        [{ pageSize: 101 }, 'data.pageSize'],
        [{ pageSize: 'ten' }, 'data.pageSize'],
        [{ apiKeys: 'k' }, 'data.apiKeys'],
        [{ bogus: true }, 'data.bogus'],
      ] as const) {
        const response = await post(api.url, listPage.path, data, workspaceHeaders(owner));
        expect(response.status).toBe(400);
        expect(response.body.error?.status).toBe('INVALID_ARGUMENT');
        expect(response.body.error?.message).toContain(path);
      }
      const badToken = await post(api.url, listPage.path, { pageToken: 'not-a-token' }, workspaceHeaders(owner));
      expect(badToken.body.error).toEqual({ status: 'INVALID_ARGUMENT', message: 'Invalid pageToken.' });
    });

    it("renames a key with Velt's request shape and answers data null", async () => {
      const example = requestData(updatePage.requestExamples[0]);
      const response = await post(
        api.url,
        updatePage.path,
        { ...example, apiKey: created[0] },
        workspaceHeaders(owner),
      );
      expect(response.status).toBe(200);
      expect(response.body.result).toEqual({ status: 'success', message: 'API key updated successfully.', data: null });
      const listed = await post<ApiKeySummary[]>(
        api.url,
        listPage.path,
        { apiKeys: [created[0]] },
        workspaceHeaders(owner),
      );
      expect(listed.body.result.data[0].apiKeyName).toBe('Updated Production Key');
    });

    it("answers NOT_FOUND for another workspace's key and leaves it unchanged", async () => {
      const response = await post(
        api.url,
        updatePage.path,
        { apiKey: other.apiKey, apiKeyName: 'Hijacked' },
        workspaceHeaders(owner),
      );
      expect(response.status).toBe(404);
      expect(response.body.error).toEqual({ status: 'NOT_FOUND', message: 'API key not found.' });
      const theirs = await post<ApiKeySummary[]>(api.url, listPage.path, {}, workspaceHeaders(other));
      expect(theirs.body.result.data[0].apiKeyName).not.toBe('Hijacked');
    });

    it('rejects a missing or empty name', async () => {
      for (const data of [{ apiKey: created[0] }, { apiKey: created[0], apiKeyName: '' }, { apiKeyName: 'x' }]) {
        const response = await post(api.url, updatePage.path, data, workspaceHeaders(owner));
        expect(response.status).toBe(400);
        expect(response.body.error?.status).toBe('INVALID_ARGUMENT');
      }
    });
  });

  describe('/v2/workspace/apikeyconfig/get and /v2/workspace/apikeyconfig/update', () => {
    const getPage = veltPage('v2', 'workspace-apikeyconfig-get');
    const updatePage = veltPage('v2', 'workspace-apikeyconfig-update');

    it('answers the defaults before any update', async () => {
      const response = await post(api.url, getPage.path, requestData(getPage.requestExamples[0]), apiKeyHeaders(other));
      expect(response.status).toBe(200);
      expect(response.body.result.message).toBe('API key metadata retrieved successfully.');
      expect(response.body.result.data).toEqual({
        ownerEmail: expect.stringContaining('@example.com') as unknown,
        planInfo: { type: 'self-hosted' },
        defaultDocumentAccessType: 'public',
        isPrivateCommentsEnabled: false,
        requireJwtToken: false,
        requireAutoOrgUser: false,
      });
      expect(responseProblems(getPage, response.body)).toEqual([]);
    });

    it("stores Velt's request example and echoes it with the AI keys masked", async () => {
      const data = requestData(updatePage.requestExamples[0]);
      const response = await post(api.url, updatePage.path, data, apiKeyHeaders(owner));
      expect(response.status).toBe(200);
      expect(response.body.result.message).toBe('API key configuration updated successfully.');
      expect(response.body.result.data).toEqual({
        requireJwtToken: true,
        defaultDocumentAccessType: 'restricted',
        // 13 characters show their last 4; Velt's shorter placeholders show nothing.
        aiModelsConfig: {
          openai: { displayText: '...-...' },
          anthropic: { displayText: '****' },
          gemini: { displayText: '****' },
        },
      });
      expect(responseProblems(updatePage, response.body)).toEqual([]);
      expect(JSON.stringify(response.body)).not.toContain('sk-openai');
    });

    it('field-merges updates and reads them back, a long key masked to its last 4 characters', async () => {
      const update = await post(
        api.url,
        updatePage.path,
        { enablePrivateComments: true, aiModelApiKey: [{ provider: 'openai', customerApiKey: OPENAI_KEY }] },
        apiKeyHeaders(owner),
      );
      expect(update.body.result.data).toEqual({
        enablePrivateComments: true,
        aiModelsConfig: { openai: { displayText: '...WXYZ' } },
      });
      expectNoSecret(update);
      const response = await post(api.url, getPage.path, {}, apiKeyHeaders(owner));
      expect(response.body.result.data).toEqual({
        ownerEmail: expect.stringContaining('@example.com') as unknown,
        planInfo: { type: 'self-hosted' },
        defaultDocumentAccessType: 'restricted',
        isPrivateCommentsEnabled: true,
        requireJwtToken: true,
        requireAutoOrgUser: false,
        aiModelsConfig: {
          openai: { displayText: '...WXYZ' },
          anthropic: { displayText: '****' },
          gemini: { displayText: '****' },
        },
      });
      expect(responseProblems(getPage, response.body)).toEqual([]);
      expectNoSecret(response);
    });

    it("shows another API key none of this key's settings", async () => {
      const response = await post(api.url, getPage.path, {}, apiKeyHeaders(other));
      expect(response.body.result.data).toMatchObject({
        defaultDocumentAccessType: 'public',
        isPrivateCommentsEnabled: false,
        requireJwtToken: false,
      });
      expect(response.body.result.data).not.toHaveProperty('aiModelsConfig');
    });

    it('rejects an empty update, unknown fields and bad values with INVALID_ARGUMENT', async () => {
      const empty = await post(api.url, updatePage.path, {}, apiKeyHeaders(owner));
      expect(empty.status).toBe(400);
      expect(empty.body.error).toEqual({
        status: 'INVALID_ARGUMENT',
        message: 'At least one field must be provided for update',
      });
      for (const [data, path] of [
        [{ defaultDocumentAccessType: 'secret' }, 'data.defaultDocumentAccessType'],
        [{ requireJwtToken: 'yes' }, 'data.requireJwtToken'],
        [{ aiModelApiKey: [] }, 'data.aiModelApiKey'],
        [{ aiModelApiKey: [{ provider: 'mistral', customerApiKey: 'k' }] }, 'data.aiModelApiKey[0].provider'],
        [{ aiModelApiKey: [{ provider: 'openai' }] }, 'data.aiModelApiKey[0].customerApiKey'],
        [{ bogus: true }, 'data.bogus'],
      ] as const) {
        const response = await post(api.url, updatePage.path, data, apiKeyHeaders(owner));
        expect(response.status).toBe(400);
        expect(response.body.error?.status).toBe('INVALID_ARGUMENT');
        expect(response.body.error?.message).toContain(path);
      }
      const getUnknown = await post(api.url, getPage.path, { bogus: 1 }, apiKeyHeaders(owner));
      expect(getUnknown.body.error).toEqual({
        status: 'INVALID_ARGUMENT',
        message: 'data.bogus is not a known field.',
      });
    });
  });
});
