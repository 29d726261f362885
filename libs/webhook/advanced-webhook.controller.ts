import { Controller } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiError, ok } from '@app/common';
import { Data, RpcPost } from '@app/http';
import { ApiKeyAuth, ApiKeyPrincipal, CurrentApiKey } from '@app/auth';
import { AdvancedWebhookConfigService } from './advanced-webhook-config.service';
import {
  CreateEndpointDto,
  EndpointRefDto,
  ListEndpointsDto,
  UpdateAdvancedWebhookConfigDto,
  UpdateEndpointDto,
} from './dto/advanced-webhook.dto';
import { WebhookEndpointService } from './webhook-endpoint.service';

/** Velt's advanced webhooks: the per-key switch and payload options, and the endpoints with their secrets. */
@ApiTags('webhooks')
@ApiKeyAuth()
@Controller()
export class AdvancedWebhookController {
  constructor(
    private readonly configs: AdvancedWebhookConfigService,
    private readonly endpoints: WebhookEndpointService,
  ) {}

  @RpcPost('/v2/workspace/advancedwebhookconfig/get')
  @ApiOperation({
    description: 'The advanced webhook configuration; never configured answers every field at its default.',
  })
  async getConfig(@CurrentApiKey() key: ApiKeyPrincipal, @Data() data: Record<string, unknown>) {
    const unknown = Object.keys(data)[0];
    if (unknown !== undefined) throw ApiError.invalid(`data.${unknown} is not a known field.`);
    return ok('Advanced webhook configuration retrieved successfully.', await this.configs.get(key.apiKeyId));
  }

  @RpcPost('/v2/workspace/advancedwebhookconfig/update')
  @ApiOperation({
    description:
      'Partial update echoing the stored configuration; the first update of an API key must include `isEnabled: true` (else FAILED_PRECONDITION).',
  })
  async updateConfig(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: UpdateAdvancedWebhookConfigDto) {
    return ok('Advanced webhook configuration updated successfully.', await this.configs.update(key.apiKeyId, dto));
  }

  @RpcPost('/v2/workspace/advancedwebhook/endpoints/create')
  @ApiOperation({
    description:
      'A new endpoint with a server-generated `whsec_` signing secret (read it with endpoints/secret/get). FAILED_PRECONDITION unless advanced webhooks are enabled.',
  })
  async createEndpoint(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: CreateEndpointDto) {
    return ok('Advanced webhook endpoint created successfully.', await this.endpoints.create(key.apiKeyId, dto));
  }

  @RpcPost('/v2/workspace/advancedwebhook/endpoints/get')
  @ApiOperation({
    description:
      'The endpoints in creation order, `limit` (1 to 250) at a time; pass the returned `iterator` while `done` is false.',
  })
  async listEndpoints(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: ListEndpointsDto) {
    return ok('Advanced webhook endpoints retrieved successfully.', await this.endpoints.list(key.apiKeyId, dto));
  }

  @RpcPost('/v2/workspace/advancedwebhook/endpoints/update')
  @ApiOperation({ description: 'Partial update of one endpoint, echoing it; at least one field besides endpointId.' })
  async updateEndpoint(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: UpdateEndpointDto) {
    return ok('Advanced webhook endpoint updated successfully.', await this.endpoints.update(key.apiKeyId, dto));
  }

  @RpcPost('/v2/workspace/advancedwebhook/endpoints/delete')
  @ApiOperation({ description: 'Deletes the endpoint; its pending deliveries are marked `cancelled`.' })
  async deleteEndpoint(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: EndpointRefDto) {
    return ok(
      'Advanced webhook endpoint deleted successfully.',
      await this.endpoints.delete(key.apiKeyId, dto.endpointId),
    );
  }

  @RpcPost('/v2/workspace/advancedwebhook/endpoints/secret/get')
  @ApiOperation({
    description:
      'The endpoint signing secret `whsec_<base64>`: verify deliveries with any Standard Webhooks library given this string.',
  })
  async getSecret(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: EndpointRefDto) {
    return ok(
      'Advanced webhook endpoint secret retrieved successfully.',
      await this.endpoints.secret(key.apiKeyId, dto.endpointId),
    );
  }

  @RpcPost('/v2/workspace/advancedwebhook/endpoints/secret/rotate')
  @ApiOperation({
    description:
      "Not in Velt's reference (Svix's rotate): issues a new secret; the previous one keeps signing for 24 hours, so deliveries meanwhile carry both signatures in `webhook-signature`.",
  })
  async rotateSecret(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: EndpointRefDto) {
    return ok(
      'Advanced webhook endpoint secret rotated successfully.',
      await this.endpoints.rotate(key.apiKeyId, dto.endpointId),
    );
  }
}
