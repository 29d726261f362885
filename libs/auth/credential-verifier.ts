import { ApiKeyPrincipal, WorkspacePrincipal } from './principal';

/**
 * What the guards need from whoever owns the credential tables (the workspace module). Auth sits
 * below every domain, so it names the port and the composition root plugs the owner in.
 */
export interface CredentialVerifier {
  verifyWorkspace(workspaceId: string, token: string): Promise<WorkspacePrincipal>;
  verifyApiKey(apiKeyId: string, token: string): Promise<ApiKeyPrincipal>;
}

export const CREDENTIAL_VERIFIER = Symbol('CredentialVerifier');
