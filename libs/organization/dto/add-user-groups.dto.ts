import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayNotEmpty, IsArray, IsBoolean, IsObject, IsOptional, ValidateNested } from 'class-validator';
import { IsIdentifier, IsName, MAX_ARRAY_ITEMS } from '@app/common';

export class UserGroupInputDto {
  @IsIdentifier()
  groupId: string;

  /** Defaults to the group id. */
  @IsOptional()
  @IsName()
  groupName?: string;
}

export class AddUserGroupsDto {
  @IsIdentifier()
  organizationId: string;

  @IsOptional()
  @IsBoolean()
  createOrganization?: boolean;

  @IsArray()
  @ArrayNotEmpty()
  @ArrayMaxSize(MAX_ARRAY_ITEMS)
  @IsObject({ each: true })
  @ValidateNested({ each: true })
  @Type(() => UserGroupInputDto)
  organizationUserGroups: UserGroupInputDto[];
}
