import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { ApiError, AppConfig, decryptSecret, encryptSecret } from '@app/common';
import { EmailServiceConfigDto, UpdateEmailConfigDto } from './dto/email-config.dto';
import { EmailConfig } from './entities/email-config.entity';
import { maskSecret } from './secret-mask';

/** What the update answers: the configuration as the caller sent it (Velt echoes it), the provider key masked. */
export interface EmailConfigView {
  useEmailService: boolean;
  emailServiceConfig?: EmailServiceConfigDto;
}

/** What the get answers: Velt's shape, the provider key masked (see `read`). */
export interface StoredEmailConfigView {
  useEmailService: boolean;
  emailServiceConfig: {
    type: string;
    apiKey: string;
    apiKeySet: boolean;
    fromEmail: string;
    fromCompany: string;
    commentTemplateId: string;
    tagTemplateId: string;
    triggers?: Record<string, boolean>;
  };
}

interface StoredServiceConfig {
  type?: string;
  apiKeyCiphertext?: string;
  fromEmail?: string;
  fromCompany?: string;
  commentTemplateId?: string;
  tagTemplateId?: string;
  triggers?: Record<string, boolean>;
}

@Injectable()
export class EmailConfigService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly config: AppConfig,
  ) {}

  /**
   * The stored configuration; a key never configured answers Velt's defaults. The provider key never
   * comes back in clear: `apiKey` is masked (`...` and its last 4 characters, `****` when shorter than
   * 12, `""` when none is stored) and `apiKeySet` says whether one is stored.
   */
  async read(apiKeyId: string): Promise<StoredEmailConfigView> {
    const stored = await this.dataSource.getRepository(EmailConfig).findOne({ where: { apiKeyId } });
    const service = (stored?.config.emailServiceConfig ?? {}) as StoredServiceConfig;
    const apiKey = service.apiKeyCiphertext ? maskSecret(decryptSecret(service.apiKeyCiphertext, this.config.encryptionKey)) : '';
    return {
      useEmailService: stored?.config.useEmailService === true,
      emailServiceConfig: {
        type: service.type ?? 'default',
        apiKey,
        apiKeySet: apiKey !== '',
        fromEmail: service.fromEmail ?? '',
        fromCompany: service.fromCompany ?? '',
        commentTemplateId: service.commentTemplateId ?? '',
        tagTemplateId: service.tagTemplateId ?? '',
        ...(service.triggers ? { triggers: service.triggers } : {}),
      },
    };
  }

  async update(apiKeyId: string, dto: UpdateEmailConfigDto): Promise<EmailConfigView> {
    return this.dataSource.transaction((manager) => this.save(manager, apiKeyId, dto));
  }

  /** Within the caller's transaction: API key create applies its e-mail settings here too. */
  async save(manager: EntityManager, apiKeyId: string, dto: UpdateEmailConfigDto): Promise<EmailConfigView> {
    if (dto.useEmailService === undefined && dto.emailServiceConfig === undefined) {
      throw ApiError.invalid('data.useEmailService or data.emailServiceConfig is required.');
    }
    const stored = await manager.findOne(EmailConfig, { where: { apiKeyId }, lock: { mode: 'pessimistic_write' } });
    const useEmailService = dto.useEmailService ?? stored?.config.useEmailService === true;
    if (useEmailService && !dto.emailServiceConfig && !stored?.config.emailServiceConfig) {
      throw ApiError.invalid('data.emailServiceConfig is required when useEmailService is true.');
    }
    let serviceConfig = stored?.config.emailServiceConfig ?? null;
    if (dto.emailServiceConfig) {
      const { apiKey, ...rest } = dto.emailServiceConfig;
      serviceConfig = { ...rest, ...(apiKey ? { apiKeyCiphertext: encryptSecret(apiKey, this.config.encryptionKey) } : {}) };
    }
    await manager.save(EmailConfig, { apiKeyId, config: { useEmailService, emailServiceConfig: serviceConfig } });
    if (!dto.emailServiceConfig) return { useEmailService };
    // The provider key is a secret: echoed masked, like the get (never in clear in a response).
    const { apiKey, ...echoed } = dto.emailServiceConfig;
    return { useEmailService, emailServiceConfig: { ...echoed, ...(apiKey ? { apiKey: maskSecret(apiKey) } : {}) } };
  }
}
