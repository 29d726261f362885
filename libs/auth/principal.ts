export interface WorkspacePrincipal {
  workspaceId: string;
}

export interface ApiKeyPrincipal {
  apiKeyId: string;
  workspaceId: string;
}

declare module 'express-serve-static-core' {
  interface Request {
    workspacePrincipal?: WorkspacePrincipal;
    apiKeyPrincipal?: ApiKeyPrincipal;
  }
}
