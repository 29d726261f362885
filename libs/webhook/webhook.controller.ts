import { Controller } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiError, batch, ErrorCode, ok } from '@app/common';
import { ApiErrors, Data, JsonSchema, RpcPost } from '@app/http';
import { ApiKeyAuth, ApiKeyPrincipal, CurrentApiKey } from '@app/auth';
import { DeliveryRefDto, ListDeliveriesDto, RetryDeliveriesDto, TestDeliveryDto } from './dto/deliveries.dto';
import { UpdateWebhookConfigDto } from './dto/webhook-config.dto';
import { INVALID_WEBHOOK_CONFIG, WEBHOOK_CONFIG_VIEW_SCHEMA } from './webhook-config';
import { WebhookConfigService } from './webhook-config.service';
import { WebhookDeliveryLogService } from './webhook-delivery-log.service';
import { WebhookTestEvents } from './webhook-test-event.service';

function successEnvelope(data: JsonSchema): JsonSchema {
  const result: JsonSchema = {
    type: 'object',
    required: ['status', 'message', 'data'],
    properties: { status: { type: 'string', enum: ['success'] }, message: { type: 'string' }, data },
  };
  return { type: 'object', required: ['result'], properties: { result } };
}

@ApiTags('webhooks')
@ApiKeyAuth()
@Controller()
export class WebhookController {
  constructor(
    private readonly configs: WebhookConfigService,
    private readonly deliveries: WebhookDeliveryLogService,
    private readonly tests: WebhookTestEvents,
  ) {}

  /**
   * The spec gives one message for every invalid configuration; an unknown field is still named.
   * `data` is null as the spec says, where Velt echoes the configuration.
   */
  @RpcPost('/v2/workspace/webhookconfig/update')
  async updateConfig(
    @CurrentApiKey() key: ApiKeyPrincipal,
    @Data({ invalidMessage: INVALID_WEBHOOK_CONFIG }) dto: UpdateWebhookConfigDto,
  ) {
    await this.configs.update(key.apiKeyId, dto);
    return ok('Webhook configuration updated successfully.', null);
  }

  // Above @RpcPost so that it replaces the generic success envelope RpcPost documents.
  @ApiOkResponse({
    description: 'Success envelope with the configuration.',
    schema: successEnvelope(WEBHOOK_CONFIG_VIEW_SCHEMA),
  })
  @RpcPost('/v2/workspace/webhookconfig/get')
  @ApiOperation({
    description: 'The stored webhook configuration of this API key, with the authToken masked as `authTokenSet`.',
  })
  async getConfig(@CurrentApiKey() key: ApiKeyPrincipal, @Data() data: Record<string, unknown>) {
    const unknown = Object.keys(data)[0];
    if (unknown !== undefined) throw ApiError.invalid(`data.${unknown} is not a known field.`);
    return ok('Webhook configuration retrieved successfully.', await this.configs.get(key.apiKeyId));
  }

  @RpcPost('/v2/workspace/webhooks/deliveries/get')
  @ApiOperation({
    description:
      'Our addition: the delivery log, newest first (by creation time), filtered by status, event, endpoint and ' +
      '`createdAfter`/`createdBefore`; keyset-paged on indexes.',
  })
  async listDeliveries(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: ListDeliveriesDto) {
    const { deliveries, nextPageToken } = await this.deliveries.list(key.apiKeyId, dto);
    return ok('Webhook deliveries retrieved successfully.', deliveries, nextPageToken ? { nextPageToken } : {});
  }

  @RpcPost('/v2/workspace/webhooks/deliveries/retry')
  async retryDeliveries(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: RetryDeliveriesDto) {
    return batch('Webhook deliveries processed successfully.', await this.deliveries.retry(key.apiKeyId, dto));
  }

  @RpcPost('/v2/workspace/webhooks/deliveries/attempts/get')
  @ApiErrors(ErrorCode.NOT_FOUND)
  @ApiOperation({
    description:
      'Ours: every attempt of one delivery, first to last: the request as sent (headers, `authorization` masked; body up to ' +
      '16 KiB) and the response (status, headers, body up to 4 KiB) or the error when none came.',
  })
  async deliveryAttempts(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: DeliveryRefDto) {
    return ok(
      'Delivery attempts retrieved successfully.',
      await this.deliveries.attempts(key.apiKeyId, dto.deliveryId),
    );
  }

  @RpcPost('/v2/workspace/webhooks/test')
  @ApiErrors(ErrorCode.NOT_FOUND, ErrorCode.FAILED_PRECONDITION)
  @ApiOperation({
    description:
      'Ours: sends a `webhook.test` event to one advanced endpoint (`endpointId`, whatever its filter), or to the basic ' +
      "configuration's URLs; the deliveries are signed, retried and logged like any other. Answers their ids.",
  })
  async sendTest(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: TestDeliveryDto) {
    return ok('Test event sent successfully.', await this.tests.send(key.apiKeyId, dto));
  }
}
