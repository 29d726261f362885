import { Controller, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ThrottlerGuard } from '@nestjs/throttler';
import { ErrorCode, ok, requireNoFields } from '@app/common';
import { ApiErrors, Data, RpcPost } from '@app/http';
import { CurrentWorkspace, WorkspaceAuth, WorkspacePrincipal } from '@app/auth';
import { ApiKeyService } from './api-key.service';
import { ApiKeyRefDto } from './dto/api-key-ref.dto';
import { ListApiKeysDto, UpdateApiKeyDto } from './dto/api-keys.dto';
import { ListAuditEventsDto } from './dto/audit-log.dto';
import { CreateAuthTokenDto, RevokeAuthTokenDto } from './dto/auth-tokens.dto';
import { CreateApiKeyDto } from './dto/create-api-key.dto';
import { CreateWorkspaceDto } from './dto/create-workspace.dto';
import { EmailStatusDto } from './dto/email-status.dto';
import { AuditLogService } from './audit-log.service';
import { WorkspaceService } from './workspace.service';

@ApiTags('workspace')
@Controller()
export class WorkspaceController {
  constructor(
    private readonly workspaces: WorkspaceService,
    private readonly apiKeys: ApiKeyService,
    private readonly audit: AuditLogService,
  ) {}

  /** Public; per-IP rate limit shared by all API instances through Redis. */
  @RpcPost('/v2/workspace/create')
  @UseGuards(ThrottlerGuard)
  @ApiErrors(ErrorCode.RESOURCE_EXHAUSTED)
  async create(@Data() dto: CreateWorkspaceDto) {
    return ok('Workspace created successfully.', await this.workspaces.create(dto));
  }

  /** Public, rate-limited per IP like create: it tells whether an address owns a workspace. */
  @RpcPost('/v2/workspace/email/status')
  @UseGuards(ThrottlerGuard)
  @ApiErrors(ErrorCode.NOT_FOUND, ErrorCode.RESOURCE_EXHAUSTED)
  @ApiOperation({
    description:
      "Velt's owner e-mail verification status. Workspaces here need no verification, so the address of any workspace owner answers " +
      '`verified: true`; an address that owns no workspace is `NOT_FOUND`. E-mail delivery status is `/v2/workspace/email/messages/get`.',
  })
  async emailStatus(@Data() dto: EmailStatusDto) {
    return ok('Email verified and workspace reactivated', {
      verified: await this.workspaces.ownerEmailVerified(dto.ownerEmail),
    });
  }

  @RpcPost('/v2/workspace/get')
  @WorkspaceAuth()
  async get(@CurrentWorkspace() principal: WorkspacePrincipal) {
    return ok('Workspace retrieved successfully.', await this.workspaces.get(principal.workspaceId));
  }

  @RpcPost('/v2/workspace/authtokens/get')
  @WorkspaceAuth()
  async authTokens(@CurrentWorkspace() principal: WorkspacePrincipal, @Data() dto: ApiKeyRefDto) {
    return ok('Auth tokens retrieved successfully.', await this.apiKeys.listTokens(principal.workspaceId, dto.apiKey));
  }

  @RpcPost('/v2/workspace/authtoken/reset')
  @WorkspaceAuth()
  async resetAuthToken(@CurrentWorkspace() principal: WorkspacePrincipal, @Data() dto: ApiKeyRefDto) {
    return ok('Auth token reset successfully.', await this.apiKeys.resetToken(principal.workspaceId, dto.apiKey));
  }

  @RpcPost('/v2/workspace/apikey/create')
  @WorkspaceAuth()
  @ApiErrors(ErrorCode.RESOURCE_EXHAUSTED)
  async createApiKey(@CurrentWorkspace() principal: WorkspacePrincipal, @Data() dto: CreateApiKeyDto) {
    return ok('API key created successfully.', await this.apiKeys.create(principal.workspaceId, dto));
  }

  @RpcPost('/v2/workspace/apikeys/get')
  @WorkspaceAuth()
  @ApiOperation({
    description:
      "The workspace's API keys as `{ id, apiKeyName, type }`: no auth token or other secret. Keyset-paged by id, 100 a page at most.",
  })
  async listApiKeys(@CurrentWorkspace() principal: WorkspacePrincipal, @Data() dto: ListApiKeysDto) {
    const { apiKeys, nextPageToken } = await this.apiKeys.list(principal.workspaceId, dto);
    return ok('API keys retrieved successfully.', apiKeys, nextPageToken ? { nextPageToken } : {});
  }

  @RpcPost('/v2/workspace/apikey/update')
  @WorkspaceAuth()
  @ApiErrors(ErrorCode.NOT_FOUND)
  async updateApiKey(@CurrentWorkspace() principal: WorkspacePrincipal, @Data() dto: UpdateApiKeyDto) {
    await this.apiKeys.rename(principal.workspaceId, dto);
    return ok('API key updated successfully.', null);
  }

  @RpcPost('/v2/workspace/workspaceauthtoken/reset')
  @WorkspaceAuth()
  @ApiOperation({
    description:
      'Ours: a new workspace auth token, answered once. The old token stops working (within AUTH_CACHE_TTL_MS on other ' +
      'instances), and every console session of the workspace ends, the one that asked included.',
  })
  async resetWorkspaceToken(@CurrentWorkspace() principal: WorkspacePrincipal, @Data() data: Record<string, unknown>) {
    requireNoFields(data);
    return ok('Workspace auth token reset successfully.', await this.workspaces.resetAuthToken(principal.workspaceId));
  }

  @RpcPost('/v2/workspace/authtoken/create')
  @WorkspaceAuth()
  @ApiErrors(ErrorCode.NOT_FOUND, ErrorCode.RESOURCE_EXHAUSTED)
  @ApiOperation({ description: 'Ours: one more auth token for the API key, beside those it has (at most 20).' })
  async createAuthToken(@CurrentWorkspace() principal: WorkspacePrincipal, @Data() dto: CreateAuthTokenDto) {
    return ok('Auth token created successfully.', await this.apiKeys.createToken(principal.workspaceId, dto));
  }

  @RpcPost('/v2/workspace/authtoken/revoke')
  @WorkspaceAuth()
  @ApiErrors(ErrorCode.NOT_FOUND)
  @ApiOperation({
    description: 'Ours: deletes one auth token of the API key; it stops working within AUTH_CACHE_TTL_MS.',
  })
  async revokeAuthToken(@CurrentWorkspace() principal: WorkspacePrincipal, @Data() dto: RevokeAuthTokenDto) {
    await this.apiKeys.revokeToken(principal.workspaceId, dto);
    return ok('Auth token revoked successfully.', null);
  }

  @RpcPost('/v2/workspace/auditlog/get')
  @WorkspaceAuth()
  @ApiOperation({
    description:
      "Ours: the workspace's audit log, newest first: credential changes, and every change made from the console with " +
      'who made it (`actor`). Keyset-paged.',
  })
  async auditLog(@CurrentWorkspace() principal: WorkspacePrincipal, @Data() dto: ListAuditEventsDto) {
    const { events, nextPageToken } = await this.audit.list(principal.workspaceId, dto);
    return ok('Audit events retrieved successfully.', events, nextPageToken ? { nextPageToken } : {});
  }
}
