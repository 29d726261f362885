import { Type } from 'class-transformer';
import {
  IsBoolean,
  IsIn,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { IsEmailAddress, IsIdentifier, NestedArray } from '@app/common';
import { RESOURCE_TYPES, ResourceType } from '@app/resource';
import { ACCESS_ROLES, AccessRole } from '../access-role';

/** 9999-12-31T23:59:59Z, the last instant PostgreSQL and Date both represent comfortably. */
const MAX_UNIX_SECONDS = 253_402_300_799;

export class ResourceRefDto {
  @IsIn(RESOURCE_TYPES)
  type: ResourceType;

  @IsIdentifier()
  id: string;

  /** Required for folders and documents; for an organization it may be omitted (it is `id`). */
  @ValidateIf((ref: ResourceRefDto) => ref.type !== 'organization' || ref.organizationId !== undefined)
  @IsIdentifier()
  organizationId?: string;
}

export class ResourceGrantDto extends ResourceRefDto {
  @IsIn(ACCESS_ROLES)
  accessRole: AccessRole;

  /** Unix time in seconds after which the grant is ignored. */
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(MAX_UNIX_SECONDS)
  expiresAt?: number;
}

export class GrantListDto {
  @NestedArray(() => ResourceGrantDto)
  resources: ResourceGrantDto[];
}

export class ResourceListDto {
  @NestedArray(() => ResourceRefDto)
  resources: ResourceRefDto[];
}

export class AddPermissionsDto {
  @IsIdentifier()
  userId: string;

  @IsObject()
  @ValidateNested()
  @Type(() => GrantListDto)
  permissions: GrantListDto;
}

export class RemovePermissionsDto {
  @IsIdentifier()
  userId: string;

  @IsObject()
  @ValidateNested()
  @Type(() => ResourceListDto)
  permissions: ResourceListDto;
}

export class GetPermissionsDto {
  @IsIdentifier()
  userId: string;

  @IsOptional()
  @IsIdentifier()
  organizationId?: string;
}

export class UserPropertiesDto {
  @IsOptional()
  @IsString()
  @MaxLength(256)
  name?: string;

  @IsOptional()
  @IsEmailAddress()
  @MaxLength(320)
  email?: string;

  @IsOptional()
  @IsBoolean()
  isAdmin?: boolean;
}

/** DESIGN §3: `{userId, userProperties:{name?, email?, isAdmin?}, permissions?:{resources:[...]}}`. */
export class GenerateTokenDto {
  @IsIdentifier()
  userId: string;

  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => UserPropertiesDto)
  userProperties?: UserPropertiesDto;

  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => GrantListDto)
  permissions?: GrantListDto;
}
