import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In } from 'typeorm';
import { ApiError } from '@app/common';
import { normalizeDomain } from './domain-name';
import { AllowedDomain } from './entities/allowed-domain.entity';

export const MAX_DOMAINS_PER_API_KEY = 1000;

/** Web origins allowed to open realtime connections for an API key. */
@Injectable()
export class DomainService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async add(apiKeyId: string, input: string[]): Promise<string[]> {
    const domains = this.normalizeAll(input);
    await this.dataSource.transaction(async (manager) => {
      await manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`domains:${apiKeyId}`]);
      await manager
        .createQueryBuilder()
        .insert()
        .into(AllowedDomain)
        .values(domains.map((domain) => ({ apiKeyId, domain })))
        .orIgnore()
        .execute();
      if ((await manager.count(AllowedDomain, { where: { apiKeyId } })) > MAX_DOMAINS_PER_API_KEY) {
        throw ApiError.invalid(`An API key may allow at most ${MAX_DOMAINS_PER_API_KEY} domains.`);
      }
    });
    return this.list(apiKeyId);
  }

  async remove(apiKeyId: string, input: string[]): Promise<string[]> {
    await this.dataSource.getRepository(AllowedDomain).delete({ apiKeyId, domain: In(this.normalizeAll(input)) });
    return this.list(apiKeyId);
  }

  async list(apiKeyId: string): Promise<string[]> {
    const rows = await this.dataSource.getRepository(AllowedDomain).find({ where: { apiKeyId }, order: { domain: 'ASC' } });
    return rows.map((row) => row.domain);
  }

  private normalizeAll(input: string[]): string[] {
    const domains = input.map((raw, index) => {
      const domain = normalizeDomain(raw);
      if (!domain) throw ApiError.invalid(`data.domains[${index}] is not a valid domain.`);
      return domain;
    });
    return [...new Set(domains)];
  }
}
