import { IntersectionType } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayNotEmpty, IsArray, IsIn, IsOptional, IsString, Length } from 'class-validator';
import { MAX_ARRAY_ITEMS, NestedArray, PageRequestDto, UserRefDto } from '@app/common';
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

export class GetUsersDto extends IntersectionType(UserScopeDto, PageRequestDto) {
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_ARRAY_ITEMS)
  @IsString({ each: true })
  @Length(1, 256, { each: true })
  userIds?: string[];
}

export class DeleteUsersDto extends UserScopeDto {
  @IsArray()
  @ArrayNotEmpty()
  @ArrayMaxSize(MAX_ARRAY_ITEMS)
  @IsString({ each: true })
  @Length(1, 256, { each: true })
  userIds: string[];
}
