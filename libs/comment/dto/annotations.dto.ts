import { IntersectionType } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayNotEmpty, IsArray, IsIn, IsObject, IsOptional, ValidateIf, ValidateNested } from 'class-validator';
import { IsIdentifier, MAX_ARRAY_ITEMS, NestedArray, PageRequestDto, UserRefDto } from '@app/common';
import { ANNOTATION_PRIORITIES, ANNOTATION_STATUSES, AnnotationPriority, AnnotationStatus } from '../entities/comment-user';
import { NewCommentDto } from './comments.dto';
import { CommentDocumentRefDto } from './refs.dto';

export class NewAnnotationDto {
  @IsIdentifier()
  annotationId: string;

  @IsOptional()
  @IsIn(ANNOTATION_STATUSES)
  status?: AnnotationStatus;

  @IsOptional()
  @IsIn(ANNOTATION_PRIORITIES)
  priority?: AnnotationPriority;

  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => UserRefDto)
  assignedTo?: UserRefDto;

  @NestedArray(() => NewCommentDto, { optional: true, allowEmpty: true, maxItems: 100 })
  comments?: NewCommentDto[];
}

export class AddAnnotationsDto extends CommentDocumentRefDto {
  @NestedArray(() => NewAnnotationDto)
  commentAnnotations: NewAnnotationDto[];
}

export class GetAnnotationsDto extends IntersectionType(CommentDocumentRefDto, PageRequestDto) {
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_ARRAY_ITEMS)
  @IsIdentifier({ each: true })
  annotationIds?: string[];

  @IsOptional()
  @IsArray()
  @IsIn(ANNOTATION_STATUSES, { each: true })
  statuses?: AnnotationStatus[];
}

/** An absent field is left as it is; `priority: null` and `assignedTo: null` clear the value. */
export class AnnotationChangeDto {
  @IsIdentifier()
  annotationId: string;

  @IsOptional()
  @IsIn(ANNOTATION_STATUSES)
  status?: AnnotationStatus;

  @ValidateIf((change: AnnotationChangeDto) => change.priority !== undefined && change.priority !== null)
  @IsIn(ANNOTATION_PRIORITIES)
  priority?: AnnotationPriority | null;

  @ValidateIf((change: AnnotationChangeDto) => change.assignedTo !== undefined && change.assignedTo !== null)
  @IsObject()
  @ValidateNested()
  @Type(() => UserRefDto)
  assignedTo?: UserRefDto | null;
}

export class UpdateAnnotationsDto extends CommentDocumentRefDto {
  @NestedArray(() => AnnotationChangeDto)
  commentAnnotations: AnnotationChangeDto[];
}

export class DeleteAnnotationsDto extends CommentDocumentRefDto {
  @IsArray()
  @ArrayNotEmpty()
  @ArrayMaxSize(MAX_ARRAY_ITEMS)
  @IsIdentifier({ each: true })
  annotationIds: string[];
}
