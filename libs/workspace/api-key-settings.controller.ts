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

  @RpcPost('/v2/workspace/domains/add')
  async addDomains(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: DomainsDto) {
    return ok('Domains added successfully.', { domains: await this.domains.add(key.apiKeyId, dto.domains) });
  }

  @RpcPost('/v2/workspace/domains/get')
  async getDomains(@CurrentApiKey() key: ApiKeyPrincipal) {
    return ok('Domains retrieved successfully.', { domains: await this.domains.list(key.apiKeyId) });
  }

  @RpcPost('/v2/workspace/domains/delete')
  async deleteDomains(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: DomainsDto) {
    return ok('Domains deleted successfully.', { domains: await this.domains.remove(key.apiKeyId, dto.domains) });
  }

  @RpcPost('/v2/workspace/emailconfig/update')
  async updateEmailConfig(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: UpdateEmailConfigDto) {
    await this.emailConfig.update(key.apiKeyId, dto);
    return ok('Email configuration updated successfully.', null);
  }
}
