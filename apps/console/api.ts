import { type ApiResult, type Body, createClient, type OperationPath } from '@collab-backend/sdk/client';

/** The console's session as the API answers it (`/v2/workspace/console/session/get`). */
export interface Session {
  workspaceId: string;
  workspaceName: string;
  method: 'credentials' | 'link';
  email: string | null;
  csrfToken: string;
  expiresAt: string;
}

/** An answer the API refused: its error code and message, as the envelope carries them. */
export class ConsoleError extends Error {
  constructor(
    readonly status: string,
    message: string,
  ) {
    super(message);
  }
}

let csrfToken: string | null = null;
let onSessionEnded: () => void = () => undefined;

/** The session cookie travels by itself (same origin, HttpOnly); the CSRF token goes with every request. */
const consoleFetch: typeof fetch = (input, init) =>
  fetch(input, {
    ...init,
    credentials: 'same-origin',
    headers: { ...(init?.headers as Record<string, string>), ...(csrfToken ? { 'x-svc-csrf-token': csrfToken } : {}) },
  });

/** What every request carries from now on, and what an ended session does (back to sign-in). */
export function setSession(session: Session | null, ended: () => void): void {
  csrfToken = session?.csrfToken ?? null;
  onSessionEnded = ended;
}

/**
 * One operation of the public API, through the SDK: the console is a client like any other. `apiKey`
 * names the key an API-key route acts on; the session cookie stands for its token.
 */
export async function call<R, P extends OperationPath = OperationPath>(
  path: P,
  body: Body<P>,
  apiKey?: string,
): Promise<ApiResult<R>> {
  const client = createClient({ baseUrl: location.origin, apiKey, fetch: consoleFetch, retry: { retries: 0 } });
  try {
    return await client.call<P, R>(path, body);
  } catch (error) {
    const { status, message } = error as { status?: string; message?: string };
    if (status === 'UNAUTHENTICATED' && !path.includes('/console/signin')) onSessionEnded();
    throw new ConsoleError(status ?? 'UNAVAILABLE', message ?? String(error));
  }
}

/** One page of a listing, and the token of the next (absent on the last). */
export async function page<R>(
  path: OperationPath,
  body: object,
  apiKey?: string,
): Promise<{ items: R[]; next?: string }> {
  const result = await call<R[]>(path, body, apiKey);
  return { items: result.data ?? [], next: result.nextPageToken ?? result.pageToken };
}
