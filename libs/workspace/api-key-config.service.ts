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
  aiModelSettings?: Partial<Record<AiModelProvider, AiModelSettings>>;
}

/** Ours, beside a provider's key: where its OpenAI-compatible API is and which models to use (docs/ai.md). */
export interface AiModelSettings {
  baseUrl?: string;
  chatModel?: string;
  embeddingModel?: string;
}

/** A provider's stored key in clear, with its settings: for the model provider (libs/ai) only, never for a response. */
export interface AiModelCredential extends AiModelSettings {
  apiKey: string;
}

export type AiModelsConfigView = Partial<Record<AiModelProvider, { displayText: string } & AiModelSettings>>;

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
    const aiModelsConfig = this.masked(config.aiModelKeyCiphertexts ?? {}, config.aiModelSettings ?? {});
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
    const settings: Partial<Record<AiModelProvider, AiModelSettings>> = {};
    // A provider given twice keeps its last entry, as a field merge would; an entry replaces the provider's settings.
    for (const { provider, customerApiKey, ...rest } of aiModelApiKey ?? []) {
      ciphertexts[provider] = encryptSecret(customerApiKey, this.config.encryptionKey);
      settings[provider] = rest;
    }
    await this.dataSource.transaction(async (manager) => {
      const stored = await manager.findOne(ApiKeyConfig, { where: { apiKeyId }, lock: { mode: 'pessimistic_write' } });
      const current = (stored?.config ?? {}) as StoredApiKeyConfig;
      const merged: StoredApiKeyConfig = {
        ...current,
        ...given,
        aiModelKeyCiphertexts: { ...current.aiModelKeyCiphertexts, ...ciphertexts },
        aiModelSettings: { ...current.aiModelSettings, ...settings },
      };
      await manager.save(ApiKeyConfig, { apiKeyId, config: { ...merged } });
    });
    return aiModelApiKey === undefined ? given : { ...given, aiModelsConfig: this.masked(ciphertexts, settings) };
  }

  /** The stored AI model keys in clear, with their settings, by provider: what libs/ai calls a model with. */
  async aiModelCredentials(apiKeyId: string): Promise<Partial<Record<AiModelProvider, AiModelCredential>>> {
    const stored = await this.dataSource.getRepository(ApiKeyConfig).findOne({ where: { apiKeyId } });
    const config = (stored?.config ?? {}) as StoredApiKeyConfig;
    return Object.fromEntries(
      Object.entries(config.aiModelKeyCiphertexts ?? {}).map(([provider, ciphertext]) => [
        provider,
        {
          ...config.aiModelSettings?.[provider as AiModelProvider],
          apiKey: decryptSecret(ciphertext, this.config.encryptionKey),
        },
      ]),
    );
  }

  /** `displayText` is `...` and the key's last 4 characters (`****` when shorter than 12): never the key. */
  private masked(
    ciphertexts: Partial<Record<AiModelProvider, string>>,
    settings: Partial<Record<AiModelProvider, AiModelSettings>>,
  ): AiModelsConfigView {
    return Object.fromEntries(
      Object.entries(ciphertexts).map(([provider, ciphertext]) => [
        provider,
        {
          displayText: maskSecret(decryptSecret(ciphertext, this.config.encryptionKey)),
          ...settings[provider as AiModelProvider],
        },
      ]),
    );
  }
}
