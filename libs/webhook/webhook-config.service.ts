import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ApiError, AppConfig, encryptSecret, isRefusedTarget } from '@app/common';
import { WebhookConfig } from './entities/webhook-config.entity';
import { WebhookSinkSettings } from './webhook-sink-settings';
import {
  EMPTY_SERVICE_CONFIG,
  mergeServiceConfig,
  URL_FIELDS,
  WebhookConfigView,
  webhookConfigView,
  webhookConfigUpdate,
  WebhookServiceConfigPatch,
} from './webhook-config';
import { UpdateWebhookConfigDto } from './dto/webhook-config.dto';

@Injectable()
export class WebhookConfigService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly config: AppConfig,
    private readonly settings: WebhookSinkSettings,
  ) {}

  /** The update merges into the stored configuration (see mergeServiceConfig). */
  async update(apiKeyId: string, dto: UpdateWebhookConfigDto): Promise<void> {
    const update = webhookConfigUpdate(dto);
    // Only the URLs this request sets: stored ones were vetted when they were set, and DNS is not consulted in the transaction.
    if (update.patch) await this.refusePrivateTargets(update.patch);
    await this.dataSource.transaction(async (manager) => {
      // The row exists before it is locked, so two first updates of one key still merge one after the other.
      await manager.createQueryBuilder().insert().into(WebhookConfig).values({ apiKeyId }).orIgnore().execute();
      const row = await manager.findOneOrFail(WebhookConfig, {
        where: { apiKeyId },
        lock: { mode: 'pessimistic_write' },
      });
      const changes: Partial<WebhookConfig> = {};
      if (update.useWebhookService !== undefined) changes.useWebhookService = update.useWebhookService;
      if (update.patch !== undefined) {
        const { authToken, ...serviceConfig } = mergeServiceConfig(
          { ...EMPTY_SERVICE_CONFIG, ...row.serviceConfig, authToken: null },
          update.patch,
        );
        changes.serviceConfig = serviceConfig;
        const tokenChange = update.patch === null ? null : update.patch.authToken;
        if (tokenChange !== undefined)
          changes.authTokenCiphertext = authToken === null ? null : encryptSecret(authToken, this.config.encryptionKey);
      }
      await manager.update(WebhookConfig, { apiKeyId }, changes);
    });
    this.settings.forget(apiKeyId);
  }

  /** The stored configuration; an API key never configured answers the empty one. The auth token is masked as `authTokenSet`. */
  async get(apiKeyId: string): Promise<WebhookConfigView> {
    const row = await this.dataSource.getRepository(WebhookConfig).findOne({ where: { apiKeyId } });
    return webhookConfigView(
      row?.useWebhookService ?? false,
      { ...EMPTY_SERVICE_CONFIG, ...row?.serviceConfig },
      Boolean(row?.authTokenCiphertext),
    );
  }

  /**
   * SSRF guard at config time: a private address, or a name resolving to one, is refused naming its
   * field. A name that does not resolve yet is accepted; the worker vets every attempt again.
   */
  private async refusePrivateTargets(patch: WebhookServiceConfigPatch): Promise<void> {
    if (this.config.webhookAllowPrivateNetworks) return;
    for (const field of URL_FIELDS) {
      const url = patch[field];
      if (typeof url === 'string' && (await isRefusedTarget(new URL(url)))) {
        throw ApiError.invalid(`data.webhookServiceConfig.${field} resolves to a private address.`);
      }
    }
  }
}
