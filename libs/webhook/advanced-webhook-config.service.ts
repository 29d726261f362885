import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { ApiError, ErrorCode } from '@app/common';
import { UpdateAdvancedWebhookConfigDto } from './dto/advanced-webhook.dto';
import { AdvancedWebhookConfig } from './entities/advanced-webhook-config.entity';
import { parseRsaPublicKey } from './payload-security';
import { WebhookSinkSettings } from './webhook-sink-settings';

/** data of advancedwebhookconfig/get and /update (Velt's shape). */
export interface AdvancedWebhookConfigView {
  isEnabled: boolean;
  encryptData: boolean;
  encodeData: boolean;
  publicKey: string;
  enableDataProtection: boolean;
}

const DEFAULTS: AdvancedWebhookConfigView = {
  isEnabled: false,
  encryptData: false,
  encodeData: false,
  publicKey: '',
  enableDataProtection: false,
};
const ENABLE_HINT = 'POST /v2/workspace/advancedwebhookconfig/update with { "isEnabled": true }';

function view(row: AdvancedWebhookConfig | null): AdvancedWebhookConfigView {
  if (!row) return { ...DEFAULTS };
  const { isEnabled, encryptData, encodeData, publicKey, enableDataProtection } = row;
  return { isEnabled, encryptData, encodeData, publicKey, enableDataProtection };
}

/**
 * Velt's preconditions of the endpoint routes: advanced webhooks configured and enabled. Locks the
 * configuration row against a concurrent disable for the caller's transaction.
 */
export async function requireAdvancedWebhooks(manager: EntityManager, apiKeyId: string): Promise<void> {
  const row = await manager.findOne(AdvancedWebhookConfig, { where: { apiKeyId }, lock: { mode: 'pessimistic_read' } });
  if (!row) {
    throw new ApiError(
      ErrorCode.FAILED_PRECONDITION,
      `Advanced webhooks are not configured for this workspace. Enable them first via ${ENABLE_HINT}.`,
    );
  }
  if (!row.isEnabled)
    throw new ApiError(
      ErrorCode.FAILED_PRECONDITION,
      `Advanced webhooks are disabled for this workspace. Enable them via ${ENABLE_HINT}.`,
    );
}

@Injectable()
export class AdvancedWebhookConfigService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly settings: WebhookSinkSettings,
  ) {}

  async get(apiKeyId: string): Promise<AdvancedWebhookConfigView> {
    return view(await this.dataSource.getRepository(AdvancedWebhookConfig).findOne({ where: { apiKeyId } }));
  }

  /** Velt's partial update: only the fields sent change; the first one must enable. */
  async update(apiKeyId: string, dto: UpdateAdvancedWebhookConfigDto): Promise<AdvancedWebhookConfigView> {
    const changes: Partial<AdvancedWebhookConfigView> = {};
    for (const field of ['isEnabled', 'encryptData', 'encodeData', 'publicKey', 'enableDataProtection'] as const) {
      const value = dto[field];
      if (value !== undefined) Object.assign(changes, { [field]: value });
    }
    if (Object.keys(changes).length === 0) {
      throw ApiError.invalid(
        'At least one of isEnabled, encryptData, encodeData, publicKey or enableDataProtection must be provided.',
      );
    }
    if (changes.publicKey && parseRsaPublicKey(changes.publicKey) === null)
      throw ApiError.invalid('data.publicKey must be an RSA public key.');
    const updated = await this.dataSource.transaction(async (manager) => {
      const row = await manager.findOne(AdvancedWebhookConfig, {
        where: { apiKeyId },
        lock: { mode: 'pessimistic_write' },
      });
      if (!row && changes.isEnabled !== true) {
        throw new ApiError(
          ErrorCode.FAILED_PRECONDITION,
          `Advanced webhooks are not configured for this workspace. The first update must include { "isEnabled": true }.`,
        );
      }
      const merged = { ...view(row), ...changes };
      if (merged.encryptData && !merged.publicKey) throw ApiError.invalid('data.encryptData needs a publicKey.');
      await manager.upsert(AdvancedWebhookConfig, { apiKeyId, ...merged }, ['apiKeyId']);
      return merged;
    });
    this.settings.forget(apiKeyId);
    return updated;
  }
}
