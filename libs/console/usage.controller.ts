import { Controller } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiKeyAuth, ApiKeyPrincipal, CurrentApiKey } from '@app/auth';
import { ok, requireNoFields } from '@app/common';
import { Data, RpcPost } from '@app/http';
import { UsageService } from './usage.service';

@ApiTags('console')
@ApiKeyAuth()
@Controller()
export class UsageController {
  constructor(private readonly usage: UsageService) {}

  @RpcPost('/v2/workspace/usage/get')
  @ApiOperation({
    description:
      "Ours: the API key's usage. Counts of organizations, documents and distinct users; `monthlyActiveUsers`, the " +
      'distinct end users who opened a socket or CRDT sync connection in the last 30 days (HyperLogLog, ±0.81%); ' +
      '`eventsLastDay`, the events committed in the current hour and the 23 before; webhook deliveries and e-mails ' +
      'still pending and those created in the last 24 hours that failed; the running version.',
  })
  async get(@CurrentApiKey() key: ApiKeyPrincipal, @Data() data: Record<string, unknown>) {
    requireNoFields(data);
    return ok('Usage retrieved successfully.', await this.usage.of(key.apiKeyId));
  }
}
