import { Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ApiKeyAuth, ApiKeyPrincipal, CurrentApiKey } from '@app/auth';
import { ok } from '@app/common';
import { Data, RpcPost } from '@app/http';
import { AddPermissionsDto, GenerateTokenDto, GetPermissionsDto, RemovePermissionsDto } from './dto/permissions.dto';
import { PermissionService } from './permission.service';
import { TokenIssueService } from './token-issue.service';

@ApiTags('auth')
@ApiKeyAuth()
@Controller()
export class PermissionController {
  constructor(
    private readonly permissions: PermissionService,
    private readonly tokens: TokenIssueService,
  ) {}

  @RpcPost('/v2/auth/permissions/add')
  async add(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: AddPermissionsDto) {
    await this.permissions.add(key.apiKeyId, dto.userId, dto.permissions.resources);
    return ok('Permissions added successfully.', { success: true });
  }

  @RpcPost('/v2/auth/permissions/get')
  async get(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: GetPermissionsDto) {
    const resources = await this.permissions.get(key.apiKeyId, dto.userId, dto.organizationId);
    return ok('Permissions retrieved successfully.', { userId: dto.userId, resources });
  }

  @RpcPost('/v2/auth/permissions/remove')
  async remove(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: RemovePermissionsDto) {
    await this.permissions.remove(key.apiKeyId, dto.userId, dto.permissions.resources);
    return ok('Permissions removed successfully.', { success: true });
  }

  @RpcPost('/v2/auth/generate_token')
  async generateToken(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: GenerateTokenDto) {
    return ok('Token generated successfully.', await this.tokens.generate(key.apiKeyId, dto));
  }
}
