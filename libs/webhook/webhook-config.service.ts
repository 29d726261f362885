import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ApiError, AppConfig, encryptSecret } from '@app/common';
import { vetTarget } from './address-guard';
import { WebhookConfig } from './entities/webhook-config.entity';
import { INVALID_WEBHOOK_CONFIG, parseWebhookConfigUpdate } from './webhook-config';

@Injectable()
export class WebhookConfigService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly config: AppConfig,
  ) {}

  /** `webhookServiceConfig`, when given, replaces the stored one as a whole; `useWebhookService` alone only toggles. */
  async update(apiKeyId: string, data: Record<string, unknown>): Promise<void> {
    const update = parseWebhookConfigUpdate(data);
    const values: Partial<WebhookConfig> = { apiKeyId };
    if (update.useWebhookService !== undefined) values.useWebhookService = update.useWebhookService;
    if (update.serviceConfig) {
      const { authToken, ...serviceConfig } = update.serviceConfig;
      await this.refusePrivateTargets([serviceConfig.rawNotificationUrl, serviceConfig.processedNotificationUrl]);
      values.serviceConfig = serviceConfig;
      values.authTokenCiphertext = authToken ? encryptSecret(authToken, this.config.encryptionKey) : null;
    }
    await this.dataSource
      .createQueryBuilder()
      .insert()
      .into(WebhookConfig)
      .values(values)
      .orUpdate(Object.keys(values).filter((key) => key !== 'apiKeyId').map(columnOf).concat('updated_at'), ['api_key_id'])
      .execute();
  }

  /** SSRF guard at config time; the worker checks again before every attempt since DNS answers change. */
  private async refusePrivateTargets(urls: Array<string | null>): Promise<void> {
    for (const url of urls) {
      if (url === null) continue;
      try {
        await vetTarget(new URL(url), this.config.webhookAllowPrivateNetworks);
      } catch {
        throw ApiError.invalid(INVALID_WEBHOOK_CONFIG);
      }
    }
  }
}

const COLUMNS: Record<string, string> = {
  useWebhookService: 'use_webhook_service',
  serviceConfig: 'service_config',
  authTokenCiphertext: 'auth_token_ciphertext',
};

function columnOf(property: string): string {
  return COLUMNS[property];
}
