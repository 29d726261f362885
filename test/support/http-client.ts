import type { BatchResult, ErrorEnvelope } from '@app/common/envelope';

export type { BatchResult };

/** The `result` of a success envelope: `data` in the shape the caller expects, and a page token beside it on list routes. */
export interface Result<T> {
  status: 'success';
  message: string;
  data: T;
  nextPageToken?: string;
  pageToken?: string;
  /** organizations/documents/get by ids: the ids that matched no document. */
  notFound?: unknown[];
}

export type ErrorBody = ErrorEnvelope['error'];

/**
 * A body as the API sends it: `{ result }` on success, `{ error }` otherwise. Both members are typed
 * so a test reads the one its status assertion promises; the other is absent at run time, so reading
 * it fails the test just as any other wrong expectation would.
 */
export interface Envelope<T = unknown> {
  result: Result<T>;
  error: ErrorBody;
}

/** `T` is the shape of `result.data` the caller expects; it is a statement of the test, checked by its assertions. */
export interface ApiResponse<T = unknown> {
  status: number;
  headers: Headers;
  body: Envelope<T>;
}

export interface Credentials {
  workspaceId: string;
  workspaceToken: string;
  apiKey: string;
  authToken: string;
}

/** The Workspace object of /v2/workspace/create and /v2/workspace/get. */
export interface Workspace {
  id: string;
  name: string;
  authToken: string;
  owner: { id: string; email: string; name: string; avatar: string };
  apiKeyList: Record<string, { apiKeyName: string; id: string; type: string }>;
}

export interface AuthTokens {
  apiKey: string;
  authTokens: Array<{ token: string; name: string; domains: string[] }>;
}

/** POSTs `{ data }` to the API, as a client of the spec would. */
export async function post<T = unknown>(
  baseUrl: string,
  path: string,
  data: unknown,
  headers: Record<string, string> = {},
): Promise<ApiResponse<T>> {
  return postRaw<T>(baseUrl, path, JSON.stringify({ data }), headers);
}

export async function postRaw<T = unknown>(
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
  return {
    status: response.status,
    headers: response.headers,
    body: (text ? JSON.parse(text) : undefined) as Envelope<T>,
  };
}

export function apiKeyHeaders(credentials: Credentials): Record<string, string> {
  return { 'x-svc-api-key': credentials.apiKey, 'x-svc-auth-token': credentials.authToken };
}

export function workspaceHeaders(credentials: Credentials): Record<string, string> {
  return { 'x-svc-workspace-id': credentials.workspaceId, 'x-svc-auth-token': credentials.workspaceToken };
}

let counter = 0;

/** Creates a workspace and reads its first API key's auth token: everything a suite needs to call API-key routes. */
export async function createWorkspace(
  baseUrl: string,
  ownerEmail = `owner${Date.now()}${counter++}@example.com`,
): Promise<Credentials> {
  const created = await post<Workspace>(baseUrl, '/v2/workspace/create', {
    ownerEmail,
    name: 'Owner',
    workspaceName: 'Test workspace',
  });
  if (created.status !== 200) throw new Error(`workspace create failed: ${JSON.stringify(created.body)}`);
  const workspace = created.body.result.data;
  const credentials = {
    workspaceId: workspace.id,
    workspaceToken: workspace.authToken,
    apiKey: Object.keys(workspace.apiKeyList)[0],
    authToken: '',
  };
  const tokens = await post<AuthTokens>(
    baseUrl,
    '/v2/workspace/authtokens/get',
    { apiKey: credentials.apiKey },
    workspaceHeaders(credentials),
  );
  credentials.authToken = tokens.body.result.data.authTokens[0].token;
  return credentials;
}
