import { Controller } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiKeyAuth, ApiKeyPrincipal, CurrentApiKey } from '@app/auth';
import { ok } from '@app/common';
import { Data, RpcPost } from '@app/http';
import { UpdateActivityConfigDto } from './dto/activity-config.dto';
import { ActivityConfigService } from './activity-config.service';

@ApiTags('workspace')
@ApiKeyAuth()
@Controller()
export class ActivityConfigController {
  constructor(private readonly configs: ActivityConfigService) {}

  @RpcPost('/v2/workspace/activityconfig/get')
  @ApiOperation({
    description:
      '`{ activityServiceConfig }`; `{ isEnabled: false }` for an API key that never configured activity logs (Velt).',
  })
  async get(@CurrentApiKey() key: ApiKeyPrincipal) {
    return ok('Activity logs configuration retrieved successfully.', await this.configs.get(key.apiKeyId));
  }

  @RpcPost('/v2/workspace/activityconfig/update')
  @ApiOperation({
    description:
      "Deep-merged into the stored configuration and echoed after the write. The first enable seeds Velt's defaults (comment triggers on, " +
      '`immutable: true`, `enabledTime` now) under the fields sent.',
  })
  async update(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: UpdateActivityConfigDto) {
    return ok(
      'Activity logs configuration updated successfully.',
      await this.configs.update(key.apiKeyId, dto.activityServiceConfig),
    );
  }
}
