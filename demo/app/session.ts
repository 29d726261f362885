/** What the demo server's `/session` hands the page: where the API is, the public API key, and a fresh end-user token. */
export interface Session {
  apiUrl: string;
  apiKey: string;
  token: string;
  organizationId: string;
  documentId: string;
  userId: string;
}

/** Asks the demo server (playing "your backend") for a token for `userId`; every refresh asks again. */
export async function session(userId: string): Promise<Session> {
  const response = await fetch('/session', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userId }),
  });
  if (!response.ok) throw new Error(`The demo server refused a session for ${userId}: ${await response.text()}`);
  return (await response.json()) as Session;
}
