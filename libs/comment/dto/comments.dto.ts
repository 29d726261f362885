import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayNotEmpty, IsArray, IsInt, IsObject, IsOptional, IsString, Length, Max, Min, ValidateNested } from 'class-validator';
import { UserRefDto } from '@app/common';
import { AnnotationRefDto } from './refs.dto';

export const MAX_COMMENT_LENGTH = 65_536;

export class NewCommentDto {
  @IsString()
  @Length(1, 256)
  commentId: string;

  @IsString()
  @Length(1, MAX_COMMENT_LENGTH)
  commentText: string;

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(100)
  @IsObject({ each: true })
  @ValidateNested({ each: true })
  @Type(() => UserRefDto)
  toContactsTagged?: UserRefDto[];
}

export class AddCommentsDto extends AnnotationRefDto {
  @IsArray()
  @ArrayNotEmpty()
  @IsObject({ each: true })
  @ValidateNested({ each: true })
  @Type(() => NewCommentDto)
  comments: NewCommentDto[];
}

export class GetCommentsDto extends AnnotationRefDto {
  @IsOptional()
  @IsArray()
  @IsString({ each: true })
  @Length(1, 256, { each: true })
  commentIds?: string[];

  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(1000)
  pageSize?: number;

  @IsOptional()
  @IsString()
  @Length(1, 1024)
  pageToken?: string;
}

export class CommentChangeDto {
  @IsString()
  @Length(1, 256)
  commentId: string;

  @IsOptional()
  @IsString()
  @Length(1, MAX_COMMENT_LENGTH)
  commentText?: string;

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(100)
  @IsObject({ each: true })
  @ValidateNested({ each: true })
  @Type(() => UserRefDto)
  toContactsTagged?: UserRefDto[];
}

export class UpdateCommentsDto extends AnnotationRefDto {
  @IsArray()
  @ArrayNotEmpty()
  @IsObject({ each: true })
  @ValidateNested({ each: true })
  @Type(() => CommentChangeDto)
  comments: CommentChangeDto[];
}

export class DeleteCommentsDto extends AnnotationRefDto {
  @IsArray()
  @ArrayNotEmpty()
  @IsString({ each: true })
  @Length(1, 256, { each: true })
  commentIds: string[];
}

/** A reaction is always some user's: the service requires `from`. Results are keyed per icon. */
export class ReactionsDto extends AnnotationRefDto {
  @IsString()
  @Length(1, 256)
  commentId: string;

  @IsArray()
  @ArrayNotEmpty()
  @ArrayMaxSize(50)
  @IsString({ each: true })
  @Length(1, 64, { each: true })
  icons: string[];
}
