import { Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ok } from '@app/common';
import { Data, RpcPost } from '@app/http';
import { ApiKeyAuth, ApiKeyPrincipal, CurrentApiKey } from '@app/auth';
import { DomainService } from './domain.service';
import { DomainsDto } from './dto/domains.dto';
import { UpdateEmailConfigDto } from './dto/email-config.dto';
import { EmailConfigService } from './email-config.service';

/** Settings an API key holds about itself: allowed domains and e-mail configuration. */
@ApiTags('workspace')
@ApiKeyAuth()
@Controller()
export class ApiKeySettingsController {
  constructor(
    private readonly domains: DomainService,
    private readonly emailConfig: EmailConfigService,
  ) {}

  /** Velt's keys: only the domains this call added; `skippedDomains` were allowed already. */
  @RpcPost('/v2/workspace/domains/add')
  async addDomains(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: DomainsDto) {
    const { changed, skipped } = await this.domains.add(key.apiKeyId, dto.domains);
    return ok('Domain(s) added successfully to allowed domains.', { domainsAdded: changed, skippedDomains: skipped });
  }

  @RpcPost('/v2/workspace/domains/get')
  async getDomains(@CurrentApiKey() key: ApiKeyPrincipal) {
    return ok('Allowed domains retrieved successfully.', { allowedDomains: await this.domains.list(key.apiKeyId) });
  }

  /** Velt's keys: only the domains this call removed; `skippedDomains` were not allowed. */
  @RpcPost('/v2/workspace/domains/delete')
  async deleteDomains(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: DomainsDto) {
    const { changed, skipped } = await this.domains.remove(key.apiKeyId, dto.domains);
    return ok('Domain(s) removed successfully from allowed domains.', { domainsRemoved: changed, skippedDomains: skipped });
  }

  /** Echoes the configuration as sent, as Velt does. */
  @RpcPost('/v2/workspace/emailconfig/update')
  async updateEmailConfig(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: UpdateEmailConfigDto) {
    return ok('Email configuration updated successfully.', await this.emailConfig.update(key.apiKeyId, dto));
  }
}
