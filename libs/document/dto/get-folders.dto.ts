import { ArrayMaxSize, ArrayNotEmpty, IsArray, IsInt, IsOptional, Max, Min } from 'class-validator';
import { IsIdentifier, MAX_ARRAY_ITEMS, Nullable, PageRequestDto } from '@app/common';

export const MAX_FOLDER_DEPTH = 100;

/**
 * Without `folderId`: a flat, paged list of the organization's folders (optionally filtered).
 * With `folderId` (Velt): that folder with its subfolders nested `maxDepth` levels deep (default 1).
 */
export class GetFoldersDto extends PageRequestDto {
  @IsIdentifier()
  organizationId: string;

  @IsOptional()
  @IsIdentifier()
  folderId?: string;

  /** Levels of `subFolders` under `folderId`; 1 (the default) lists the immediate subfolders. */
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(MAX_FOLDER_DEPTH)
  maxDepth?: number;

  @IsOptional()
  @IsArray()
  @ArrayNotEmpty()
  @ArrayMaxSize(MAX_ARRAY_ITEMS)
  @IsIdentifier({ each: true })
  folderIds?: string[];

  /** Lists the direct children of this folder. */
  @IsOptional()
  @Nullable()
  @IsIdentifier()
  parentFolderId?: string | null;
}
