import { IntersectionType } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayNotEmpty, IsArray, IsIn, IsOptional } from 'class-validator';
import { IsIdentifier, MAX_ARRAY_ITEMS, NestedArray, OrganizationRefDto, PageRequestDto, UserRefDto } from '@app/common';
import { ACCESS_ROLES, AccessRole } from '../access-role';

/** The three filter combinations of the spec: organization, organization + document, organization + folder. */
export class UserScopeDto extends OrganizationRefDto {
  @IsOptional()
  @IsIdentifier()
  documentId?: string;

  @IsOptional()
  @IsIdentifier()
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
  @IsIdentifier({ each: true })
  userIds?: string[];
}

export class DeleteUsersDto extends UserScopeDto {
  @IsArray()
  @ArrayNotEmpty()
  @ArrayMaxSize(MAX_ARRAY_ITEMS)
  @IsIdentifier({ each: true })
  userIds: string[];
}
