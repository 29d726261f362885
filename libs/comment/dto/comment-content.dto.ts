import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
} from 'class-validator';
import { NestedArray, NoEffect } from '@app/common';
import { TaggedUserContactDto } from './velt-models.dto';

export const MAX_COMMENT_LENGTH = 65_536;
export const MAX_ATTACHMENTS = 100;

export function IsCommentId(each = false): PropertyDecorator {
  return (target, key) => {
    IsInt({ each })(target, key);
    Min(1, { each })(target, key);
    Max(Number.MAX_SAFE_INTEGER, { each })(target, key);
  };
}

/** The content fields Velt's comment add and update share. */
export class CommentContentDto {
  @IsOptional() @IsString() @MaxLength(MAX_COMMENT_LENGTH) commentText?: string;
  @IsOptional() @IsString() @MaxLength(MAX_COMMENT_LENGTH) commentHtml?: string;

  /** Custom key/value metadata of the comment. */
  @IsOptional() @IsObject() context?: Record<string, unknown>;

  @NoEffect('comment text is always stored here (Velt: self-hosted comment resolver).')
  @IsOptional()
  @IsBoolean()
  isCommentResolverUsed?: boolean;
  @NoEffect('comment text is always stored here (Velt: self-hosted comment resolver).')
  @IsOptional()
  @IsBoolean()
  isCommentTextAvailable?: boolean;

  @NestedArray(() => TaggedUserContactDto, { optional: true, allowEmpty: true, maxItems: 100 })
  taggedUserContacts?: TaggedUserContactDto[];

  /** Velt's Attachment objects, stored and returned as sent (files are not stored here). */
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_ATTACHMENTS)
  @IsObject({ each: true })
  attachments?: Record<string, unknown>[];
}
