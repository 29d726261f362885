import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { CollabApiError, CollabClient, createClient } from '../packages/sdk/src';

/** What the demo keeps between runs, so a restart reuses its sandbox workspace. */
export interface Sandbox {
  workspaceId: string;
  workspaceAuthToken: string;
  apiKey: string;
  authToken: string;
  organizationId: string;
  documentId: string;
}

export const DEMO_USERS = ['alice', 'bob'];
/** How the demo names a user: `alice` is Alice. */
export const displayName = (userId: string) => userId.charAt(0).toUpperCase() + userId.slice(1);

/** Reuses the sandbox in `stateFile` when the API still knows it, else creates one: workspace, organization, a restricted document, editors. */
export async function sandbox(apiUrl: string, stateFile: string): Promise<{ sandbox: Sandbox; client: CollabClient }> {
  if (existsSync(stateFile)) {
    const saved = JSON.parse(readFileSync(stateFile, 'utf8')) as Sandbox;
    const client = createClient({ baseUrl: apiUrl, apiKey: saved.apiKey, authToken: saved.authToken });
    try {
      await client.organizations.get({ organizationIds: [saved.organizationId] });
      return { sandbox: saved, client };
    } catch (error) {
      if (!(error instanceof CollabApiError) || error.httpStatus !== 401) throw error;
    }
  }
  const anonymous = createClient({ baseUrl: apiUrl });
  const workspace = await anonymous.workspace.create<{
    id: string;
    authToken: string;
    apiKeyList: Record<string, unknown>;
  }>({
    ownerEmail: 'demo@example.com',
    name: 'Demo',
    workspaceName: 'Sandbox',
  });
  const apiKey = Object.keys(workspace.data.apiKeyList)[0];
  const owner = createClient({
    baseUrl: apiUrl,
    workspaceId: workspace.data.id,
    workspaceAuthToken: workspace.data.authToken,
  });
  const tokens = await owner.workspace.authtokens.get<{ authTokens: Array<{ token: string }> }>({ apiKey });
  const created: Sandbox = {
    workspaceId: workspace.data.id,
    workspaceAuthToken: workspace.data.authToken,
    apiKey,
    authToken: tokens.data.authTokens[0].token,
    organizationId: 'demo-org',
    documentId: 'demo-doc',
  };
  const client = createClient({ baseUrl: apiUrl, apiKey, authToken: created.authToken });
  await client.organizations.add({
    organizations: [{ organizationId: created.organizationId, organizationName: 'Demo organization' }],
  });
  await client.organizations.documents.add({
    organizationId: created.organizationId,
    documents: [{ documentId: created.documentId, documentName: 'Demo document', accessType: 'restricted' }],
  });
  // Members of the organization, so each can @mention the other; the restricted document still needs its own grant.
  await client.users.add({
    organizationId: created.organizationId,
    users: DEMO_USERS.map((userId) => ({ userId, name: displayName(userId), email: `${userId}@example.com` })),
  });
  await grantEditors(client, created, DEMO_USERS);
  writeFileSync(stateFile, JSON.stringify(created, null, 2));
  return { sandbox: created, client };
}

export async function grantEditors(client: CollabClient, sandbox: Sandbox, userIds: string[]): Promise<void> {
  for (const userId of userIds) {
    await client.auth.permissions.add({
      userId,
      permissions: {
        resources: [
          { type: 'document', id: sandbox.documentId, organizationId: sandbox.organizationId, accessRole: 'editor' },
        ],
      },
    });
  }
}
