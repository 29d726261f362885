import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { AppConfig } from '@app/common';
import { SinkSettings } from '@app/events';
import { ReceivingEndpoint, receivingEndpoints } from './endpoint-deliveries';
import { StoredServiceConfig, WebhookConfig } from './entities/webhook-config.entity';

/** Where an API key's events go: the basic service's settings while it is on, and the enabled advanced endpoints. */
export interface WebhookTargets {
  basic: StoredServiceConfig | null;
  endpoints: ReceivingEndpoint[];
}

async function loadTargets(manager: EntityManager, apiKeyId: string): Promise<WebhookTargets> {
  const config = await manager.findOne(WebhookConfig, { where: { apiKeyId } });
  const basic = config?.useWebhookService && config.serviceConfig ? config.serviceConfig : null;
  return { basic, endpoints: await receivingEndpoints(manager, apiKeyId) };
}

/** The webhook recorder's settings per API key; the basic config, advanced config and endpoint services forget a key they change. */
@Injectable()
export class WebhookSinkSettings extends SinkSettings<WebhookTargets> {
  constructor(config: AppConfig) {
    super(config.authCacheTtlMs, loadTargets);
  }
}
