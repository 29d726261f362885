import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ApiError, AppConfig, encryptSecret } from '@app/common';
import { UpdateEmailConfigDto } from './dto/email-config.dto';
import { EmailConfig } from './entities/email-config.entity';

@Injectable()
export class EmailConfigService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly config: AppConfig,
  ) {}

  async update(apiKeyId: string, dto: UpdateEmailConfigDto): Promise<void> {
    if (dto.useEmailService && !dto.emailServiceConfig) {
      throw ApiError.invalid('data.emailServiceConfig is required when useEmailService is true.');
    }
    const { apiKey, ...rest } = dto.emailServiceConfig ?? {};
    const serviceConfig: Record<string, unknown> | null = dto.emailServiceConfig
      ? { ...rest, ...(apiKey ? { apiKeyCiphertext: encryptSecret(apiKey, this.config.encryptionKey) } : {}) }
      : null;
    const config: Record<string, unknown> = { useEmailService: dto.useEmailService, emailServiceConfig: serviceConfig };
    await this.dataSource.getRepository(EmailConfig).save({ apiKeyId, config });
  }
}
