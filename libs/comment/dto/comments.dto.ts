import { IntersectionType } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayNotEmpty,
  IsArray,
  IsBoolean,
  IsObject,
  IsOptional,
  IsString,
  Length,
  ValidateNested,
} from 'class-validator';
import { IsIdentifier, MAX_ARRAY_ITEMS, NestedArray, NoEffect, PageRequestDto } from '@app/common';
import { CommentContentDto, IsCommentId } from './comment-content.dto';
import { AnnotationRefDto, AnnotationWriteRefDto, CreateFlagsDto } from './refs.dto';
import { CommentUserDto, IsEpochMs } from './velt-models.dto';

function IsCommentIds(): PropertyDecorator {
  return (target, key) => {
    IsArray()(target, key);
    ArrayMaxSize(MAX_ARRAY_ITEMS)(target, key);
    IsCommentId(true)(target, key);
  };
}

/** One item of Velt's `commentData[]`. */
export class NewCommentDto extends CommentContentDto {
  /** Velt's custom comment id; the server numbers the comment when absent. */
  @IsOptional()
  @IsCommentId()
  commentId?: number;

  @IsObject()
  @ValidateNested()
  @Type(() => CommentUserDto)
  from: CommentUserDto;

  @IsEpochMs() createdAt?: number;
  @IsEpochMs() lastUpdated?: number;

  /** Webhooks for this comment fire only when true (Velt's rule; default false). */
  @IsOptional() @IsBoolean() triggerNotification?: boolean;

  @NoEffect('there is no activity log.')
  @IsOptional()
  @IsBoolean()
  triggerActivities?: boolean;

  /** Velt's agent block, stored and returned as sent; it makes the comment's `sourceType` "agent". */
  @IsOptional() @IsObject() agent?: Record<string, unknown>;
}

export class AddCommentsDto extends IntersectionType(AnnotationWriteRefDto, CreateFlagsDto) {
  @NestedArray(() => NewCommentDto)
  commentData: NewCommentDto[];
}

export class GetCommentsDto extends IntersectionType(AnnotationRefDto, PageRequestDto) {
  @IsOptional() @IsCommentIds() commentIds?: number[];

  /** Comments whose `from` is one of these users. */
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_ARRAY_ITEMS)
  @IsIdentifier({ each: true })
  userIds?: string[];
}

/** Velt's `updatedData` of comments/update: absent fields are left as they are. */
export class CommentChangeDto extends CommentContentDto {
  /** Replaces the comment's author (Velt lists it as required; its own examples leave it out). */
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => CommentUserDto)
  from?: CommentUserDto;
}

export class UpdateCommentsDto extends AnnotationWriteRefDto {
  @IsCommentIds()
  @ArrayNotEmpty()
  commentIds: number[];

  @IsObject()
  @ValidateNested()
  @Type(() => CommentChangeDto)
  updatedData: CommentChangeDto;
}

/** Without `commentIds`, every comment of the annotation is deleted (Velt). */
export class DeleteCommentsDto extends AnnotationWriteRefDto {
  @IsOptional() @IsCommentIds() commentIds?: number[];
}

/** A reaction is always some user's: the service requires `from`. Results are keyed per icon. */
export class ReactionsDto extends AnnotationWriteRefDto {
  @IsCommentId()
  commentId: number;

  @IsArray()
  @ArrayNotEmpty()
  @ArrayMaxSize(50)
  @IsString({ each: true })
  @Length(1, 64, { each: true })
  icons: string[];
}
