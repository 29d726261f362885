import { ArrayMaxSize, ArrayNotEmpty, IsArray, IsOptional } from 'class-validator';
import { IsIdentifier, MAX_ARRAY_ITEMS, PageRequestDto } from '@app/common';

export class GetOrganizationsDto extends PageRequestDto {
  /** Without it, every organization of the API key is listed. */
  @IsOptional()
  @IsArray()
  @ArrayNotEmpty()
  @ArrayMaxSize(MAX_ARRAY_ITEMS)
  @IsIdentifier({ each: true })
  organizationIds?: string[];
}
