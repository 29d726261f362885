import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { ApiError, AppConfig, decryptSecret, encryptSecret, isRefusedTarget } from '@app/common';
import { SinkSettings } from '@app/events';
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
  } & Partial<SmtpView>;
}

/** The SMTP fields of a `type: 'smtp'` configuration as get answers them, the password masked. */
interface SmtpView {
  host: string;
  port: number;
  secure: boolean;
  username: string;
  password: string;
  passwordSet: boolean;
}

/** What the e-mail sink needs to send: the configuration with its secrets in clear. Never answered to a client. */
export interface EmailSendingConfig {
  useEmailService: boolean;
  type: string;
  fromEmail: string | null;
  fromCompany: string | null;
  commentTemplateId: string | null;
  tagTemplateId: string | null;
  triggers: Record<string, boolean> | null;
  apiKey: string | null;
  smtp: { host: string; port: number; secure: boolean; username: string | null; password: string | null } | null;
}

interface StoredServiceConfig {
  type?: string;
  apiKeyCiphertext?: string;
  host?: string;
  port?: number;
  secure?: boolean;
  username?: string;
  passwordCiphertext?: string;
  fromEmail?: string;
  fromCompany?: string;
  commentTemplateId?: string;
  tagTemplateId?: string;
  triggers?: Record<string, boolean>;
}

@Injectable()
export class EmailConfigService {
  /** The e-mail recorder's reads (a SinkSettings): every comment event would read the row otherwise; `update` forgets the key. */
  private readonly recorderSettings: SinkSettings<EmailSendingConfig>;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly config: AppConfig,
  ) {
    this.recorderSettings = new SinkSettings(config.authCacheTtlMs, (manager, apiKeyId) =>
      this.sendingConfig(apiKeyId, manager),
    );
  }

  /**
   * The stored configuration; a key never configured answers Velt's defaults. The provider key never
   * comes back in clear: `apiKey` is masked (`...` and its last 4 characters, `****` when shorter than
   * 12, `""` when none is stored) and `apiKeySet` says whether one is stored.
   */
  async read(apiKeyId: string): Promise<StoredEmailConfigView> {
    const stored = await this.dataSource.getRepository(EmailConfig).findOne({ where: { apiKeyId } });
    const service = (stored?.config.emailServiceConfig ?? {}) as StoredServiceConfig;
    const apiKey = service.apiKeyCiphertext
      ? maskSecret(decryptSecret(service.apiKeyCiphertext, this.config.encryptionKey))
      : '';
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
        ...(service.host ? this.smtpView(service) : {}),
      },
    };
  }

  private smtpView(service: StoredServiceConfig): SmtpView {
    const password = service.passwordCiphertext
      ? maskSecret(decryptSecret(service.passwordCiphertext, this.config.encryptionKey))
      : '';
    return {
      host: service.host ?? '',
      port: smtpPort(service),
      secure: service.secure === true,
      username: service.username ?? '',
      password,
      passwordSet: password !== '',
    };
  }

  /** The e-mail recorder's read, in the emitter's transaction. */
  private async sendingConfig(apiKeyId: string, manager: EntityManager): Promise<EmailSendingConfig> {
    const stored = await manager.findOne(EmailConfig, { where: { apiKeyId } });
    return this.sendingConfigOf(stored?.config ?? null);
  }

  /** The settings a stored `config` (null: none stored) means to the e-mail sink, its secrets decrypted. */
  sendingConfigOf(stored: Record<string, unknown> | null): EmailSendingConfig {
    const service = (stored?.emailServiceConfig ?? {}) as StoredServiceConfig;
    const clear = (ciphertext: string | undefined) =>
      ciphertext ? decryptSecret(ciphertext, this.config.encryptionKey) : null;
    return {
      useEmailService: stored?.useEmailService === true,
      type: service.type ?? 'default',
      fromEmail: service.fromEmail || null,
      fromCompany: service.fromCompany || null,
      commentTemplateId: service.commentTemplateId || null,
      tagTemplateId: service.tagTemplateId || null,
      triggers: service.triggers ?? null,
      apiKey: clear(service.apiKeyCiphertext),
      smtp: service.host
        ? {
            host: service.host,
            port: smtpPort(service),
            secure: service.secure === true,
            username: service.username || null,
            password: clear(service.passwordCiphertext),
          }
        : null,
    };
  }

  /** The sending configuration as the e-mail recorder sees it, within AUTH_CACHE_TTL_MS of a change made on another instance. */
  /** The workspace's keys that stored e-mail settings, oldest key first, each with what its settings mean to the sink. */
  async ofWorkspace(
    manager: EntityManager,
    workspaceId: string,
  ): Promise<Array<{ apiKeyId: string; config: EmailSendingConfig }>> {
    const rows: Array<{ api_key_id: string; config: Record<string, unknown> }> = await manager.query(
      `SELECT c.api_key_id, c.config FROM email_config c JOIN api_key k ON k.id = c.api_key_id
        WHERE k.workspace_id = $1 ORDER BY k.created_at, k.id`,
      [workspaceId],
    );
    return rows.map((row) => ({ apiKeyId: row.api_key_id, config: this.sendingConfigOf(row.config) }));
  }

  recorderConfig(manager: EntityManager, apiKeyId: string): Promise<EmailSendingConfig> {
    return this.recorderSettings.of(manager, apiKeyId);
  }

  async update(apiKeyId: string, dto: UpdateEmailConfigDto): Promise<EmailConfigView> {
    const saved = await this.dataSource.transaction((manager) => this.save(manager, apiKeyId, dto));
    this.recorderSettings.forget(apiKeyId);
    return saved;
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
      const { apiKey, password, ...rest } = dto.emailServiceConfig;
      if (rest.host) await this.refusePrivateHost(rest.host);
      serviceConfig = {
        ...rest,
        ...(apiKey ? { apiKeyCiphertext: encryptSecret(apiKey, this.config.encryptionKey) } : {}),
        ...(password ? { passwordCiphertext: encryptSecret(password, this.config.encryptionKey) } : {}),
      };
    }
    await manager.save(EmailConfig, { apiKeyId, config: { useEmailService, emailServiceConfig: serviceConfig } });
    if (!dto.emailServiceConfig) return { useEmailService };
    // The provider key and SMTP password are secrets: echoed masked, like the get (never in clear in a response).
    const { apiKey, password, ...echoed } = dto.emailServiceConfig;
    return {
      useEmailService,
      emailServiceConfig: {
        ...echoed,
        ...(apiKey ? { apiKey: maskSecret(apiKey) } : {}),
        ...(password ? { password: maskSecret(password) } : {}),
      },
    };
  }

  /** Config-time check; the worker vets the address again at every send, as DNS answers change. */
  private async refusePrivateHost(host: string): Promise<void> {
    if (this.config.emailAllowPrivateNetworks) return;
    let target: URL;
    try {
      target = new URL(`smtp://${host.includes(':') ? `[${host}]` : host}`);
    } catch {
      throw ApiError.invalid('data.emailServiceConfig.host must be a host name or an IP address.');
    }
    if (await isRefusedTarget(target))
      throw ApiError.invalid('data.emailServiceConfig.host resolves to a private address.');
  }
}

/** Submission port unless the connection is TLS from the first byte. */
function smtpPort(service: StoredServiceConfig): number {
  return service.port ?? (service.secure ? 465 : 587);
}
