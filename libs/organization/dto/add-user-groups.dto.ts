import { IsBoolean, IsOptional } from 'class-validator';
import { IsIdentifier, IsName, NestedArray } from '@app/common';

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

  @NestedArray(() => UserGroupInputDto)
  organizationUserGroups: UserGroupInputDto[];
}
