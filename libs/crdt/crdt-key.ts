import { isIdentifier } from '@app/common';

/** One Yjs document of a tenant: an editor of a document. */
export interface CrdtKey {
  apiKeyId: string;
  organizationId: string;
  documentId: string;
  editorId: string;
}

/**
 * The name a sync client opens: `organizationId/documentId/editorId`, each part URI-encoded so an id
 * holding `/` cannot shift the others (plain ids read as they are). The API key comes with the
 * connection, never with the name, so one tenant cannot name another's document.
 */
export function documentName(organizationId: string, documentId: string, editorId: string): string {
  return [organizationId, documentId, editorId].map(encodeURIComponent).join('/');
}

/** The parts of a document name, or null when it is not three well-encoded parts, each an identifier (1 to 256 characters, no NUL). */
export function parseDocumentName(
  name: string,
): { organizationId: string; documentId: string; editorId: string } | null {
  const parts = name.split('/');
  if (parts.length !== 3) return null;
  try {
    const [organizationId, documentId, editorId] = parts.map(decodeURIComponent);
    if (![organizationId, documentId, editorId].every(isIdentifier)) return null;
    return { organizationId, documentId, editorId };
  } catch {
    return null;
  }
}
