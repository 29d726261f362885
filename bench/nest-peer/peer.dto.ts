import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayNotEmpty,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';

/** DTOs shaped like the API's for the same routes: same kinds of checks, no field documentation. */
class PageDto {
  @IsOptional() @IsInt() @Min(1) @Max(1000) pageSize?: number;
  @IsOptional() @IsString() @MaxLength(1024) pageToken?: string;
}

class OrganizationScopeDto extends PageDto {
  @IsString() @MaxLength(256) organizationId: string;
}

export class GenerateTokenDto {
  @IsString() @MaxLength(256) userId: string;
}

export class GetDocumentsDto extends OrganizationScopeDto {
  @IsOptional() @IsArray() @ArrayMaxSize(1000) @IsString({ each: true }) documentIds?: string[];
  @IsOptional() @IsString() @MaxLength(256) folderId?: string;
}

export class GetOrganizationsDto extends PageDto {
  @IsOptional() @IsArray() @ArrayNotEmpty() @ArrayMaxSize(1000) @IsString({ each: true }) organizationIds?: string[];
}

class PresenceUserDto {
  @IsString() @MaxLength(256) userId: string;
  @IsOptional() @IsString() @MaxLength(256) name?: string;
  @IsOptional() @IsString() @MaxLength(320) email?: string;
  @IsOptional() @IsString() @MaxLength(64) status?: string;
}

export class AddPresenceDto {
  @IsString() @MaxLength(256) organizationId: string;
  @IsString() @MaxLength(256) documentId: string;
  @IsArray()
  @ArrayNotEmpty()
  @ArrayMaxSize(100)
  @ValidateNested({ each: true })
  @Type(() => PresenceUserDto)
  users: PresenceUserDto[];
}

export class BroadcastDto {
  @IsString() @MaxLength(256) organizationId: string;
  @IsString() @MaxLength(256) documentId: string;
  @IsString() @MaxLength(256) liveStateDataId: string;
  @IsObject() data: Record<string, unknown>;
  @IsOptional() @IsBoolean() merge?: boolean;
}

export class GetUsersDto extends OrganizationScopeDto {
  @IsOptional() @IsString() @MaxLength(256) documentId?: string;
  @IsOptional() @IsString() @MaxLength(256) folderId?: string;
  @IsOptional() @IsArray() @ArrayMaxSize(1000) @IsString({ each: true }) userIds?: string[];
}

export class GetAnnotationsDto extends OrganizationScopeDto {
  @IsOptional() @IsString() @MaxLength(256) documentId?: string;
  @IsOptional() @IsArray() @ArrayMaxSize(1000) @IsString({ each: true }) documentIds?: string[];
  @IsOptional() @IsArray() @ArrayMaxSize(1000) @IsString({ each: true }) annotationIds?: string[];
  @IsOptional() @IsIn(['asc', 'desc']) order?: 'asc' | 'desc';
  @IsOptional() @IsBoolean() groupByDocumentId?: boolean;
}

class CommentUserDto {
  @IsString() @MaxLength(256) userId: string;
  @IsOptional() @IsString() @MaxLength(1024) name?: string;
  @IsOptional() @IsString() @MaxLength(320) email?: string;
}

class TaggedUserContactDto {
  @IsString() @MaxLength(256) userId: string;
  @IsOptional() @IsObject() @ValidateNested() @Type(() => CommentUserDto) contact?: CommentUserDto;
}

class NewCommentDto {
  @IsOptional() @IsString() @MaxLength(65_536) commentText?: string;
  @IsObject() @ValidateNested() @Type(() => CommentUserDto) from: CommentUserDto;
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(100)
  @IsObject({ each: true })
  @ValidateNested({ each: true })
  @Type(() => TaggedUserContactDto)
  taggedUserContacts?: TaggedUserContactDto[];
}

class NewAnnotationDto {
  @IsOptional() @IsString() @MaxLength(256) annotationId?: string;
  @IsArray()
  @ArrayNotEmpty()
  @ArrayMaxSize(100)
  @IsObject({ each: true })
  @ValidateNested({ each: true })
  @Type(() => NewCommentDto)
  commentData: NewCommentDto[];
}

export class AddAnnotationsDto {
  @IsString() @MaxLength(256) organizationId: string;
  @IsString() @MaxLength(256) documentId: string;
  @IsOptional() @IsBoolean() triggerNotification?: boolean;
  @IsArray()
  @ArrayNotEmpty()
  @ArrayMaxSize(1000)
  @IsObject({ each: true })
  @ValidateNested({ each: true })
  @Type(() => NewAnnotationDto)
  commentAnnotations: NewAnnotationDto[];
}
