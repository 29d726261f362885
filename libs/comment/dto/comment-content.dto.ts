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
import { clientLimit } from '@app/realtime-hub';
import { TaggedUserContactDto } from './velt-models.dto';

const MAX_COMMENT_LENGTH = clientLimit('comment text');

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

  @NestedArray(() => TaggedUserContactDto, { optional: true, allowEmpty: true, maxItems: clientLimit('mentions') })
  taggedUserContacts?: TaggedUserContactDto[];

  /** Velt's Attachment objects, stored and returned as sent (files are not stored here). */
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(clientLimit('attachments'))
  @IsObject({ each: true })
  attachments?: Record<string, unknown>[];
}
