import { ArrayMaxSize, ArrayNotEmpty, IsArray, IsOptional } from 'class-validator';
import { IsIdentifier, MAX_ARRAY_ITEMS, OrganizationRefDto } from '@app/common';

/** Exactly one of `folderId` (Velt's form) and `folderIds` (ours, answered per folder). */
export class DeleteFoldersDto extends OrganizationRefDto {
  @IsOptional()
  @IsIdentifier()
  folderId?: string;

  @IsOptional()
  @IsArray()
  @ArrayNotEmpty()
  @ArrayMaxSize(MAX_ARRAY_ITEMS)
  @IsIdentifier({ each: true })
  folderIds?: string[];
}
