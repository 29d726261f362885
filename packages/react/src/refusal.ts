/** What to do about each refusal, for the development warning. */
const FIXES: Record<string, string> = {
  PERMISSION_DENIED:
    'give the user access from your server: /v2/auth/permissions/add on the document, or /v2/users/add to the organization; a browser origin must be in /v2/workspace/domains/add when any domain is listed',
  NOT_FOUND:
    'create the organization and the document first: /v2/organizations/add, then /v2/organizations/documents/add',
  UNAUTHENTICATED:
    'the token was refused: issue a fresh one with /v2/auth/generate_token for this API key, and pass refreshToken',
  INVALID_ARGUMENT: 'check organizationId and documentId: 1 to 256 characters each',
};

declare const process: { env: { NODE_ENV?: string } };

const warned = new Set<string>();

/** Bundlers replace `process.env.NODE_ENV`; a page loaded without one has no `process`, and counts as development. */
function isDevelopment(): boolean {
  try {
    return process.env.NODE_ENV !== 'production';
  } catch {
    return true;
  }
}

/** In development, one console warning per document and reason: what the server said and how to fix it. */
export function warnRefusal(
  organizationId: string,
  documentId: string,
  error: { status: string; message: string },
): void {
  const key = `${organizationId}/${documentId}/${error.status}`;
  if (!isDevelopment() || warned.has(key)) return;
  warned.add(key);
  console.warn(
    `[collab] Entering document "${documentId}" of organization "${organizationId}" was refused: ${error.status}: ${error.message}${FIXES[error.status] ? ` To fix: ${FIXES[error.status]}.` : ''}`,
  );
}
