import { ArrayMaxSize, ArrayNotEmpty, IsArray, IsBoolean, IsIn, IsOptional } from 'class-validator';
import { Describe, IsIdentifier, MAX_ARRAY_ITEMS, NoEffect, OrganizationRefDto } from '@app/common';
import { ACCESS_TYPES, AccessType } from '../entities/access-type';

/** The folders an access update names; both versions of Velt's page share them. */
class FolderAccessTargetDto extends OrganizationRefDto {
  @IsArray()
  @ArrayNotEmpty()
  @ArrayMaxSize(MAX_ARRAY_ITEMS)
  @IsIdentifier({ each: true })
  folderIds: string[];
}

/** Velt's v1 Update Access for Folders: accessType only (inheritFromParent is v2's). */
export class UpdateFolderAccessV1Dto extends FolderAccessTargetDto {
  @Describe('Access type of the folders: `organizationPrivate`, `restricted` or `public`.')
  @IsIn(ACCESS_TYPES)
  accessType: AccessType;
}

/** Velt's v2 Update Access for Folders. At least one of accessType and inheritFromParent is required. */
export class UpdateFolderAccessDto extends FolderAccessTargetDto {
  /** Velt marks it required, yet its inheritFromParent example omits it. */
  @IsOptional()
  @IsIn(ACCESS_TYPES)
  accessType?: AccessType;

  @NoEffect(
    "grants on a folder already reach its subfolders and their documents through the folder chain, and beyond grants a document is governed by its own accessType, not its folder's; there is no separate folder setting to inherit. The stored accessType is kept (or set from accessType) and the value is echoed.",
  )
  @IsOptional()
  @IsBoolean()
  inheritFromParent?: boolean;
}
