import { ArrayMaxSize, ArrayNotEmpty, IsArray } from 'class-validator';
import { IsIdentifier, MAX_ARRAY_ITEMS } from '@app/common';
import { OrganizationRefDto } from './organization-ref.dto';

export class FolderIdsDto extends OrganizationRefDto {
  @IsArray()
  @ArrayNotEmpty()
  @ArrayMaxSize(MAX_ARRAY_ITEMS)
  @IsIdentifier({ each: true })
  folderIds: string[];
}
