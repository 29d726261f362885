import { ArrayMaxSize, ArrayNotEmpty, IsArray, IsBoolean, IsIn, IsOptional } from 'class-validator';
import { IsIdentifier, MAX_ARRAY_ITEMS, NoEffect, OrganizationRefDto } from '@app/common';
import { ACCESS_TYPES, AccessType } from '../entities/access-type';

/** Velt's Update Access for Folders. At least one of accessType and inheritFromParent is required. */
export class UpdateFolderAccessDto extends OrganizationRefDto {
  @IsArray()
  @ArrayNotEmpty()
  @ArrayMaxSize(MAX_ARRAY_ITEMS)
  @IsIdentifier({ each: true })
  folderIds: string[];

  /** Velt marks it required, yet its inheritFromParent example omits it. */
  @IsOptional()
  @IsIn(ACCESS_TYPES)
  accessType?: AccessType;

  @NoEffect(
    'grants on a folder already reach its subfolders and their documents through the folder chain, and beyond grants a document is governed by its own accessType, not its folder\'s (DESIGN §3); there is no separate folder setting to inherit. The stored accessType is kept (or set from accessType) and the value is echoed.',
  )
  @IsOptional()
  @IsBoolean()
  inheritFromParent?: boolean;
}
