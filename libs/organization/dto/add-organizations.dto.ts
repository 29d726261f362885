import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayNotEmpty, IsArray, IsObject, IsOptional, ValidateNested } from 'class-validator';
import { IsIdentifier, IsMetadata, IsName, MAX_ARRAY_ITEMS } from '@app/common';
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
  @IsArray()
  @ArrayNotEmpty()
  @ArrayMaxSize(MAX_ARRAY_ITEMS)
  @IsObject({ each: true })
  @ValidateNested({ each: true })
  @Type(() => OrganizationInputDto)
  organizations: OrganizationInputDto[];
}
