import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ApiError, AppConfig, decryptSecret, encryptSecret, isRefusedTarget, SharedLoads, TtlCache } from '@app/common';
import { UpdatePermissionProviderConfigDto } from './dto/permission-provider-config.dto';
import { ApiKeyConfig } from './entities/api-key-config.entity';
import { maskSecret } from './secret-mask';

/** Velt's message for a provider URL that is neither empty nor http(s). */
export const INVALID_PROVIDER_URL = 'Please enter a valid URL';

/** What api_key_config.config.permissionProvider holds; the token only as ciphertext (docs/architecture.md "Tenancy and access"). */
interface StoredPermissionProvider {
  usePermissionProvider: boolean;
  permissionProviderUrl: string;
  authTokenCiphertext?: string;
}

/** Velt's shape; `authToken` is masked like the e-mail provider key and `authTokenSet` says whether one is stored. */
export interface PermissionProviderConfigView {
  usePermissionProvider: boolean;
  permissionProviderConfig: { permissionProviderUrl: string; authToken: string; authTokenSet: boolean };
}

/** What the realtime gateway needs to ask the provider; only for an API key with the provider on and a URL set. */
export interface ActivePermissionProvider {
  url: string;
  /** Empty when none is stored: the request then goes without an Authorization header. */
  authToken: string;
}

const CONFIG_KEY = 'permissionProvider';

/** Velt's permission provider settings of an API key, kept in its api_key_config row beside the app settings. */
@Injectable()
export class PermissionProviderConfigService {
  /** Every subscribe and live-state write asks: kept like verified credentials, so a change reaches other instances within AUTH_CACHE_TTL_MS. */
  private readonly activeCache: TtlCache<ActivePermissionProvider | null>;
  private readonly activeLoads = new SharedLoads<ActivePermissionProvider | null>();

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly config: AppConfig,
  ) {
    this.activeCache = new TtlCache(config.authCacheTtlMs);
  }

  /** A key never configured answers Velt's defaults: off, empty URL and token. */
  async read(apiKeyId: string): Promise<PermissionProviderConfigView> {
    return this.view(await this.stored(apiKeyId));
  }

  async active(apiKeyId: string): Promise<ActivePermissionProvider | null> {
    const known = this.activeCache.get(apiKeyId);
    if (known !== undefined) return known;
    return this.activeLoads.run(apiKeyId, async () => {
      const stored = await this.stored(apiKeyId);
      const active =
        stored?.usePermissionProvider && stored.permissionProviderUrl !== ''
          ? {
              url: stored.permissionProviderUrl,
              authToken: stored.authTokenCiphertext
                ? decryptSecret(stored.authTokenCiphertext, this.config.encryptionKey)
                : '',
            }
          : null;
      this.activeCache.set(apiKeyId, active);
      return active;
    });
  }

  /**
   * Merges into the stored configuration (Velt: the token survives a URL change). Answers the
   * configuration only when this call seeded it by enabling the provider (Velt's "defaults on first enable").
   */
  async update(apiKeyId: string, dto: UpdatePermissionProviderConfigDto): Promise<PermissionProviderConfigView | null> {
    const settings = dto.permissionProviderConfig;
    if (dto.usePermissionProvider === undefined && settings === undefined) {
      throw ApiError.invalid(
        'At least one of data.usePermissionProvider or data.permissionProviderConfig must be provided.',
      );
    }
    const url = settings?.permissionProviderUrl;
    if (url) await this.refuseTarget(url);
    const seeded = await this.dataSource.transaction(async (manager) => {
      // The row exists before it is locked, so two first updates of one key still merge one after the other.
      await manager
        .createQueryBuilder()
        .insert()
        .into(ApiKeyConfig)
        .values({ apiKeyId, config: {} })
        .orIgnore()
        .execute();
      const row = await manager.findOneOrFail(ApiKeyConfig, {
        where: { apiKeyId },
        lock: { mode: 'pessimistic_write' },
      });
      const current = row.config[CONFIG_KEY] as StoredPermissionProvider | undefined;
      const next: StoredPermissionProvider = {
        usePermissionProvider: dto.usePermissionProvider ?? current?.usePermissionProvider ?? false,
        permissionProviderUrl: url === undefined ? (current?.permissionProviderUrl ?? '') : normalizedUrl(url),
      };
      const token = settings?.authToken;
      const ciphertext =
        token === undefined
          ? current?.authTokenCiphertext
          : token === ''
            ? undefined
            : encryptSecret(token, this.config.encryptionKey);
      if (ciphertext) next.authTokenCiphertext = ciphertext;
      await manager.update(ApiKeyConfig, { apiKeyId }, { config: { ...row.config, [CONFIG_KEY]: next } });
      return current === undefined && dto.usePermissionProvider === true ? this.view(next) : null;
    });
    this.activeCache.delete(apiKeyId);
    return seeded;
  }

  private async stored(apiKeyId: string): Promise<StoredPermissionProvider | undefined> {
    const row = await this.dataSource.getRepository(ApiKeyConfig).findOne({ where: { apiKeyId } });
    return row?.config[CONFIG_KEY] as StoredPermissionProvider | undefined;
  }

  private view(stored: StoredPermissionProvider | undefined): PermissionProviderConfigView {
    const authToken = stored?.authTokenCiphertext
      ? maskSecret(decryptSecret(stored.authTokenCiphertext, this.config.encryptionKey))
      : '';
    return {
      usePermissionProvider: stored?.usePermissionProvider === true,
      permissionProviderConfig: {
        permissionProviderUrl: stored?.permissionProviderUrl ?? '',
        authToken,
        authTokenSet: authToken !== '',
      },
    };
  }

  /** The SSRF guard of the webhooks at config time; the gateway vets the address again at every call. */
  private async refuseTarget(url: string): Promise<void> {
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      throw ApiError.invalid(INVALID_PROVIDER_URL);
    }
    if ((target.protocol !== 'http:' && target.protocol !== 'https:') || !target.hostname)
      throw ApiError.invalid(INVALID_PROVIDER_URL);
    if (!this.config.webhookAllowPrivateNetworks && (await isRefusedTarget(target))) {
      throw ApiError.invalid('data.permissionProviderConfig.permissionProviderUrl resolves to a private address.');
    }
  }
}

function normalizedUrl(url: string): string {
  return url === '' ? '' : new URL(url).toString();
}
