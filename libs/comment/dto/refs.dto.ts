import { Type } from 'class-transformer';
import { IsObject, IsOptional, ValidateNested } from 'class-validator';
import { DocumentRefDto, IsIdentifier, UserRefDto } from '@app/common';

/** The document a comment request is about, and optionally the user acting (checked by CommentAccess). */
export class CommentDocumentRefDto extends DocumentRefDto {
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => UserRefDto)
  from?: UserRefDto;
}

export class AnnotationRefDto extends CommentDocumentRefDto {
  @IsIdentifier()
  annotationId: string;
}
