import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { Request } from 'express';
import { ApiError } from '@app/common';
import { CREDENTIAL_VERIFIER, CredentialVerifier } from './credential-verifier';

export const HEADER = {
  WORKSPACE_ID: 'x-svc-workspace-id',
  API_KEY: 'x-svc-api-key',
  AUTH_TOKEN: 'x-svc-auth-token',
} as const;

const MAX_HEADER_LENGTH = 256;

function header(req: Request, name: string): string {
  const value = req.headers[name];
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_HEADER_LENGTH) {
    throw ApiError.unauthenticated(`Missing or invalid ${name} header.`);
  }
  return value;
}

@Injectable()
export class WorkspaceAuthGuard implements CanActivate {
  constructor(@Inject(CREDENTIAL_VERIFIER) private readonly credentials: CredentialVerifier) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<Request>();
    const workspaceId = header(req, HEADER.WORKSPACE_ID);
    const token = header(req, HEADER.AUTH_TOKEN);
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
