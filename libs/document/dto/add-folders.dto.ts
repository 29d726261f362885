import { IsBoolean, IsIn, IsOptional } from 'class-validator';
import { IsIdentifier, IsMetadata, IsName, NestedArray, Nullable, OrganizationRefDto } from '@app/common';
import { ACCESS_TYPES, AccessType } from '../entities/access-type';
import { FOLDER_FIELDS } from '../folder-view';

export class FolderInputDto {
  @IsIdentifier()
  folderId: string;

  /** Defaults to the folder id. */
  @IsOptional()
  @IsName()
  folderName?: string;

  /** An existing folder or one added earlier or later in the same request; absent for a top-level folder. */
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

export class AddFoldersDto extends OrganizationRefDto {
  @IsOptional()
  @IsBoolean()
  createOrganization?: boolean;

  @NestedArray(() => FolderInputDto)
  folders: FolderInputDto[];
}
