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
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { Describe, IsEmailAddress, IsIdentifier, MAX_ARRAY_ITEMS, NestedArray } from '@app/common';
import { RESOURCE_TYPES, ResourceType } from '@app/resource';
import { ACCESS_ROLES, AccessRole } from '@app/resource';

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
  /** Velt's default: an omitted role is `editor`. */
  @IsOptional()
  @IsIn(ACCESS_ROLES)
  accessRole?: AccessRole;

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

/** Velt's `data.user`: the user the permissions are for. */
export class PermissionUserDto {
  @IsIdentifier()
  userId: string;
}

/** Velt sends `user: {userId}`; our earlier form `userId` still works. Give either; both must then name the same user. */
export class AddPermissionsDto {
  @ValidateIf((dto: AddPermissionsDto) => dto.userId !== undefined || dto.user === undefined)
  @IsIdentifier()
  userId?: string;

  @ValidateIf((dto: AddPermissionsDto) => dto.user !== undefined || dto.userId === undefined)
  @IsObject()
  @ValidateNested()
  @Type(() => PermissionUserDto)
  user?: PermissionUserDto;

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

/** Velt's permissions/get: effective access of each user in one organization. */
export class GetPermissionsDto {
  @IsIdentifier()
  organizationId: string;

  @IsArray()
  @ArrayNotEmpty()
  @ArrayMaxSize(MAX_ARRAY_ITEMS)
  @IsIdentifier({ each: true })
  userIds: string[];

  /** Folders to report; when omitted, the folders of the organization where the user holds a grant. */
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_ARRAY_ITEMS)
  @IsIdentifier({ each: true })
  folderIds?: string[];

  /** Documents to report; when omitted, the documents of the organization where the user holds a grant. */
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_ARRAY_ITEMS)
  @IsIdentifier({ each: true })
  documentIds?: string[];
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

/**
 * docs/architecture.md "Tenancy and access": `{userId, userProperties:{name?, email?, isAdmin?}, permissions?:{resources:[...]}}`.
 * Velt requires userProperties.name, .email and permissions; leaving them optional refuses no Velt call.
 */
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

/** Velt's v1 userProperties: the organization the token's user belongs to. */
export class UserPropertiesV1Dto {
  @Describe(
    "The organization the user belongs to: the user becomes a member (editor, Velt's default) unless they already hold a role there, which is kept. The organization must exist.",
  )
  @IsIdentifier()
  organizationId: string;

  @Describe('Whether the user is an admin; carried in the token.')
  @IsOptional()
  @IsBoolean()
  isAdmin?: boolean;

  @Describe("The user's e-mail; carried in the token (there is no identify call here to compare it with).")
  @IsOptional()
  @IsEmailAddress()
  @MaxLength(320)
  email?: string;
}

/** Velt's v1 Generate Token: the API key and its auth token travel in the body, not in headers. */
export class GenerateTokenV1Dto {
  @Describe('API key id (a key of `apiKeyList`); v1 sends it here instead of the x-svc-api-key header.')
  @IsIdentifier()
  apiKey: string;

  @Describe('Auth token of that API key; v1 sends it here instead of the x-svc-auth-token header.')
  @IsIdentifier()
  authToken: string;

  @Describe('The end user the token is for.')
  @IsIdentifier()
  userId: string;

  @Describe("The user's organization and profile.")
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => UserPropertiesV1Dto)
  userProperties?: UserPropertiesV1Dto;
}

/** Velt documents expiresAt of a signed decision in milliseconds; the bound is MAX_UNIX_SECONDS in ms. */
const MAX_UNIX_MILLISECONDS = MAX_UNIX_SECONDS * 1000;

export class PermissionDataDto {
  @Describe('The user the decision is about.')
  @IsIdentifier()
  userId: string;

  @Describe('The organization, folder or document the decision is about.')
  @IsIdentifier()
  resourceId: string;

  @Describe('What resourceId names.')
  @IsIn(RESOURCE_TYPES)
  type: ResourceType;

  @Describe('The decision.')
  @IsBoolean()
  hasAccess: boolean;

  @Describe('For a document: viewer or editor (editor when left out).')
  @IsOptional()
  @IsIn(ACCESS_ROLES)
  accessRole?: AccessRole;

  @Describe('Unix time in milliseconds until which the decision may be reused.')
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(MAX_UNIX_MILLISECONDS)
  expiresAt?: number;
}

/** `/v2/auth/generate_signature`: the decisions a permission provider is about to answer, in its order. */
export class GenerateSignatureDto {
  @Describe('Signed in the order given; see the route description for the canonical form.')
  @NestedArray(() => PermissionDataDto)
  permissions: PermissionDataDto[];
}
