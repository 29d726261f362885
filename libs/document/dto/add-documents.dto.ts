import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayNotEmpty, IsArray, IsBoolean, IsIn, IsObject, IsOptional, ValidateNested } from 'class-validator';
import { IsIdentifier, IsMetadata, IsName, MAX_ARRAY_ITEMS } from '@app/common';
import { ACCESS_TYPES, AccessType } from '../entities/access-type';
import { DOCUMENT_FIELDS } from '../document-view';
import { OrganizationRefDto } from './organization-ref.dto';

export class DocumentInputDto {
  @IsIdentifier()
  documentId: string;

  /** Defaults to the document id. */
  @IsOptional()
  @IsName()
  documentName?: string;

  @IsOptional()
  @IsIn(ACCESS_TYPES)
  accessType?: AccessType;

  @IsOptional()
  @IsMetadata(DOCUMENT_FIELDS)
  metadata?: Record<string, unknown>;
}

export class AddDocumentsDto extends OrganizationRefDto {
  @IsOptional()
  @IsBoolean()
  createOrganization?: boolean;

  @IsArray()
  @ArrayNotEmpty()
  @ArrayMaxSize(MAX_ARRAY_ITEMS)
  @IsObject({ each: true })
  @ValidateNested({ each: true })
  @Type(() => DocumentInputDto)
  documents: DocumentInputDto[];

  /** Places every document of the request in this folder; absent or null for the top level. */
  @IsOptional()
  @IsIdentifier()
  folderId?: string | null;

  @IsOptional()
  @IsBoolean()
  createFolder?: boolean;
}
