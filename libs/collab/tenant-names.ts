import { CrdtKey, parseDocumentName } from '@app/crdt';

/**
 * Inside the sync server a document is named after its API key too, so tenants naming their
 * documents alike never share one: `<apiKeyId>/<the client's name>`. Clients never see this form;
 * TenantSocket adds and strips the key on every message.
 */
export function tenantDocumentName(apiKeyId: string, clientName: string): string {
  return `${encodeURIComponent(apiKeyId)}/${clientName}`;
}

export function clientDocumentName(tenantName: string): string {
  return tenantName.slice(tenantName.indexOf('/') + 1);
}

/** The CRDT document a server-side name stands for, or null when the client's part is not `org/doc/editor`. */
export function parseTenantDocumentName(tenantName: string): CrdtKey | null {
  const slash = tenantName.indexOf('/');
  if (slash < 1) return null;
  const parts = parseDocumentName(tenantName.slice(slash + 1));
  return parts && { apiKeyId: decodeURIComponent(tenantName.slice(0, slash)), ...parts };
}
