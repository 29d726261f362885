import { IsIn, IsOptional } from 'class-validator';
import { IsIdentifier, IsMetadata, IsName, NestedArray, Nullable, OrganizationRefDto } from '@app/common';
import { ACCESS_TYPES, AccessType } from '../entities/access-type';
import { FOLDER_FIELDS } from '../folder-view';

/** Absent fields keep their value; metadata is merged key by key. */
export class FolderUpdateDto {
  @IsIdentifier()
  folderId: string;

  @IsOptional()
  @IsName()
  folderName?: string;

  /**
   * Moves the folder, with everything inside it, under this folder; null or Velt's `root` (when no
   * folder is named so) moves it to the top level. A move into its own subtree is refused.
   */
  @IsOptional()
  @Nullable()
  @IsIdentifier()
  parentFolderId?: string | null;

  @IsOptional()
  @IsIn(ACCESS_TYPES)
  accessType?: AccessType;

  @IsOptional()
  @IsMetadata(FOLDER_FIELDS)
  metadata?: Record<string, unknown>;
}

export class UpdateFoldersDto extends OrganizationRefDto {
  @NestedArray(() => FolderUpdateDto)
  folders: FolderUpdateDto[];
}
