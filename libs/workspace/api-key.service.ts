import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { ApiError, AppConfig, decryptSecret, ErrorCode, KeysetPager, keysetListing } from '@app/common';
import { AuditProducer } from './audit.producer';
import { createApiKey, DEFAULT_API_KEY_NAME, DEFAULT_AUTH_TOKEN_NAME, issueAuthToken } from './auth-token.factory';
import { DomainService } from './domain.service';
import { ListApiKeysDto, MAX_API_KEYS_PAGE_SIZE, UpdateApiKeyDto } from './dto/api-keys.dto';
import { CreateAuthTokenDto, RevokeAuthTokenDto } from './dto/auth-tokens.dto';
import { CreateApiKeyDto } from './dto/create-api-key.dto';
import { EmailConfigService } from './email-config.service';
import { ApiKey } from './entities/api-key.entity';
import { AuthToken } from './entities/auth-token.entity';
import { AuthTokenView } from './workspace-view';

export const MAX_API_KEYS_PER_WORKSPACE = 50;
export const MAX_AUTH_TOKENS_PER_KEY = 20;

/** One entry of /v2/workspace/apikeys/get: no token or other secret. */
export interface ApiKeySummary {
  id: string;
  apiKeyName: string;
  type: string;
}

// Ordered by id: stable, and the one column the keyset cursor needs.
const API_KEY_LISTING = keysetListing('api-keys', ['text'], (row: ApiKey) => [row.id]);

