import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ApiError, AppConfig, decryptSecret, encryptSecret } from '@app/common';
import { AiModelProvider, DocumentAccessType, UpdateApiKeyConfigDto } from './dto/api-key-config.dto';
import { ApiKeyConfig } from './entities/api-key-config.entity';
import { ApiKey } from './entities/api-key.entity';
import { maskSecret } from './secret-mask';

/** What api_key_config.config holds; AI keys only as ciphertext (docs/architecture.md "Tenancy and access"). */
interface StoredApiKeyConfig {
  enablePrivateComments?: boolean;
  requireJwtToken?: boolean;
  requireAutoOrgUser?: boolean;
  defaultDocumentAccessType?: DocumentAccessType;
  aiModelKeyCiphertexts?: Partial<Record<AiModelProvider, string>>;
}

export type AiModelsConfigView = Partial<Record<AiModelProvider, { displayText: string }>>;

export interface ApiKeyConfigView {
  ownerEmail: string;
  planInfo: { type: string };
  defaultDocumentAccessType: DocumentAccessType;
  isPrivateCommentsEnabled: boolean;
  requireJwtToken: boolean;
  requireAutoOrgUser: boolean;
  aiModelsConfig?: AiModelsConfigView;
}

/** The update echoes the post-write values of the fields it was given (Velt's page). */
export type ApiKeyConfigUpdateView = Omit<UpdateApiKeyConfigDto, 'aiModelApiKey'> & {
  aiModelsConfig?: AiModelsConfigView;
};

/** Every deployment is the one plan: there is no billing. */
export const SELF_HOSTED_PLAN = 'self-hosted';

/** Velt's app settings of an API key: stored, field-merged and read back; secrets only masked. */
@Injectable()
export class ApiKeyConfigService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly config: AppConfig,
  ) {}

  async read(apiKeyId: string): Promise<ApiKeyConfigView> {
    const key = await this.dataSource
      .getRepository(ApiKey)
      .findOne({ where: { id: apiKeyId }, relations: { workspace: { account: true } } });
    if (!key?.workspace?.account) throw ApiError.notFound('API key not found.');
    const stored = await this.dataSource.getRepository(ApiKeyConfig).findOne({ where: { apiKeyId } });
    const config = (stored?.config ?? {}) as StoredApiKeyConfig;
    const aiModelsConfig = this.masked(config.aiModelKeyCiphertexts ?? {});
    return {
      ownerEmail: key.workspace.account.email,
      planInfo: { type: SELF_HOSTED_PLAN },
      defaultDocumentAccessType: config.defaultDocumentAccessType ?? 'public',
      isPrivateCommentsEnabled: config.enablePrivateComments === true,
      requireJwtToken: config.requireJwtToken === true,
      requireAutoOrgUser: config.requireAutoOrgUser === true,
      ...(Object.keys(aiModelsConfig).length > 0 ? { aiModelsConfig } : {}),
    };
  }

  async update(apiKeyId: string, dto: UpdateApiKeyConfigDto): Promise<ApiKeyConfigUpdateView> {
    const { aiModelApiKey, ...flags } = dto;
    if (aiModelApiKey === undefined && Object.values(flags).every((value) => value === undefined)) {
      throw ApiError.invalid('At least one field must be provided for update');
    }
    const given = Object.fromEntries(Object.entries(flags).filter(([, value]) => value !== undefined)) as Omit<
      StoredApiKeyConfig,
      'aiModelKeyCiphertexts'
    >;
    const ciphertexts: Partial<Record<AiModelProvider, string>> = {};
    // A provider given twice keeps its last key, as a field merge would.
    for (const entry of aiModelApiKey ?? [])
      ciphertexts[entry.provider] = encryptSecret(entry.customerApiKey, this.config.encryptionKey);
    await this.dataSource.transaction(async (manager) => {
      const stored = await manager.findOne(ApiKeyConfig, { where: { apiKeyId }, lock: { mode: 'pessimistic_write' } });
      const current = (stored?.config ?? {}) as StoredApiKeyConfig;
      const merged: StoredApiKeyConfig = {
        ...current,
        ...given,
        aiModelKeyCiphertexts: { ...current.aiModelKeyCiphertexts, ...ciphertexts },
      };
      await manager.save(ApiKeyConfig, { apiKeyId, config: { ...merged } });
    });
    return aiModelApiKey === undefined ? given : { ...given, aiModelsConfig: this.masked(ciphertexts) };
  }

  /** `displayText` is `...` and the key's last 4 characters (`****` when shorter than 12): never the key. */
  private masked(ciphertexts: Partial<Record<AiModelProvider, string>>): AiModelsConfigView {
    return Object.fromEntries(
      Object.entries(ciphertexts).map(([provider, ciphertext]) => [
        provider,
        { displayText: maskSecret(decryptSecret(ciphertext, this.config.encryptionKey)) },
      ]),
    );
  }
}
