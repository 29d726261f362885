import { ArrayMaxSize, ArrayNotEmpty, IsArray } from 'class-validator';
import { IsIdentifier, MAX_ARRAY_ITEMS } from '@app/common';

export class OrganizationIdsDto {
  @IsArray()
  @ArrayNotEmpty()
  @ArrayMaxSize(MAX_ARRAY_ITEMS)
  @IsIdentifier({ each: true })
  organizationIds: string[];
}
