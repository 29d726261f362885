import { CollabApiError } from './errors';
import { OPERATIONS, OperationTree, Operations } from './generated/operations';
import { methodPath } from './method-path';
import { itemsOf, paged } from './pages';
import { DEFAULT_RETRY, RETRYABLE, retryDelay, RetryPolicy } from './retry';

export interface ClientOptions {
  /** Base URL of the API, e.g. `http://localhost:3000`. */
  baseUrl: string;
  /** For routes under an API key (most of them). */
  apiKey?: string;
  authToken?: string;
  /** For `/v2/workspace/*` routes that take workspace credentials. */
  workspaceId?: string;
  workspaceAuthToken?: string;
  retry?: Partial<RetryPolicy>;
  /** Any WHATWG fetch (Node 20+, edge runtimes, a test double of the network). */
  fetch?: typeof fetch;
}

/** The `result` of a success envelope. */
export interface ApiResult<T = unknown> {
  status: 'success';
  message: string;
  data: T;
  nextPageToken?: string;
  pageToken?: string;
}

export type OperationPath = keyof Operations;
export type Body<P extends OperationPath> = Operations[P]['body'];

type Method<P extends OperationPath> = <R = unknown>(body: Body<P>) => Promise<ApiResult<R>>;

type Methods<T> = {
  [K in keyof T as K extends '$call' ? never : K]: T[K] extends OperationPath
    ? Method<T[K]>
    : T[K] extends { $call: infer P extends OperationPath }
      ? Method<P> & Methods<T[K]>
      : Methods<T[K]>;
};

/** A listing's filters without its paging fields, which the iterator drives. */
type ListFilter<P extends OperationPath> = Omit<Body<P>, 'pageToken'>;

export type CollabClient = Methods<OperationTree> & {
  /** Any operation by path, for code that holds the path rather than the method. */
  call<P extends OperationPath, R = unknown>(path: P, body: Body<P>): Promise<ApiResult<R>>;
  /** Every item of a paged listing, fetching pages as the loop asks for them. */
  list<P extends OperationPath, R = unknown>(path: P, filter: ListFilter<P>): AsyncGenerator<R>;
  documents: { list<R = unknown>(filter: ListFilter<'/v2/organizations/documents/get'>): AsyncGenerator<R> };
};

interface ErrorEnvelope {
  error?: { status?: string; message?: string; errorId?: string };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One typed method per operation of the API (`client.organizations.documents.get({...})`), from the generated table. */
export function createClient(options: ClientOptions): CollabClient {
  const policy: RetryPolicy = { ...DEFAULT_RETRY, ...options.retry };
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);

  function headersFor(path: OperationPath): Record<string, string> {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    const kind = OPERATIONS[path];
    if (kind === 'apiKey')
      Object.assign(headers, defined({ 'x-svc-api-key': options.apiKey, 'x-svc-auth-token': options.authToken }));
    if (kind === 'workspace') {
      Object.assign(
        headers,
        defined({
          'x-svc-workspace-id': options.workspaceId,
          'x-svc-workspace-auth-token': options.workspaceAuthToken,
          'x-svc-auth-token': options.workspaceAuthToken,
        }),
      );
    }
    return headers;
  }

  async function call<R>(path: OperationPath, body: unknown): Promise<ApiResult<R>> {
    for (let attempt = 0; ; attempt++) {
      let response: Response;
      try {
        response = await doFetch(`${options.baseUrl}${path}`, {
          method: 'POST',
          headers: headersFor(path),
          body: JSON.stringify({ data: body }),
        });
      } catch (error) {
        // No answer at all (connection refused or reset) is treated as UNAVAILABLE.
        if (attempt < policy.retries) {
          await sleep(retryDelay(policy, attempt + 1, null));
          continue;
        }
        throw new CollabApiError('UNAVAILABLE', `No response from ${path}: ${(error as Error).message}`, 0);
      }
      const parsed = (await response.json().catch(() => ({}))) as { result?: ApiResult<R> } & ErrorEnvelope;
      if (response.ok && parsed.result) return parsed.result;
      const status = parsed.error?.status ?? `HTTP_${response.status}`;
      if (RETRYABLE.has(status) && attempt < policy.retries) {
        await sleep(retryDelay(policy, attempt + 1, response.headers.get('retry-after')));
        continue;
      }
      throw new CollabApiError(
        status,
        parsed.error?.message ?? response.statusText,
        response.status,
        parsed.error?.errorId,
      );
    }
  }

  function list<R>(path: OperationPath, filter: object): AsyncGenerator<R> {
    return paged<R>(async (pageToken) => {
      const result = await call<unknown>(path, { ...filter, ...(pageToken ? { pageToken } : {}) });
      return { items: itemsOf<R>(result.data), nextPageToken: result.nextPageToken ?? result.pageToken };
    });
  }

  const root = methodTree(Object.keys(OPERATIONS) as OperationPath[], (path) => (body: unknown) => call(path, body));
  const organizations = root.organizations;
  const documents = { list: (filter: object) => list('/v2/organizations/documents/get', filter) };
  // `client.documents.list` is the issue's spelling; `client.organizations.documents` keeps the route's methods.
  return Object.assign(root, { call, list, documents, organizations }) as unknown as CollabClient;
}

function defined(headers: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
}

type Node = Record<string, unknown>;

/** Nested namespaces of methods; an operation that is also a namespace is a function carrying its children. */
function methodTree(paths: OperationPath[], method: (path: OperationPath) => (body: unknown) => unknown): Node {
  const root: Node = {};
  for (const path of paths) {
    const names = methodPath(path);
    let node = root;
    for (const name of names.slice(0, -1)) node = (node[name] ??= {}) as Node;
    const leaf = names[names.length - 1];
    node[leaf] = Object.assign(method(path), node[leaf] ?? {});
  }
  return root;
}
