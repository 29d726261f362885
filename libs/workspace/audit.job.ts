export type AuditAction =
  | 'workspace.created'
  | 'workspace_token.reset'
  | 'api_key.created'
  | 'api_key.renamed'
  | 'auth_token.reset'
  | 'auth_token.created'
  | 'auth_token.revoked'
  | 'console.signed_in'
  | 'console.signed_out'
  | 'console.change';

/** Payload of a job on the audit queue. */
export interface AuditJob {
  id: string;
  action: AuditAction;
  workspaceId: string;
  apiKeyId: string | null;
  /** Who acted from the console; absent for an API call (libs/auth ConsoleSessionPrincipal.actor). */
  actor?: string | null;
  details?: Record<string, unknown> | null;
  occurredAt: string;
}