/** Workspace-level management of API keys and their auth tokens (docs/architecture.md "Tenancy and access"). */
@Injectable()
export class ApiKeyService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly config: AppConfig,
    private readonly audit: AuditProducer,
    private readonly domains: DomainService,
    private readonly emailConfig: EmailConfigService,
  ) {}

  async listTokens(workspaceId: string, apiKeyId: string): Promise<{ apiKey: string; authTokens: AuthTokenView[] }> {
    await this.requireKey(this.dataSource.manager, workspaceId, apiKeyId);
    const tokens = await this.dataSource
      .getRepository(AuthToken)
      .find({ where: { apiKeyId }, order: { createdAt: 'ASC', id: 'ASC' } });
    return {
      apiKey: apiKeyId,
      authTokens: tokens.map((token) => ({
        id: token.id,
        token: decryptSecret(token.tokenCiphertext, this.config.encryptionKey),
        name: token.name,
        domains: token.domains,
      })),
    };
  }

  /** The workspace's keys, `dto.apiKeys` narrowing them; ids of other workspaces are simply absent. */
  async list(workspaceId: string, dto: ListApiKeysDto): Promise<{ apiKeys: ApiKeySummary[]; nextPageToken?: string }> {
    const filter = dto.apiKeys === undefined ? null : [...new Set(dto.apiKeys)].sort();
    const pager = new KeysetPager(
      API_KEY_LISTING,
      { pageSize: dto.pageSize ?? MAX_API_KEYS_PAGE_SIZE, pageToken: dto.pageToken },
      { apiKeyId: workspaceId, filters: filter },
      this.config.pageTokenKey,
    );
    const query = this.dataSource
      .getRepository(ApiKey)
      .createQueryBuilder('key')
      .where('key.workspace_id = :workspaceId', { workspaceId })
      .andWhere('key.id > :after', { after: pager.after?.[0] ?? '' })
      .orderBy('key.id', 'ASC')
      .limit(pager.limit);
    if (filter) query.andWhere('key.id IN (:...ids)', { ids: filter.length > 0 ? filter : [''] });
    const page = pager.page(await query.getMany());
    const apiKeys = page.rows.map((key) => ({ id: key.id, apiKeyName: key.name, type: key.type }));
    return page.nextToken ? { apiKeys, nextPageToken: page.nextToken } : { apiKeys };
  }

  async rename(workspaceId: string, dto: UpdateApiKeyDto): Promise<void> {
    const result = await this.dataSource
      .getRepository(ApiKey)
      .update({ id: dto.apiKey, workspaceId }, { name: dto.apiKeyName });
    if (!result.affected) throw ApiError.notFound('API key not found.');
    await this.audit.record({ action: 'api_key.renamed', workspaceId, apiKeyId: dto.apiKey });
  }

  /** Replaces every token of the key with one new token; the old ones stop working at once (modulo the credential cache). */
  async resetToken(workspaceId: string, apiKeyId: string): Promise<{ apiKey: string; newAuthToken: AuthTokenView }> {
    const newAuthToken = await this.dataSource.transaction(async (manager) => {
      await this.requireKey(manager, workspaceId, apiKeyId, true);
      const first = await manager.findOne(AuthToken, { where: { apiKeyId }, order: { createdAt: 'ASC', id: 'ASC' } });
      await manager.delete(AuthToken, { apiKeyId });
      return issueAuthToken(manager, this.config.encryptionKey, apiKeyId, first?.name ?? DEFAULT_AUTH_TOKEN_NAME);
    });
    await this.audit.record({ action: 'auth_token.reset', workspaceId, apiKeyId });
    return { apiKey: apiKeyId, newAuthToken };
  }

  /** One more token for the key, beside those it has (ours: Velt only resets). */
  async createToken(
    workspaceId: string,
    dto: CreateAuthTokenDto,
  ): Promise<{ apiKey: string; authToken: AuthTokenView }> {
    const authToken = await this.dataSource.transaction(async (manager) => {
      // The key's row lock keeps concurrent creates within the limit.
      await this.requireKey(manager, workspaceId, dto.apiKey, true);
      if ((await manager.count(AuthToken, { where: { apiKeyId: dto.apiKey } })) >= MAX_AUTH_TOKENS_PER_KEY)
        throw new ApiError(
          ErrorCode.RESOURCE_EXHAUSTED,
          `An API key may have at most ${MAX_AUTH_TOKENS_PER_KEY} auth tokens.`,
        );
      return issueAuthToken(manager, this.config.encryptionKey, dto.apiKey, dto.name ?? DEFAULT_AUTH_TOKEN_NAME);
    });
    await this.audit.record({
      action: 'auth_token.created',
      workspaceId,
      apiKeyId: dto.apiKey,
      details: { authTokenId: authToken.id },
    });
    return { apiKey: dto.apiKey, authToken };
  }

  /** Deletes one token of the key; it stops working at once (modulo the credential cache, AUTH_CACHE_TTL_MS). */
  async revokeToken(workspaceId: string, dto: RevokeAuthTokenDto): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await this.requireKey(manager, workspaceId, dto.apiKey);
      const result = await manager.delete(AuthToken, { id: dto.authTokenId, apiKeyId: dto.apiKey });
      if (!result.affected) throw ApiError.notFound('Auth token not found.');
    });
    await this.audit.record({
      action: 'auth_token.revoked',
      workspaceId,
      apiKeyId: dto.apiKey,
      details: { authTokenId: dto.authTokenId },
    });
  }

  /** The key, its first token, allowed domains and e-mail settings in one transaction. */
  async create(workspaceId: string, dto: CreateApiKeyDto): Promise<{ apiKey: string; authToken?: string }> {
    if (dto.useWebhookService === true || dto.webhookServiceConfig !== undefined) {
      throw ApiError.invalid(
        `data.${dto.webhookServiceConfig !== undefined ? 'webhookServiceConfig' : 'useWebhookService'} is not applied by API key create here; ` +
          'set it with /v2/workspace/webhookconfig/update and the new key.',
      );
    }
    const created = await this.dataSource.transaction(async (manager) => {
      // Counting under an advisory lock keyed by the workspace keeps concurrent creates within the limit.
      await manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`api-key-create:${workspaceId}`]);
      if ((await manager.count(ApiKey, { where: { workspaceId } })) >= MAX_API_KEYS_PER_WORKSPACE) {
        throw new ApiError(
          ErrorCode.RESOURCE_EXHAUSTED,
          `A workspace may have at most ${MAX_API_KEYS_PER_WORKSPACE} API keys.`,
        );
      }
      const apiKey = await createApiKey(manager, workspaceId, dto.type, dto.apiKeyName ?? DEFAULT_API_KEY_NAME);
      const token = dto.createAuthToken
        ? await issueAuthToken(manager, this.config.encryptionKey, apiKey.id)
        : undefined;
      const domains = [...(dto.allowedDomains ?? []), ...(dto.addLocalHostToAllowedDomains ? ['localhost'] : [])];
      if (domains.length > 0) await this.domains.addIn(manager, apiKey.id, domains, 'data.allowedDomains');
      if (dto.useEmailService !== undefined || dto.emailServiceConfig !== undefined) {
        await this.emailConfig.save(manager, apiKey.id, {
          useEmailService: dto.useEmailService,
          emailServiceConfig: dto.emailServiceConfig,
        });
      }
      return token ? { apiKey: apiKey.id, authToken: token.token } : { apiKey: apiKey.id };
    });
    await this.audit.record({ action: 'api_key.created', workspaceId, apiKeyId: created.apiKey });
    return created;
  }

  private async requireKey(manager: EntityManager, workspaceId: string, apiKeyId: string, lock = false): Promise<void> {
    const key = await manager.findOne(ApiKey, {
      where: { id: apiKeyId, workspaceId },
      ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}),
    });
    if (!key) throw ApiError.notFound('API key not found.');
  }
}
