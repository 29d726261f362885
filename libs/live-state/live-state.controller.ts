import { Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ApiKeyAuth, ApiKeyPrincipal, CurrentApiKey } from '@app/auth';
import { ok } from '@app/common';
import { Data, RpcPost } from '@app/http';
import { BroadcastLiveStateDto, GetLiveStateDto } from './dto/live-state.dto';
import { LiveStateService } from './live-state.service';

@ApiTags('live state')
@ApiKeyAuth()
@Controller()
export class LiveStateController {
  constructor(private readonly liveState: LiveStateService) {}

  /** Spec: Live state; also accepts the unwrapped sample form (rewritten by the request envelope check). */
  @RpcPost(['/v1/livestate/broadcast', '/v2/livestate/broadcast'])
  async broadcast(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: BroadcastLiveStateDto) {
    await this.liveState.broadcast(key.apiKeyId, dto);
    return ok('Event broadcasted successfully.', { success: true });
  }

  @RpcPost('/v2/livestate/get')
  async get(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: GetLiveStateDto) {
    return ok('Live state retrieved successfully.', await this.liveState.get(key.apiKeyId, dto, dto.liveStateDataId));
  }
}
