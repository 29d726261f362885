import { IsOptional } from 'class-validator';
import { CustomKeysAsMetadata, IsIdentifier, IsMetadata, IsName, NestedArray } from '@app/common';
import { ORGANIZATION_FIELDS } from '../organization-view';

export class OrganizationInputDto {
  @IsIdentifier()
  organizationId: string;

  /** Defaults to the organization id. */
  @IsOptional()
  @IsName()
  organizationName?: string;

  /** Velt's custom top-level keys of an organization land here too (see AddOrganizationsDto). */
  @IsOptional()
  @IsMetadata(ORGANIZATION_FIELDS)
  metadata?: Record<string, unknown>;
}

export class AddOrganizationsDto {
  /** Velt's Organization takes custom keys: they are stored as metadata and returned by get. */
  @NestedArray(() => OrganizationInputDto)
  @CustomKeysAsMetadata(['organizationId', 'organizationName'], ORGANIZATION_FIELDS)
  organizations: OrganizationInputDto[];
}
