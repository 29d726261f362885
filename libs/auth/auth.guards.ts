import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { Request } from 'express';
import { ApiError } from '@app/common';
import { CREDENTIAL_VERIFIER, CredentialVerifier } from './credential-verifier';

export const HEADER = {
  WORKSPACE_ID: 'x-svc-workspace-id',
  API_KEY: 'x-svc-api-key',
  AUTH_TOKEN: 'x-svc-auth-token',
  /** Velt's name for the workspace token (`x-velt-workspace-auth-token`) with our prefix; workspace auth only. */
  WORKSPACE_AUTH_TOKEN: 'x-svc-workspace-auth-token',
} as const;

const MAX_HEADER_LENGTH = 256;

function header(req: Request, name: string): string {
  const value = req.headers[name];
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_HEADER_LENGTH) {
    throw ApiError.unauthenticated(`Missing or invalid ${name} header.`);
  }
  return value;
}

/**
 * The workspace auth token from either header name, so a Velt client that only swaps the prefix works.
 * Both at once must agree: two different tokens are refused rather than one picked silently.
 */
function workspaceToken(req: Request): string {
  const aliased = req.headers[HEADER.WORKSPACE_AUTH_TOKEN] !== undefined;
  if (req.headers[HEADER.AUTH_TOKEN] === undefined && aliased) return header(req, HEADER.WORKSPACE_AUTH_TOKEN);
  const token = header(req, HEADER.AUTH_TOKEN);
  if (aliased && header(req, HEADER.WORKSPACE_AUTH_TOKEN) !== token) {
    throw ApiError.unauthenticated(`${HEADER.AUTH_TOKEN} and ${HEADER.WORKSPACE_AUTH_TOKEN} differ; send one.`);
  }
  return token;
}

@Injectable()
export class WorkspaceAuthGuard implements CanActivate {
  constructor(@Inject(CREDENTIAL_VERIFIER) private readonly credentials: CredentialVerifier) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<Request>();
    const workspaceId = header(req, HEADER.WORKSPACE_ID);
    const token = workspaceToken(req);
    req.workspacePrincipal = await this.credentials.verifyWorkspace(workspaceId, token);
    return true;
  }
}

@Injectable()
export class ApiKeyAuthGuard implements CanActivate {
  constructor(@Inject(CREDENTIAL_VERIFIER) private readonly credentials: CredentialVerifier) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<Request>();
    const apiKeyId = header(req, HEADER.API_KEY);
    const token = header(req, HEADER.AUTH_TOKEN);
    req.apiKeyPrincipal = await this.credentials.verifyApiKey(apiKeyId, token);
    return true;
  }
}
