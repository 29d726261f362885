import { IntersectionType } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsObject,
  IsOptional,
  IsString,
  MaxLength,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import {
  Describe,
  DocumentRefDto,
  IsIdentifier,
  NestedArray,
  NoEffect,
  OrganizationRefDto,
  PageRequestDto,
  UserRefDto,
} from '@app/common';

/** Velt's get accepts at most 30 notification ids at a time. */
export const MAX_NOTIFICATION_IDS = 30;
const MAX_MESSAGE_LENGTH = 10_000;

/** Filters shared by get, update and delete: every one narrows the organization's notifications. */
export class NotificationFilterDto extends OrganizationRefDto {
  @IsOptional() @IsIdentifier() documentId?: string;
  @IsOptional() @IsIdentifier() locationId?: string;

  @Describe('Notifications this user sees: those listing them, and notifyAll ones.')
  @IsOptional()
  @IsIdentifier()
  userId?: string;
}

export class AddNotificationDto extends DocumentRefDto {
  @IsOptional() @IsBoolean() createOrganization?: boolean;
  @IsOptional() @IsBoolean() createDocument?: boolean;

  @IsObject()
  @ValidateNested()
  @Type(() => UserRefDto)
  actionUser: UserRefDto;

  @Describe(
    'Listed users without any role on the document are left out (organization, folder or document access, as REST reads decide).',
  )
  @IsOptional()
  @IsBoolean()
  verifyUserPermissions?: boolean;

  @Describe(
    'Generated when absent. Adding an id the organization already has writes nothing and answers success, as Velt prevents duplicates.',
  )
  @IsOptional()
  @IsIdentifier()
  notificationId?: string;

  @Describe(
    "When true, the headline template and body are optional (Velt's notification resolver mode); stored and returned as isNotificationResolverUsed.",
  )
  @IsOptional()
  @IsBoolean()
  isNotificationResolverUsed?: boolean;

  @Describe('Required unless isNotificationResolverUsed is true.')
  @ValidateIf(
    (dto: AddNotificationDto) => dto.isNotificationResolverUsed !== true || dto.displayHeadlineMessageTemplate != null,
  )
  @IsString()
  @MaxLength(MAX_MESSAGE_LENGTH)
  displayHeadlineMessageTemplate?: string;

  @IsOptional() @IsObject() displayHeadlineMessageTemplateData?: Record<string, unknown>;

  @Describe('Required unless isNotificationResolverUsed is true.')
  @ValidateIf((dto: AddNotificationDto) => dto.isNotificationResolverUsed !== true || dto.displayBodyMessage != null)
  @IsString()
  @MaxLength(MAX_MESSAGE_LENGTH)
  displayBodyMessage?: string;

  @NestedArray(() => UserRefDto, { allowEmpty: true })
  notifyUsers: UserRefDto[];

  @Describe('Default true: every user of the organization sees it (get by userId), besides the listed ones.')
  @IsOptional()
  @IsBoolean()
  notifyAll?: boolean;

  @Describe('Default `custom`.')
  @IsOptional()
  @IsIdentifier()
  notificationSource?: string;

  @IsOptional() @IsObject() notificationSourceData?: Record<string, unknown>;

  @Describe("Velt's access context (`{access: {...}}`), stored and returned as sent.")
  @IsOptional()
  @IsObject()
  context?: Record<string, unknown>;
}

export class GetNotificationsDto extends IntersectionType(NotificationFilterDto, PageRequestDto) {
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_NOTIFICATION_IDS)
  @IsIdentifier({ each: true })
  notificationIds?: string[];

  @Describe('By creation time; default `desc`.')
  @IsOptional()
  @IsIn(['asc', 'desc'])
  order?: 'asc' | 'desc';

  @Describe('Our extension: only notifications the user given in userId has not read (requires userId).')
  @IsOptional()
  @IsBoolean()
  unread?: boolean;
}

export class NotificationChangeDto {
  @IsIdentifier() id: string;

  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => UserRefDto)
  actionUser?: UserRefDto;

  @IsOptional() @IsString() @MaxLength(MAX_MESSAGE_LENGTH) displayHeadlineMessageTemplate?: string;
  @IsOptional() @IsObject() displayHeadlineMessageTemplateData?: Record<string, unknown>;
  @IsOptional() @IsString() @MaxLength(MAX_MESSAGE_LENGTH) displayBodyMessage?: string;
  @IsOptional() @IsObject() notificationSourceData?: Record<string, unknown>;

  @Describe("Marks the notification read for these users (each user's read state is their own).")
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(1000)
  @IsIdentifier({ each: true })
  readByUserIds?: string[];

  @NoEffect('read notifications are never removed from any list here.')
  @IsOptional()
  @IsBoolean()
  persistReadForUsers?: boolean;
}

export class UpdateNotificationsDto extends NotificationFilterDto {
  @NoEffect('updates apply to the notification; read state is per user already.')
  @IsOptional()
  @IsBoolean()
  verifyUserPermissions?: boolean;

  @NestedArray(() => NotificationChangeDto, { maxItems: 100 })
  notifications: NotificationChangeDto[];
}

export class DeleteNotificationsDto extends NotificationFilterDto {
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(1000)
  @IsIdentifier({ each: true })
  notificationIds?: string[];
}
