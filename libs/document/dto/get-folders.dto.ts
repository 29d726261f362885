import { ArrayMaxSize, ArrayNotEmpty, IsArray, IsOptional } from 'class-validator';
import { IsIdentifier, MAX_ARRAY_ITEMS, PageRequestDto } from '@app/common';

export class GetFoldersDto extends PageRequestDto {
  @IsIdentifier()
  organizationId: string;

  @IsOptional()
  @IsArray()
  @ArrayNotEmpty()
  @ArrayMaxSize(MAX_ARRAY_ITEMS)
  @IsIdentifier({ each: true })
  folderIds?: string[];

  /** Lists the direct children of this folder. */
  @IsOptional()
  @IsIdentifier()
  parentFolderId?: string | null;
}
