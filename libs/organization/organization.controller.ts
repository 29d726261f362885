import { Controller } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiKeyAuth, ApiKeyPrincipal, CurrentApiKey } from '@app/auth';
import { batch, ok } from '@app/common';
import { Data, RpcPost } from '@app/http';
import { AddOrganizationsDto } from './dto/add-organizations.dto';
import { GetOrganizationsDto } from './dto/get-organizations.dto';
import { OrganizationIdsDto } from './dto/organization-ids.dto';
import { SearchOrganizationsDto } from './dto/search-organizations.dto';
import { UpdateDisabledStateDto } from './dto/update-disabled-state.dto';
import { UpdateOrganizationsDto } from './dto/update-organizations.dto';
import { OrganizationService } from './organization.service';

@ApiTags('organizations')
@ApiKeyAuth()
@Controller()
export class OrganizationController {
  constructor(private readonly organizations: OrganizationService) {}

  @RpcPost(['/v1/organizations/add', '/v2/organizations/add'])
  async add(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: AddOrganizationsDto) {
    return batch('Organization(s) added successfully.', await this.organizations.add(key.apiKeyId, dto));
  }

  /** Continuation is `result.nextPageToken` here, unlike documents get (spec: Documents). */
  @RpcPost(['/v1/organizations/get', '/v2/organizations/get'])
  async get(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: GetOrganizationsDto) {
    const page = await this.organizations.get(key.apiKeyId, dto);
    return ok(
      'Organizations retrieved successfully.',
      page.rows,
      page.nextToken ? { nextPageToken: page.nextToken } : {},
    );
  }

  @RpcPost('/v2/organizations/search')
  @ApiOperation({
    description:
      'Ours: organizations whose id (exact case) or name (any case) starts with `prefix`, ordered by that field, ' +
      'keyset-paged on its index (`result.nextPageToken`).',
  })
  async search(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: SearchOrganizationsDto) {
    const page = await this.organizations.search(key.apiKeyId, dto);
    return ok(
      'Organizations retrieved successfully.',
      page.rows,
      page.nextToken ? { nextPageToken: page.nextToken } : {},
    );
  }

  @RpcPost(['/v1/organizations/update', '/v2/organizations/update'])
  async update(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: UpdateOrganizationsDto) {
    return batch('Organization(s) updated successfully.', await this.organizations.update(key.apiKeyId, dto));
  }

  @RpcPost(['/v1/organizations/delete', '/v2/organizations/delete'])
  async delete(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: OrganizationIdsDto) {
    return batch('Organization(s) deleted successfully.', await this.organizations.delete(key.apiKeyId, dto));
  }

  @RpcPost(['/v1/organizations/access/disablestate/update', '/v2/organizations/access/disablestate/update'])
  async setDisabled(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: UpdateDisabledStateDto) {
    return batch(
      'Organization disabled state updated successfully.',
      await this.organizations.setDisabled(key.apiKeyId, dto),
    );
  }
}
