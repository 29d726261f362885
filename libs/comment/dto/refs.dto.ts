import { Type } from 'class-transformer';
import { IsObject, IsOptional, IsString, Length, ValidateNested } from 'class-validator';
import { UserRefDto } from '@app/common';

/** The document a comment request is about, and optionally the user acting (checked by CommentAccess). */
export class DocumentRefDto {
  @IsString()
  @Length(1, 256)
  organizationId: string;

  @IsString()
  @Length(1, 256)
  documentId: string;

  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => UserRefDto)
  from?: UserRefDto;
}

export class AnnotationRefDto extends DocumentRefDto {
  @IsString()
  @Length(1, 256)
  annotationId: string;
}
