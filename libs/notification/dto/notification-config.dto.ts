import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayNotEmpty,
  IsArray,
  IsBoolean,
  IsIn,
  IsObject,
  IsOptional,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { Describe, IsIdentifier, OrganizationRefDto } from '@app/common';
import { PREFERENCE_VALUES, PreferenceValue } from '../entities/notification-preference';

/** Velt's get-config limit. */
export const MAX_CONFIG_DOCUMENTS = 30;

export class PreferencesDto {
  @Describe('In-app inbox: ALL, MINE (mentions, assignments, replies in threads the user is in) or NONE. Default ALL.')
  @IsOptional()
  @IsIn(PREFERENCE_VALUES)
  inbox?: PreferenceValue;

  @Describe('E-mail: ALL, MINE or NONE. Default MINE.')
  @IsOptional()
  @IsIn(PREFERENCE_VALUES)
  email?: PreferenceValue;

  @Describe('Stored and returned for your own Slack integration; nothing is sent to Slack. Default MINE.')
  @IsOptional()
  @IsIn(PREFERENCE_VALUES)
  slack?: PreferenceValue;
}

function DocumentIds(max: number): PropertyDecorator {
  return (target, key) => {
    IsArray()(target, key);
    ArrayNotEmpty()(target, key);
    ArrayMaxSize(max)(target, key);
    IsIdentifier({ each: true })(target, key);
  };
}

class ConfigReadDto extends OrganizationRefDto {
  @IsIdentifier() userId: string;
}

/** v1: the settings of these documents. */
export class GetDocumentNotificationConfigDto extends ConfigReadDto {
  @DocumentIds(MAX_CONFIG_DOCUMENTS) documentIds: string[];
}

/** v2: documents, or the organization-level settings with getOrganizationConfig. */
export class GetNotificationConfigDto extends ConfigReadDto {
  @Describe('Required unless getOrganizationConfig is true.')
  @ValidateIf((dto: GetNotificationConfigDto) => dto.getOrganizationConfig !== true)
  @DocumentIds(MAX_CONFIG_DOCUMENTS)
  documentIds?: string[];

  @IsOptional() @IsBoolean() getOrganizationConfig?: boolean;
}

class ConfigWriteDto extends OrganizationRefDto {
  @IsArray()
  @ArrayNotEmpty()
  @ArrayMaxSize(100)
  @IsIdentifier({ each: true })
  userIds: string[];

  @IsObject()
  @ValidateNested()
  @Type(() => PreferencesDto)
  config: PreferencesDto;
}

/** v1: the settings of these documents. */
export class SetDocumentNotificationConfigDto extends ConfigWriteDto {
  @DocumentIds(100) documentIds: string[];
}

export class SetNotificationConfigDto extends ConfigWriteDto {
  @Describe('Without it, the settings are the organization-level default of every document without its own.')
  @IsOptional()
  @DocumentIds(100)
  documentIds?: string[];
}
