import { Controller } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ok, okWithoutData, requireNoFields } from '@app/common';
import { Data, RpcPost } from '@app/http';
import { ApiKeyAuth, ApiKeyPrincipal, CurrentApiKey } from '@app/auth';
import { ApiKeyConfigService } from './api-key-config.service';
import { DomainService } from './domain.service';
import { UpdateApiKeyConfigDto } from './dto/api-key-config.dto';
import { DomainsDto } from './dto/domains.dto';
import { UpdateEmailConfigDto } from './dto/email-config.dto';
import { UpdatePermissionProviderConfigDto } from './dto/permission-provider-config.dto';
import { EmailConfigService } from './email-config.service';
import { PermissionProviderConfigService } from './permission-provider-config.service';

/** Settings an API key holds about itself: allowed domains, e-mail, permission provider and app settings. */
@ApiTags('workspace')
@ApiKeyAuth()
@Controller()
export class ApiKeySettingsController {
  constructor(
    private readonly domains: DomainService,
    private readonly emailConfig: EmailConfigService,
    private readonly apiKeyConfig: ApiKeyConfigService,
    private readonly permissionProvider: PermissionProviderConfigService,
  ) {}

  /** Velt's keys: only the domains this call added; `skippedDomains` were allowed already. */
  @RpcPost(['/v1/workspace/domains/add', '/v2/workspace/domains/add'])
  async addDomains(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: DomainsDto) {
    const { changed, skipped } = await this.domains.add(key.apiKeyId, dto.domains);
    return ok('Domain(s) added successfully to allowed domains.', { domainsAdded: changed, skippedDomains: skipped });
  }

  @RpcPost('/v2/workspace/domains/get')
  async getDomains(@CurrentApiKey() key: ApiKeyPrincipal) {
    return ok('Allowed domains retrieved successfully.', { allowedDomains: await this.domains.list(key.apiKeyId) });
  }

  /** Velt's keys: only the domains this call removed; `skippedDomains` were not allowed. */
  @RpcPost(['/v1/workspace/domains/delete', '/v2/workspace/domains/delete'])
  async deleteDomains(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: DomainsDto) {
    const { changed, skipped } = await this.domains.remove(key.apiKeyId, dto.domains);
    return ok('Domain(s) removed successfully from allowed domains.', {
      domainsRemoved: changed,
      skippedDomains: skipped,
    });
  }

  /** Echoes the configuration as sent, as Velt does. */
  @RpcPost('/v2/workspace/emailconfig/update')
  async updateEmailConfig(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: UpdateEmailConfigDto) {
    return ok('Email configuration updated successfully.', await this.emailConfig.update(key.apiKeyId, dto));
  }

  @RpcPost('/v2/workspace/emailconfig/get')
  @ApiOperation({
    description:
      'The stored e-mail configuration. The provider key never comes back in clear: `emailServiceConfig.apiKey` is `...` and its last 4 ' +
      'characters (`****` when shorter than 12 characters, `""` when none is stored) and `apiKeySet` says whether one is stored.',
  })
  async getEmailConfig(@CurrentApiKey() key: ApiKeyPrincipal, @Data() data: Record<string, unknown>) {
    requireNoFields(data);
    return ok('Email configuration retrieved successfully.', await this.emailConfig.read(key.apiKeyId));
  }

  @RpcPost('/v2/workspace/apikeyconfig/get')
  @ApiOperation({
    description:
      'The app settings of this API key. `planInfo.type` is always `self-hosted`. AI model keys never come back in clear: each ' +
      '`aiModelsConfig.<provider>.displayText` is `...` and the last 4 characters of the key (`****` when shorter than 12), beside the ' +
      "entry's `baseUrl`, `chatModel` and `embeddingModel` when set (ours, docs/ai.md); absent when none is stored.",
  })
  async getApiKeyConfig(@CurrentApiKey() key: ApiKeyPrincipal, @Data() data: Record<string, unknown>) {
    requireNoFields(data);
    return ok('API key metadata retrieved successfully.', await this.apiKeyConfig.read(key.apiKeyId));
  }

  @RpcPost('/v2/workspace/apikeyconfig/update')
  @ApiOperation({
    description:
      'Field-merges the given settings and echoes their post-write values. AI model keys are stored encrypted and echoed only masked under ' +
      '`aiModelsConfig.<provider>.displayText` (`...` and the last 4 characters, `****` when shorter than 12). An `aiModelApiKey` entry may ' +
      'also set `baseUrl`, `chatModel` and `embeddingModel` (ours): the model provider of the AI routes uses them (docs/ai.md); an entry ' +
      "replaces its provider's settings.",
  })
  async updateApiKeyConfig(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: UpdateApiKeyConfigDto) {
    return ok('API key configuration updated successfully.', await this.apiKeyConfig.update(key.apiKeyId, dto));
  }

  @RpcPost('/v2/workspace/permissionproviderconfig/get')
  @ApiOperation({
    description:
      'The stored permission provider configuration. The provider token never comes back in clear: `permissionProviderConfig.authToken` is `...` ' +
      'and its last 4 characters (`****` when shorter than 12, `""` when none is stored) and `authTokenSet` says whether one is stored.',
  })
  async getPermissionProviderConfig(@CurrentApiKey() key: ApiKeyPrincipal, @Data() data: Record<string, unknown>) {
    requireNoFields(data);
    return ok(
      'Permission provider configuration retrieved successfully.',
      await this.permissionProvider.read(key.apiKeyId),
    );
  }

  @RpcPost('/v2/workspace/permissionproviderconfig/update')
  @ApiOperation({
    description:
      'Merges into the stored configuration. Answers without `data`, except when this call enables a provider never configured before: ' +
      'then `data` is the seeded configuration (token masked as in the get). With the provider on and a URL set, realtime subscribes ask it ' +
      'for access; REST routes keep using the stored permissions.',
  })
  async updatePermissionProviderConfig(
    @CurrentApiKey() key: ApiKeyPrincipal,
    @Data() dto: UpdatePermissionProviderConfigDto,
  ) {
    const seeded = await this.permissionProvider.update(key.apiKeyId, dto);
    const message = 'Permission provider configuration updated successfully.';
    return seeded ? ok(message, seeded) : okWithoutData(message);
  }
}
