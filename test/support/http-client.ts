export interface ApiResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

export interface Credentials {
  workspaceId: string;
  workspaceToken: string;
  apiKey: string;
  authToken: string;
}

/** POSTs `{ data }` to the API, as a client of the spec would. */
export async function post<T = any>(
  baseUrl: string,
  path: string,
  data: unknown,
  headers: Record<string, string> = {},
): Promise<ApiResponse<T>> {
  return postRaw<T>(baseUrl, path, JSON.stringify({ data }), headers);
}

export async function postRaw<T = any>(
  baseUrl: string,
  path: string,
  body: string,
  headers: Record<string, string> = {},
): Promise<ApiResponse<T>> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined };
}

export function apiKeyHeaders(credentials: Credentials): Record<string, string> {
  return { 'x-svc-api-key': credentials.apiKey, 'x-svc-auth-token': credentials.authToken };
}

export function workspaceHeaders(credentials: Credentials): Record<string, string> {
  return { 'x-svc-workspace-id': credentials.workspaceId, 'x-svc-auth-token': credentials.workspaceToken };
}

let counter = 0;

/** Creates a workspace and reads its first API key's auth token: everything a suite needs to call API-key routes. */
export async function createWorkspace(baseUrl: string, ownerEmail = `owner${Date.now()}${counter++}@example.com`): Promise<Credentials> {
  const created = await post(baseUrl, '/v2/workspace/create', { ownerEmail, name: 'Owner', workspaceName: 'Test workspace' });
  if (created.status !== 200) throw new Error(`workspace create failed: ${JSON.stringify(created.body)}`);
  const workspace = created.body.result.data;
  const credentials = { workspaceId: workspace.id, workspaceToken: workspace.authToken, apiKey: Object.keys(workspace.apiKeyList)[0], authToken: '' };
  const tokens = await post(baseUrl, '/v2/workspace/authtokens/get', { apiKey: credentials.apiKey }, workspaceHeaders(credentials));
  credentials.authToken = tokens.body.result.data.authTokens[0].token;
  return credentials;
}
