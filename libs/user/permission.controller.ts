import { Controller } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { AccessReportService } from '@app/access';
import { ApiKeyAuth, ApiKeyPrincipal, CurrentApiKey } from '@app/auth';
import { ApiError, ok, okWithoutData } from '@app/common';
import { Data, RpcPost } from '@app/http';
import {
  AddPermissionsDto,
  GenerateSignatureDto,
  GenerateTokenDto,
  GetPermissionsDto,
  RemovePermissionsDto,
} from './dto/permissions.dto';
import { PermissionService } from './permission.service';
import { TokenIssueService } from './token-issue.service';
import { UserTokenService } from './user-token.service';

@ApiTags('auth')
@ApiKeyAuth()
@Controller()
export class PermissionController {
  constructor(
    private readonly permissions: PermissionService,
    private readonly access: AccessReportService,
    private readonly tokens: TokenIssueService,
    private readonly userTokens: UserTokenService,
  ) {}

  /** Velt answers without `data`. */
  @RpcPost('/v2/auth/permissions/add')
  async add(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: AddPermissionsDto) {
    await this.permissions.add(key.apiKeyId, permissionUser(dto), dto.permissions.resources);
    return okWithoutData('Permissions added successfully.');
  }

  /** Velt's map: userId -> {organization, folders, documents} -> id -> effective access. */
  @RpcPost('/v2/auth/permissions/get')
  async get(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: GetPermissionsDto) {
    return ok('User permissions retrieved successfully.', await this.access.report(key.apiKeyId, dto));
  }

  /** Velt answers without `data`. */
  @RpcPost('/v2/auth/permissions/remove')
  async remove(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: RemovePermissionsDto) {
    await this.permissions.remove(key.apiKeyId, dto.userId, dto.permissions.resources);
    return okWithoutData('Permissions removed successfully.');
  }

  @RpcPost('/v2/auth/generate_token')
  async generateToken(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: GenerateTokenDto) {
    return ok('Token generated successfully.', await this.tokens.generate(key.apiKeyId, dto));
  }

  @RpcPost('/v2/auth/generate_signature')
  @ApiOperation({
    description:
      'Signs permission provider decisions: lowercase hex HMAC-SHA256, keyed with a per-API-key secret (HKDF of the end-user token secret), over ' +
      'the JSON array of the decisions in the given order, each with its keys in the order userId, resourceId, type, hasAccess, accessRole, expiresAt ' +
      'and absent optional ones left out. A provider puts it in its answer as `signature`; the realtime gateway refuses a mismatch.',
  })
  async generateSignature(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: GenerateSignatureDto) {
    return ok('Signature generated successfully.', {
      signature: await this.userTokens.signPermissions(key.apiKeyId, dto.permissions),
    });
  }
}

/** `data.user.userId` (Velt) or `data.userId` (ours); the DTO makes sure at least one is there. */
function permissionUser(dto: AddPermissionsDto): string {
  const userId = dto.user?.userId ?? dto.userId!;
  if (dto.userId !== undefined && dto.userId !== userId)
    throw ApiError.invalid('data.userId and data.user.userId name different users.');
  return userId;
}
