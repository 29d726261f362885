import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { ApiError, AppConfig, SharedLoads, TtlCache } from '@app/common';
import { runStatement } from '@app/database';
import { normalizeDomain } from './domain-name';
import { AllowedDomain } from './entities/allowed-domain.entity';

export const MAX_DOMAINS_PER_API_KEY = 1000;

/** Velt's answers name only the domains a call changed; the rest of the request is `skippedDomains`. */
export interface DomainChange {
  changed: string[];
  skipped: string[];
}

/** Web origins allowed to open realtime connections for an API key. */
@Injectable()
export class DomainService {
  /** The domains connections are checked against, per API key; a change on another instance applies within AUTH_CACHE_TTL_MS. */
  private readonly allowed: TtlCache<string[]>;
  private readonly allowedLoads = new SharedLoads<string[]>();

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    config: AppConfig,
  ) {
    this.allowed = new TtlCache(config.authCacheTtlMs);
  }

  async add(apiKeyId: string, input: string[]): Promise<DomainChange> {
    const change = await this.dataSource.transaction((manager) => this.addIn(manager, apiKeyId, input));
    this.allowed.delete(apiKeyId);
    return change;
  }

  /** Within the caller's transaction: API key create allows its first domains here. */
  async addIn(
    manager: EntityManager,
    apiKeyId: string,
    input: string[],
    field = 'data.domains',
  ): Promise<DomainChange> {
    const domains = this.normalizeAll(input, field);
    await manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`domains:${apiKeyId}`]);
    const inserted = await manager
      .createQueryBuilder()
      .insert()
      .into(AllowedDomain)
      .values(domains.map((domain) => ({ apiKeyId, domain })))
      .orIgnore()
      .returning(['domain'])
      .execute();
    if ((await manager.count(AllowedDomain, { where: { apiKeyId } })) > MAX_DOMAINS_PER_API_KEY) {
      throw ApiError.invalid(`An API key may allow at most ${MAX_DOMAINS_PER_API_KEY} domains.`);
    }
    const added = new Set((inserted.raw as { domain: string }[]).map((row) => row.domain));
    return {
      changed: domains.filter((domain) => added.has(domain)),
      skipped: domains.filter((domain) => !added.has(domain)),
    };
  }

  async remove(apiKeyId: string, input: string[]): Promise<DomainChange> {
    const domains = this.normalizeAll(input, 'data.domains');
    const { rows } = await this.dataSource.transaction((manager) =>
      runStatement<{ domain: string }>(
        manager,
        'DELETE FROM allowed_domain WHERE api_key_id = $1 AND domain = ANY($2) RETURNING domain',
        [apiKeyId, domains],
      ),
    );
    this.allowed.delete(apiKeyId);
    const removed = new Set(rows.map((row) => row.domain));
    return {
      changed: domains.filter((domain) => removed.has(domain)),
      skipped: domains.filter((domain) => !removed.has(domain)),
    };
  }

  async list(apiKeyId: string): Promise<string[]> {
    const rows = await this.dataSource
      .getRepository(AllowedDomain)
      .find({ where: { apiKeyId }, order: { domain: 'ASC' } });
    return rows.map((row) => row.domain);
  }

  /** `list` for a connection's origin check, read once per AUTH_CACHE_TTL_MS. */
  async allowedFor(apiKeyId: string): Promise<string[]> {
    const known = this.allowed.get(apiKeyId);
    if (known) return known;
    return this.allowedLoads.run(apiKeyId, async () => {
      const domains = await this.list(apiKeyId);
      this.allowed.set(apiKeyId, domains);
      return domains;
    });
  }

  private normalizeAll(input: string[], field: string): string[] {
    const domains = input.map((raw, index) => {
      const domain = normalizeDomain(raw);
      if (!domain) throw ApiError.invalid(`${field}[${index}] is not a valid domain.`);
      return domain;
    });
    return [...new Set(domains)];
  }
}
