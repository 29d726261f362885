import { applyDecorators, createParamDecorator, ExecutionContext, UseGuards } from '@nestjs/common';
import { ApiHeader } from '@nestjs/swagger';
import { Request } from 'express';
import { ErrorCode } from '@app/common';
import { ApiErrors } from '@app/http';
import { ApiKeyAuthGuard, HEADER, WorkspaceAuthGuard } from './auth.guards';
import { ApiKeyPrincipal, WorkspacePrincipal } from './principal';

/** Workspace auth class: `x-svc-workspace-id` + `x-svc-auth-token` (or its alias `x-svc-workspace-auth-token`). */
export function WorkspaceAuth(): MethodDecorator & ClassDecorator {
  return applyDecorators(
    UseGuards(WorkspaceAuthGuard),
    ApiHeader({ name: HEADER.WORKSPACE_ID, required: true, description: 'Workspace id (`id` of workspace create).' }),
    ApiHeader({
      name: HEADER.AUTH_TOKEN,
      required: true,
      description: `Workspace auth token (\`authToken\` of workspace create). May be sent as ${HEADER.WORKSPACE_AUTH_TOKEN} instead.`,
    }),
    ApiHeader({
      name: HEADER.WORKSPACE_AUTH_TOKEN,
      required: false,
      description: `Alias of ${HEADER.AUTH_TOKEN} (Velt's x-velt-workspace-auth-token with this prefix); either name works. When both are sent they must be equal.`,
    }),
    ApiErrors(ErrorCode.UNAUTHENTICATED),
  );
}

/** API-key auth class: `x-svc-api-key` + `x-svc-auth-token`. */
export function ApiKeyAuth(): MethodDecorator & ClassDecorator {
  return applyDecorators(
    UseGuards(ApiKeyAuthGuard),
    ApiHeader({ name: HEADER.API_KEY, required: true, description: 'API key id (a key of `apiKeyList`).' }),
    ApiHeader({
      name: HEADER.AUTH_TOKEN,
      required: true,
      description: 'Auth token of that API key (/v2/workspace/authtokens/get).',
    }),
    ApiErrors(ErrorCode.UNAUTHENTICATED),
  );
}

export const CurrentWorkspace = createParamDecorator((_: unknown, context: ExecutionContext): WorkspacePrincipal => {
  const principal = context.switchToHttp().getRequest<Request>().workspacePrincipal;
  if (!principal) throw new Error('@CurrentWorkspace() used on a route without @WorkspaceAuth()');
  return principal;
});

export const CurrentApiKey = createParamDecorator((_: unknown, context: ExecutionContext): ApiKeyPrincipal => {
  const principal = context.switchToHttp().getRequest<Request>().apiKeyPrincipal;
  if (!principal) throw new Error('@CurrentApiKey() used on a route without @ApiKeyAuth()');
  return principal;
});
