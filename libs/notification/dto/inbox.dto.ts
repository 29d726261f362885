import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayNotEmpty, IsArray, IsBoolean, IsObject, IsOptional, ValidateNested } from 'class-validator';
import { IsIdentifier, OrganizationRefDto, PageRequestDto } from '@app/common';
import { clientLimit } from '@app/realtime-hub';
import { IntersectionType } from '@nestjs/mapped-types';
import { PreferencesDto } from './notification-config.dto';

/** The client plane's inbox: always the token's user's own notifications. */
export class InboxListDto extends IntersectionType(OrganizationRefDto, PageRequestDto) {
  @IsOptional() @IsBoolean() unread?: boolean;
}

export class InboxMarkDto extends OrganizationRefDto {
  @IsArray()
  @ArrayNotEmpty()
  @ArrayMaxSize(clientLimit('notification ids'))
  @IsIdentifier({ each: true })
  notificationIds: string[];

  /** true marks them read, false unread. */
  @IsBoolean() read: boolean;
}

export class InboxSettingsDto extends OrganizationRefDto {
  /** A document's settings; without it, the organization-level ones every document defaults to. */
  @IsOptional() @IsIdentifier() documentId?: string;
}

export class InboxSetSettingsDto extends InboxSettingsDto {
  @IsObject()
  @ValidateNested()
  @Type(() => PreferencesDto)
  config: PreferencesDto;
}
