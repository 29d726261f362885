import { IsOptional } from 'class-validator';
import { IsIdentifier, IsMetadata, IsName, NestedArray } from '@app/common';
import { ORGANIZATION_FIELDS } from '../organization-view';

export class OrganizationInputDto {
  @IsIdentifier()
  organizationId: string;

  /** Defaults to the organization id. */
  @IsOptional()
  @IsName()
  organizationName?: string;

  @IsOptional()
  @IsMetadata(ORGANIZATION_FIELDS)
  metadata?: Record<string, unknown>;
}

export class AddOrganizationsDto {
  @NestedArray(() => OrganizationInputDto)
  organizations: OrganizationInputDto[];
}
