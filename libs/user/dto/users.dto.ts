import {
  ArrayMaxSize,
  ArrayNotEmpty,
  IsArray,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Length,
  Max,
  Min,
} from 'class-validator';
import { MAX_ARRAY_ITEMS, NestedArray, UserRefDto } from '@app/common';
import { ACCESS_ROLES, AccessRole } from '../access-role';

/** The three filter combinations of the spec: organization, organization + document, organization + folder. */
export class UserScopeDto {
  @IsString()
  @Length(1, 256)
  organizationId: string;

  @IsOptional()
  @IsString()
  @Length(1, 256)
  documentId?: string;

  @IsOptional()
  @IsString()
  @Length(1, 256)
  folderId?: string;
}

export class UserInputDto extends UserRefDto {
  @IsOptional()
  @IsIn(ACCESS_ROLES)
  accessRole?: AccessRole;
}

export class WriteUsersDto extends UserScopeDto {
  @NestedArray(() => UserInputDto)
  users: UserInputDto[];
}

export class GetUsersDto extends UserScopeDto {
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_ARRAY_ITEMS)
  @IsString({ each: true })
  @Length(1, 256, { each: true })
  userIds?: string[];

  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(1000)
  pageSize?: number;

  @IsOptional()
  @IsString()
  @Length(1, 2048)
  pageToken?: string;
}

export class DeleteUsersDto extends UserScopeDto {
  @IsArray()
  @ArrayNotEmpty()
  @ArrayMaxSize(MAX_ARRAY_ITEMS)
  @IsString({ each: true })
  @Length(1, 256, { each: true })
  userIds: string[];
}
