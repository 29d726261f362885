import { Type } from 'class-transformer';
import { IsBoolean, IsObject, IsOptional, ValidateNested } from 'class-validator';
import { DocumentRefDto, IsIdentifier } from '@app/common';
import { CommentUserDto } from './velt-models.dto';

/** The document a comment request is about, and optionally the user acting (checked by CommentAccess). */
export class CommentDocumentRefDto extends DocumentRefDto {
  /** Our extension: the request acts as this user (viewer reads, editor writes); without it, with the API key's authority. */
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => CommentUserDto)
  from?: CommentUserDto;
}

/** A write that may notify: webhooks fire only when the request asks (Velt's `triggerNotification`, default false). */
export class CommentWriteRefDto extends CommentDocumentRefDto {
  @IsOptional()
  @IsBoolean()
  triggerNotification?: boolean;
}

export class AnnotationRefDto extends CommentDocumentRefDto {
  @IsIdentifier()
  annotationId: string;
}

export class AnnotationWriteRefDto extends CommentWriteRefDto {
  @IsIdentifier()
  annotationId: string;
}

/** Velt's create flags of the add routes. */
export class CreateFlagsDto {
  /** Creates the organization (named after its id) when missing. */
  @IsOptional() @IsBoolean() createOrganization?: boolean;
  /** Creates the document (named after its id) when missing. */
  @IsOptional() @IsBoolean() createDocument?: boolean;
  /** Checks that each comment's `from` user may write on the document (editor), as Velt does. */
  @IsOptional() @IsBoolean() verifyUserPermissions?: boolean;
}
