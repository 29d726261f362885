import { Controller } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiKeyAuth, ApiKeyPrincipal, CurrentApiKey } from '@app/auth';
import { ApiError, ok } from '@app/common';
import { Data, RpcPost } from '@app/http';
import { UpdateWorkspaceNotificationConfigDto } from './dto/workspace-notification-config.dto';
import { WorkspaceNotificationConfigService } from './workspace-notification-config.service';

/** The in-app notification service settings of an API key. */
@ApiTags('workspace')
@ApiKeyAuth()
@Controller()
export class WorkspaceNotificationConfigController {
  constructor(private readonly config: WorkspaceNotificationConfigService) {}

  @RpcPost('/v2/workspace/notificationconfig/get')
  @ApiOperation({ description: "The stored settings over Velt's defaults (service off, delay and batching off)." })
  async get(@CurrentApiKey() key: ApiKeyPrincipal, @Data() data: Record<string, unknown>) {
    const unknown = Object.keys(data)[0];
    if (unknown !== undefined) throw ApiError.invalid(`data.${unknown} is not a known field.`);
    return ok('Notification configuration retrieved successfully.', await this.config.read(key.apiKeyId));
  }

  @RpcPost('/v2/workspace/notificationconfig/update')
  @ApiOperation({
    description:
      'Deep-merged into the stored settings; the first enable seeds the default triggers. With the service on, a comment trigger set to false ' +
      'makes no in-app notification; with it off, every comment event notifies. Delay and batching are stored, not applied: notifications are immediate.',
  })
  async update(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: UpdateWorkspaceNotificationConfigDto) {
    return ok('Notification configuration updated successfully.', await this.config.update(key.apiKeyId, dto));
  }
}
