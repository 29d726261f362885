import { Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { batch, ok } from '@app/common';
import { Data, RpcPost } from '@app/http';
import { ApiKeyAuth, ApiKeyPrincipal, CurrentApiKey } from '@app/auth';
import { ListDeliveriesDto, RetryDeliveriesDto } from './dto/deliveries.dto';
import { WEBHOOK_CONFIG_UPDATE_SCHEMA } from './webhook-config';
import { WebhookConfigService } from './webhook-config.service';
import { WebhookDeliveryLogService } from './webhook-delivery-log.service';

@ApiTags('webhooks')
@ApiKeyAuth()
@Controller()
export class WebhookController {
  constructor(
    private readonly configs: WebhookConfigService,
    private readonly deliveries: WebhookDeliveryLogService,
  ) {}

  /** Validated by parseWebhookConfigUpdate: the spec gives one message for every invalid configuration. */
  @RpcPost('/v2/workspace/webhookconfig/update', { body: WEBHOOK_CONFIG_UPDATE_SCHEMA })
  async updateConfig(@CurrentApiKey() key: ApiKeyPrincipal, @Data() data: Record<string, unknown>) {
    await this.configs.update(key.apiKeyId, data);
    return ok('Webhook configuration updated successfully.', null);
  }

  @RpcPost('/v2/workspace/webhooks/deliveries/get')
  async listDeliveries(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: ListDeliveriesDto) {
    const { deliveries, nextPageToken } = await this.deliveries.list(key.apiKeyId, dto);
    return ok('Webhook deliveries retrieved successfully.', deliveries, nextPageToken ? { nextPageToken } : {});
  }

  @RpcPost('/v2/workspace/webhooks/deliveries/retry')
  async retryDeliveries(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: RetryDeliveriesDto) {
    return batch('Webhook deliveries processed successfully.', await this.deliveries.retry(key.apiKeyId, dto));
  }
}
