import { ArrayMaxSize, ArrayNotEmpty, IsArray, IsOptional } from 'class-validator';
import { IsIdentifier, MAX_ARRAY_ITEMS, Nullable, PageRequestDto } from '@app/common';

/** Spec filter combinations: organization only, with documentIds, or with folderId; given together they intersect. */
export class GetDocumentsDto extends PageRequestDto {
  @IsIdentifier()
  organizationId: string;

  @IsOptional()
  @IsArray()
  @ArrayNotEmpty()
  @ArrayMaxSize(MAX_ARRAY_ITEMS)
  @IsIdentifier({ each: true })
  documentIds?: string[];

  @IsOptional()
  @Nullable()
  @IsIdentifier()
  folderId?: string | null;
}
