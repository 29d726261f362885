import { ArrayMaxSize, ArrayNotEmpty, IsArray, IsBoolean, IsOptional } from 'class-validator';
import { IsIdentifier, MAX_ARRAY_ITEMS, OrganizationRefDto } from '@app/common';

/** Velt's usergroups/users/add. */
export class AddUserGroupMembersDto extends OrganizationRefDto {
  @IsIdentifier()
  organizationUserGroupId: string;

  @IsArray()
  @ArrayNotEmpty()
  @ArrayMaxSize(MAX_ARRAY_ITEMS)
  @IsIdentifier({ each: true })
  userIds: string[];
}

/** Velt's usergroups/users/delete: its page marks both fields required but shows each example with only one. */
export class DeleteUserGroupMembersDto extends OrganizationRefDto {
  @IsIdentifier()
  organizationUserGroupId: string;

  /** Required unless deleteAll is true. */
  @IsOptional()
  @IsArray()
  @ArrayNotEmpty()
  @ArrayMaxSize(MAX_ARRAY_ITEMS)
  @IsIdentifier({ each: true })
  userIds?: string[];

  /** True: every member leaves the group (userIds, if given, changes nothing). */
  @IsOptional()
  @IsBoolean()
  deleteAll?: boolean;
}
