import { Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ApiKeyAuth, ApiKeyPrincipal, CurrentApiKey } from '@app/auth';
import { DocumentRefDto, ok } from '@app/common';
import { Data, RpcPost } from '@app/http';
import { DeletePresenceDto, WritePresenceDto } from './dto/presence.dto';
import { PresenceService } from './presence.service';

@ApiTags('presence')
@ApiKeyAuth()
@Controller()
export class PresenceController {
  constructor(private readonly presence: PresenceService) {}

  @RpcPost('/v2/presence/add')
  async add(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: WritePresenceDto) {
    await this.presence.add(key.apiKeyId, dto, dto.users);
    return ok('Users added to presence successfully.', { success: true });
  }

  @RpcPost('/v2/presence/update')
  async update(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: WritePresenceDto) {
    // Velt answers `{success}`; it is false when a user was not present, and `users` says which.
    const items = await this.presence.update(key.apiKeyId, dto, dto.users);
    return ok('Presence updated successfully.', {
      success: items.every((item) => item.success),
      users: Object.fromEntries(items.map((item) => [item.id, item])),
    });
  }

  @RpcPost('/v2/presence/delete')
  async delete(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: DeletePresenceDto) {
    await this.presence.remove(key.apiKeyId, dto, dto.userIds);
    return ok('Users removed from presence successfully.', { success: true });
  }

  @RpcPost('/v2/presence/get')
  async get(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: DocumentRefDto) {
    return ok('Presence retrieved successfully.', await this.presence.get(key.apiKeyId, dto));
  }
}
