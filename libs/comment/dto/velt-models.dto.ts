import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  Length,
  Max,
  MaxLength,
  Min,
  ValidateBy,
  ValidateIf,
  ValidateNested,
  ValidationArguments,
} from 'class-validator';
import { Describe, IsIdentifier, MAX_ARRAY_ITEMS, NoEffect } from '@app/common';
import { STATUS_TYPES, StatusType } from '../entities/comment-user';

const SHORT = 1024;
/** Latest instant a JavaScript Date holds: millisecond timestamps above it are refused. */
export const MAX_EPOCH_MS = 8_640_000_000_000_000;

/** Velt's User model: the fields are the caller's data, stored and returned as sent. */
export class CommentUserDto {
  @IsIdentifier()
  userId: string;

  @IsOptional() @IsString() @MaxLength(SHORT) name?: string;
  /** Stored as sent: Velt's own examples put placeholders such as "yourUserEmail" here. */
  @IsOptional() @IsString() @MaxLength(320) email?: string;
  @IsOptional() @IsString() @MaxLength(4096) photoUrl?: string;
  @IsOptional() @IsString() @MaxLength(SHORT) organizationId?: string;
  @IsOptional() @IsString() @MaxLength(SHORT) color?: string;
  @IsOptional() @IsString() @MaxLength(SHORT) textColor?: string;
  @IsOptional() @IsString() @MaxLength(SHORT) plan?: string;
  @IsOptional() @IsString() @MaxLength(SHORT) type?: string;
  @IsOptional() @IsString() @MaxLength(SHORT) initial?: string;
  @IsOptional() @IsString() @MaxLength(SHORT) groupId?: string;
  @IsOptional() @IsString() @MaxLength(SHORT) clientGroupId?: string;
  @IsOptional() @IsBoolean() isReadOnly?: boolean;
  @IsOptional() @IsBoolean() isAnonymous?: boolean;
  @IsOptional() @IsBoolean() isGuest?: boolean;
  @IsOptional() @IsBoolean() isAdmin?: boolean;

  @NoEffect(
    "roles are set only through the users and permissions routes (spec: Authentication 3), so a role on a comment's user is not stored.",
  )
  @IsOptional()
  @IsIn(['viewer', 'editor'])
  accessRole?: 'viewer' | 'editor';
}

/** Velt's CustomStatus. Colours of a default status (OPEN, IN_PROGRESS, RESOLVED) are filled in when omitted. */
export class StatusDto {
  @IsIdentifier()
  id: string;

  @IsString() @Length(1, SHORT) name: string;
  @IsIn(STATUS_TYPES) type: StatusType;
  @IsOptional() @IsString() @MaxLength(SHORT) color?: string;
  @IsOptional() @IsString() @MaxLength(SHORT) lightColor?: string;
  @IsOptional() @IsString() @MaxLength(65_536) svg?: string;
  @IsOptional() @IsString() @MaxLength(4096) iconUrl?: string;
}

/** Velt's CustomPriority. */
export class PriorityDto {
  @IsIdentifier()
  id: string;

  @IsString() @Length(1, SHORT) name: string;
  @IsOptional() @IsString() @MaxLength(SHORT) color?: string;
  @IsOptional() @IsString() @MaxLength(SHORT) lightColor?: string;
}

/** Refuses the field when `other` is given too: the two name different kinds of thing. */
function AbsentWith(other: string): PropertyDecorator {
  return ValidateBy({
    name: 'absentWith',
    constraints: [other],
    validator: {
      validate: (_value: unknown, args: ValidationArguments) =>
        (args.object as Record<string, unknown>)[other] === undefined,
      defaultMessage: (args: ValidationArguments) => `${args.property} cannot be given together with ${other}`,
    },
  });
}

/** Velt's AutocompleteUserContactReplaceData; a tag names a user, or (our extension) an organization user group. */
export class TaggedUserContactDto {
  @Describe('The tagged user. Required unless organizationUserGroupId tags a group instead.')
  @ValidateIf((tag: TaggedUserContactDto) => tag.organizationUserGroupId === undefined)
  @IsIdentifier()
  userId?: string;

  @Describe(
    'Our extension (Velt documents no REST shape for a group @-mention): tags an organization user group instead of one user. ' +
      "Stored as sent; webhooks list the group's members among the comment's tagged contacts (`to`, processed `toContactsTagged`).",
  )
  @IsOptional()
  @IsIdentifier()
  @AbsentWith('userId')
  organizationUserGroupId?: string;

  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => CommentUserDto)
  contact?: CommentUserDto;

  @IsOptional() @IsString() @MaxLength(SHORT) text?: string;
}

/** Velt's annotation visibility: stored and returned as `visibilityConfig`. */
export class VisibilityDto {
  @IsIn(['public', 'organizationPrivate', 'restricted'])
  type: 'public' | 'organizationPrivate' | 'restricted';

  @IsOptional() @IsIdentifier() organizationId?: string;

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_ARRAY_ITEMS)
  @IsIdentifier({ each: true })
  userIds?: string[];
}

export function IsEpochMs(): PropertyDecorator {
  return (target, key) => {
    IsOptional()(target, key);
    IsInt()(target, key);
    Min(0)(target, key);
    Max(MAX_EPOCH_MS)(target, key);
  };
}
