import { Type } from 'class-transformer';
import {
  IsBoolean,
  IsIn,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  Length,
  Max,
  Min,
  ValidateBy,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { Describe, IsIdentifier, MAX_IDENTIFIER_LENGTH } from '@app/common';
import { KNOWLEDGE_MIME_TYPES } from '../file-text';

const isSourceId = (value: unknown): boolean =>
  typeof value === 'string' && value.length >= 1 && value.length <= MAX_IDENTIFIER_LENGTH;

/** Velt's caps: 5 MB inline, 30 MB by reference. */
export const INLINE_MAX_BYTES = 5 * 1024 * 1024;
export const FILE_REF_MAX_BYTES = 30 * 1024 * 1024;

export class InlineFileDto {
  @Describe('The file bytes, base64-encoded; decoded at most 5 MB.')
  @IsString()
  @Length(1, Math.ceil((INLINE_MAX_BYTES * 4) / 3) + 4)
  base64: string;

  @IsIn(KNOWLEDGE_MIME_TYPES)
  mimeType: string;

  @IsString()
  @Length(1, 255)
  fileName: string;

  @IsInt()
  @Min(1)
  @Max(INLINE_MAX_BYTES)
  fileSize: number;
}

/** Our addition: the user an upload is filed under, for users/data/get and users/data/delete. */
export class UploaderDto {
  @IsIdentifier()
  userId: string;
}

class KnowledgeScopeDto {
  @IsOptional()
  @IsIdentifier()
  organizationId?: string;

  @Describe('Requires organizationId.')
  @IsOptional()
  @IsIdentifier()
  documentId?: string;

  @Describe('Ours: the user the upload is filed under, so users/data/get and users/data/delete cover it.')
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => UploaderDto)
  user?: UploaderDto;
}

export class IngestKnowledgeDto extends KnowledgeScopeDto {
  @IsIn(['inline', 'fileRef'])
  source: 'inline' | 'fileRef';

  @Describe('Required when source is inline.')
  @ValidateIf((dto: IngestKnowledgeDto) => dto.source === 'inline' || dto.file !== undefined)
  @IsObject()
  @ValidateNested()
  @Type(() => InlineFileDto)
  file?: InlineFileDto;

  @Describe('Required when source is fileRef: the fileRef upload-url returned, after its bytes were PUT.')
  @ValidateIf((dto: IngestKnowledgeDto) => dto.source === 'fileRef' || dto.fileRef !== undefined)
  @IsString()
  @Length(1, 512)
  fileRef?: string;

  @Describe('Required when source is fileRef; the type given to upload-url.')
  @ValidateIf((dto: IngestKnowledgeDto) => dto.source === 'fileRef' || dto.mimeType !== undefined)
  @IsIn(KNOWLEDGE_MIME_TYPES)
  mimeType?: string;
}

export class UploadUrlDto extends KnowledgeScopeDto {
  @IsIn(KNOWLEDGE_MIME_TYPES)
  mimeType: string;

  @IsInt()
  @Min(1)
  @Max(FILE_REF_MAX_BYTES)
  fileSize: number;

  @IsOptional()
  @IsString()
  @Length(1, 255)
  fileName?: string;
}

export class SourceRefDto {
  @IsIdentifier()
  sourceId: string;
}

export class UpdateKnowledgeDto extends SourceRefDto {
  @IsString()
  @Length(1, 1_000_000)
  newContent: string;
}

export class SearchKnowledgeDto {
  @IsString()
  @Length(1, 4000)
  query: string;

  @Describe('One source id, or 2 to 30.')
  @IsOptional()
  @ValidateBy({
    name: 'isSourceIds',
    validator: {
      validate: (value: unknown) =>
        isSourceId(value) ||
        (Array.isArray(value) && value.length >= 2 && value.length <= 30 && value.every(isSourceId)),
      defaultMessage: () => '$property must be a source id or an array of 2 to 30 source ids',
    },
  })
  sourceId?: string | string[];

  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(50)
  limit?: number;

  @IsOptional()
  @IsBoolean()
  includeRules?: boolean;
}
