import { Injectable } from '@nestjs/common';
import { GenerateTokenDto, GenerateTokenV1Dto } from './dto/permissions.dto';
import { PermissionService } from './permission.service';
import { UserTokenService } from './user-token.service';

/** `/v2/auth/generate_token` (and v1's `/v1/auth/token/get`): grants what the request names, then signs the end-user token. */
@Injectable()
export class TokenIssueService {
  constructor(
    private readonly permissions: PermissionService,
    private readonly tokens: UserTokenService,
  ) {}

  async generate(apiKeyId: string, dto: GenerateTokenDto): Promise<{ token: string }> {
    if (dto.permissions) await this.permissions.add(apiKeyId, dto.userId, dto.permissions.resources);
    const properties = dto.userProperties ?? {};
    const token = await this.tokens.issue({
      apiKeyId,
      userId: dto.userId,
      name: properties.name ?? '',
      email: properties.email ?? '',
      isAdmin: properties.isAdmin ?? false,
    });
    return { token };
  }

  /** v1 names one organization instead of permissions: the user joins it, keeping a role already held there. */
  async generateV1(apiKeyId: string, dto: GenerateTokenV1Dto): Promise<{ token: string }> {
    const properties = dto.userProperties;
    if (properties) await this.permissions.join(apiKeyId, dto.userId, properties.organizationId);
    const token = await this.tokens.issue({
      apiKeyId,
      userId: dto.userId,
      name: '',
      email: properties?.email ?? '',
      isAdmin: properties?.isAdmin ?? false,
    });
    return { token };
  }
}
