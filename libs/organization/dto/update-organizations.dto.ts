import { CustomKeysAsMetadata, NestedArray } from '@app/common';
import { ORGANIZATION_FIELDS } from '../organization-view';
import { OrganizationInputDto } from './add-organizations.dto';

/** Absent fields keep their value; custom top-level keys, as on add, are merged into the stored metadata key by key. */
export class UpdateOrganizationsDto {
  @NestedArray(() => OrganizationInputDto)
  @CustomKeysAsMetadata(['organizationId', 'organizationName'], ORGANIZATION_FIELDS)
  organizations: OrganizationInputDto[];
}
