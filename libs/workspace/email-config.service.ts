import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { ApiError, AppConfig, encryptSecret } from '@app/common';
import { EmailServiceConfigDto, UpdateEmailConfigDto } from './dto/email-config.dto';
import { EmailConfig } from './entities/email-config.entity';

/** What the update answers: the configuration as the caller sent it (Velt echoes it). */
export interface EmailConfigView {
  useEmailService: boolean;
  emailServiceConfig?: EmailServiceConfigDto;
}

@Injectable()
export class EmailConfigService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly config: AppConfig,
  ) {}

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
    return { useEmailService, ...(dto.emailServiceConfig ? { emailServiceConfig: { ...dto.emailServiceConfig } } : {}) };
  }
}
