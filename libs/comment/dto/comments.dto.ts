import { IntersectionType } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayNotEmpty, IsArray, IsOptional, IsString, Length } from 'class-validator';
import { IsIdentifier, MAX_ARRAY_ITEMS, NestedArray, PageRequestDto, UserRefDto } from '@app/common';
import { AnnotationRefDto } from './refs.dto';

export const MAX_COMMENT_LENGTH = 65_536;

export class NewCommentDto {
  @IsIdentifier()
  commentId: string;

  @IsString()
  @Length(1, MAX_COMMENT_LENGTH)
  commentText: string;

  @NestedArray(() => UserRefDto, { optional: true, allowEmpty: true, maxItems: 100 })
  toContactsTagged?: UserRefDto[];
}

export class AddCommentsDto extends AnnotationRefDto {
  @NestedArray(() => NewCommentDto)
  comments: NewCommentDto[];
}

export class GetCommentsDto extends IntersectionType(AnnotationRefDto, PageRequestDto) {
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_ARRAY_ITEMS)
  @IsIdentifier({ each: true })
  commentIds?: string[];
}

export class CommentChangeDto {
  @IsIdentifier()
  commentId: string;

  @IsOptional()
  @IsString()
  @Length(1, MAX_COMMENT_LENGTH)
  commentText?: string;

  @NestedArray(() => UserRefDto, { optional: true, allowEmpty: true, maxItems: 100 })
  toContactsTagged?: UserRefDto[];
}

export class UpdateCommentsDto extends AnnotationRefDto {
  @NestedArray(() => CommentChangeDto)
  comments: CommentChangeDto[];
}

export class DeleteCommentsDto extends AnnotationRefDto {
  @IsArray()
  @ArrayNotEmpty()
  @ArrayMaxSize(MAX_ARRAY_ITEMS)
  @IsIdentifier({ each: true })
  commentIds: string[];
}

/** A reaction is always some user's: the service requires `from`. Results are keyed per icon. */
export class ReactionsDto extends AnnotationRefDto {
  @IsIdentifier()
  commentId: string;

  @IsArray()
  @ArrayNotEmpty()
  @ArrayMaxSize(50)
  @IsString({ each: true })
  @Length(1, 64, { each: true })
  icons: string[];
}
