import { IntersectionType } from '@nestjs/swagger';
import {
  ArrayMaxSize,
  ArrayNotEmpty,
  IsArray,
  IsBoolean,
  IsIn,
  IsOptional,
  IsString,
  MaxLength,
} from 'class-validator';
import {
  IsIdentifier,
  MAX_ARRAY_ITEMS,
  NestedArray,
  OrganizationRefDto,
  PageRequestDto,
  UserRefDto,
} from '@app/common';
import { ACCESS_ROLES, AccessRole } from '@app/resource';

/** The three filter combinations of the spec: organization, organization + document, organization + folder. */
export class UserScopeDto extends OrganizationRefDto {
  @IsOptional()
  @IsIdentifier()
  documentId?: string;

  @IsOptional()
  @IsIdentifier()
  folderId?: string;
}

/**
 * Velt's User model (data-models, User). Beyond the spec's userId, name, email and accessRole, its
 * fields are profile data: stored as sent and returned by users/get.
 */
export class UserInputDto extends UserRefDto {
  /** Velt's default: an omitted role is `editor` on users/add; on users/update it keeps the current grant. */
  @IsOptional()
  @IsIn(ACCESS_ROLES)
  accessRole?: AccessRole;

  @IsOptional()
  @IsString()
  @MaxLength(2048)
  photoUrl?: string;

  @IsOptional()
  @IsString()
  @MaxLength(256)
  plan?: string;

  @IsOptional()
  @IsString()
  @MaxLength(256)
  color?: string;

  @IsOptional()
  @IsString()
  @MaxLength(256)
  textColor?: string;

  @IsOptional()
  @IsString()
  @MaxLength(256)
  type?: string;

  /** Profile data; a user's rights come from accessRole grants, not from this flag. */
  @IsOptional()
  @IsBoolean()
  isReadOnly?: boolean;

  @IsOptional()
  @IsBoolean()
  isAnonymous?: boolean;

  @IsOptional()
  @IsBoolean()
  isGuest?: boolean;

  /** Profile data; as with Velt, admin rights come from the end-user token (generate_token userProperties.isAdmin). */
  @IsOptional()
  @IsBoolean()
  isAdmin?: boolean;

  /** Deprecated in Velt; kept as data. */
  @IsOptional()
  @IsString()
  @MaxLength(256)
  groupId?: string;

  /** Deprecated in Velt; kept as data. */
  @IsOptional()
  @IsString()
  @MaxLength(256)
  clientGroupId?: string;

  /** Derived from `name` on output when not given (Velt). */
  @IsOptional()
  @IsString()
  @MaxLength(16)
  initial?: string;

  /** The user's organization; when given it must be `data.organizationId`. */
  @IsOptional()
  @IsIdentifier()
  organizationId?: string;
}

export class WriteUsersDto extends UserScopeDto {
  @NestedArray(() => UserInputDto)
  users: UserInputDto[];
}

/** users/add: Velt creates a missing organization unless told not to; a folder or document only when asked. */
export class AddUsersDto extends WriteUsersDto {
  /** Default true: Velt's add-users page creates a missing organization. */
  @IsOptional()
  @IsBoolean()
  createOrganization?: boolean;

  /** Default false: a missing document is NOT_FOUND unless this is true. */
  @IsOptional()
  @IsBoolean()
  createDocument?: boolean;

  /** Default false: a missing folder is NOT_FOUND unless this is true (created at the top level). */
  @IsOptional()
  @IsBoolean()
  createFolder?: boolean;
}

export class GetUsersDto extends IntersectionType(UserScopeDto, PageRequestDto) {
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_ARRAY_ITEMS)
  @IsIdentifier({ each: true })
  userIds?: string[];

  /** Only users who are members of at least one of these organization user groups (usergroups/users/add). */
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_ARRAY_ITEMS)
  @IsIdentifier({ each: true })
  organizationUserGroupIds?: string[];

  /** Users holding a grant on any document of the organization (not organization-level users); one item per document and user. */
  @IsOptional()
  @IsBoolean()
  allDocuments?: boolean;

  /** With allDocuments: `data` becomes a map from document id to that document's users. */
  @IsOptional()
  @IsBoolean()
  groupByDocumentId?: boolean;
}

export class DeleteUsersDto extends UserScopeDto {
  @IsArray()
  @ArrayNotEmpty()
  @ArrayMaxSize(MAX_ARRAY_ITEMS)
  @IsIdentifier({ each: true })
  userIds: string[];
}
