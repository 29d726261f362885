import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { Request } from 'express';
import { ApiError, ErrorCode } from '@app/common';
import { consoleSessionToken, CSRF_HEADER, csrfTokenMatches } from './console-session';
import { CREDENTIAL_VERIFIER, CredentialVerifier } from './credential-verifier';
import { ConsoleSessionPrincipal } from './principal';

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

/**
 * The console's session (docs/console.md "Sign-in"), when the request carries its cookie and no token
 * header: a token header always wins, so a server's call is never read as the console's. Every request
 * of a session carries its CSRF token, reads included: the operations are all POSTs, and one rule is
 * the one that cannot be forgotten on a new route.
 */
async function consoleSession(req: Request, credentials: CredentialVerifier): Promise<ConsoleSessionPrincipal | null> {
  if (req.headers[HEADER.AUTH_TOKEN] !== undefined || req.headers[HEADER.WORKSPACE_AUTH_TOKEN] !== undefined)
    return null;
  const token = consoleSessionToken(req);
  if (token === null) return null;
  const session = await credentials.verifyConsoleSession(token);
  if (!csrfTokenMatches(req, token))
    throw new ApiError(ErrorCode.PERMISSION_DENIED, `Missing or invalid ${CSRF_HEADER} header.`);
  req.consoleSession = session;
  return session;
}

@Injectable()
export class WorkspaceAuthGuard implements CanActivate {
  constructor(@Inject(CREDENTIAL_VERIFIER) private readonly credentials: CredentialVerifier) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<Request>();
    const session = await consoleSession(req, this.credentials);
    if (session) {
      const named = req.headers[HEADER.WORKSPACE_ID];
      if (named !== undefined && named !== session.workspaceId)
        throw new ApiError(ErrorCode.PERMISSION_DENIED, 'This console session is for another workspace.');
      req.workspacePrincipal = { workspaceId: session.workspaceId };
      return true;
    }
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
    const session = await consoleSession(req, this.credentials);
    if (session) {
      req.apiKeyPrincipal = await this.credentials.verifyApiKeyOfWorkspace(apiKeyId, session.workspaceId);
      return true;
    }
    const token = header(req, HEADER.AUTH_TOKEN);
    req.apiKeyPrincipal = await this.credentials.verifyApiKey(apiKeyId, token);
    return true;
  }
}
