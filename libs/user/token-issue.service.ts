import { Injectable } from '@nestjs/common';
import { GenerateTokenDto } from './dto/permissions.dto';
import { PermissionService } from './permission.service';
import { UserTokenService } from './user-token.service';

/** `/v2/auth/generate_token`: grants the permissions sent along, then signs the end-user token. */
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
}
