import { IsBoolean, IsIn, IsOptional } from 'class-validator';
import {
  CustomKeysAsMetadata,
  IsIdentifier,
  IsMetadata,
  IsName,
  NestedArray,
  Nullable,
  OrganizationRefDto,
} from '@app/common';
import { ACCESS_TYPES, AccessType } from '../entities/access-type';
import { DOCUMENT_FIELDS, DOCUMENT_RESERVED_KEYS } from '../document-view';

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

  /** Velt's Document takes custom keys: they are stored as metadata and returned by get. */
  @NestedArray(() => DocumentInputDto)
  @CustomKeysAsMetadata(['documentId', 'documentName', 'accessType'], DOCUMENT_RESERVED_KEYS)
  documents: DocumentInputDto[];

  /** Places every document of the request in this folder; absent or null for the top level. */
  @IsOptional()
  @Nullable()
  @IsIdentifier()
  folderId?: string | null;

  @IsOptional()
  @IsBoolean()
  createFolder?: boolean;
}
