import { IsBoolean, IsIn, IsOptional } from 'class-validator';
import { CustomKeysAsMetadata, IsIdentifier, IsMetadata, IsName, NestedArray, OrganizationRefDto } from '@app/common';
import { ACCESS_TYPES, AccessType } from '../entities/access-type';
import { DOCUMENT_FIELDS, DOCUMENT_RESERVED_KEYS } from '../document-view';

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
  /** Custom keys are merged into the stored metadata, as on add. */
  @NestedArray(() => DocumentUpdateDto)
  @CustomKeysAsMetadata(['documentId', 'documentName', 'accessType', 'disabled'], DOCUMENT_RESERVED_KEYS)
  documents: DocumentUpdateDto[];
}
