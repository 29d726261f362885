import { ArrayMaxSize, ArrayNotEmpty, IsArray } from 'class-validator';
import { IsIdentifier, MAX_ARRAY_ITEMS, OrganizationRefDto } from '@app/common';

export class FolderIdsDto extends OrganizationRefDto {
  @IsArray()
  @ArrayNotEmpty()
  @ArrayMaxSize(MAX_ARRAY_ITEMS)
  @IsIdentifier({ each: true })
  folderIds: string[];
}
