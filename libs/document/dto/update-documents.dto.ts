import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayNotEmpty, IsArray, IsBoolean, IsIn, IsObject, IsOptional, ValidateNested } from 'class-validator';
import { IsIdentifier, IsMetadata, IsName, MAX_ARRAY_ITEMS } from '@app/common';
import { ACCESS_TYPES, AccessType } from '../entities/access-type';
import { DOCUMENT_FIELDS } from '../document-view';
import { OrganizationRefDto } from './organization-ref.dto';

/** Absent fields keep their value; metadata is merged key by key into the stored metadata. */
export class DocumentUpdateDto {
  @IsIdentifier()
  documentId: string;

  @IsOptional()
  @IsName()
  documentName?: string;

  @IsOptional()
  @IsIn(ACCESS_TYPES)
  accessType?: AccessType;

  @IsOptional()
  @IsBoolean()
  disabled?: boolean;

  @IsOptional()
  @IsMetadata(DOCUMENT_FIELDS)
  metadata?: Record<string, unknown>;
}

export class UpdateDocumentsDto extends OrganizationRefDto {
  @IsArray()
  @ArrayNotEmpty()
  @ArrayMaxSize(MAX_ARRAY_ITEMS)
  @IsObject({ each: true })
  @ValidateNested({ each: true })
  @Type(() => DocumentUpdateDto)
  documents: DocumentUpdateDto[];
}
