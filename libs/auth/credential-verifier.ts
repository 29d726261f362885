import { ApiKeyPrincipal, ConsoleSessionPrincipal, WorkspacePrincipal } from './principal';

/**
 * What the guards need from whoever owns the credential tables (the workspace module). Auth sits
 * below every domain, so it names the port and the composition root plugs the owner in.
 */
export interface CredentialVerifier {
  verifyWorkspace(workspaceId: string, token: string): Promise<WorkspacePrincipal>;
  verifyApiKey(apiKeyId: string, token: string): Promise<ApiKeyPrincipal>;
  /** A live console session by its cookie's token; UNAUTHENTICATED when unknown, ended or expired. */
  verifyConsoleSession(sessionToken: string): Promise<ConsoleSessionPrincipal>;
  /** The API key when it belongs to the workspace (a console session acting on one of its keys). */
  verifyApiKeyOfWorkspace(apiKeyId: string, workspaceId: string): Promise<ApiKeyPrincipal>;
}

export const CREDENTIAL_VERIFIER = Symbol('CredentialVerifier');
