export type AuditAction = 'workspace.created' | 'api_key.created' | 'api_key.renamed' | 'auth_token.reset';

/** Payload of a job on the audit queue. */
export interface AuditJob {
  id: string;
  action: AuditAction;
  workspaceId: string;
  apiKeyId: string | null;
  occurredAt: string;
}
