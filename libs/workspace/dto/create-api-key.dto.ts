import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsObject,
  IsOptional,
  IsString,
  Length,
  MaxLength,
  ValidateNested,
} from 'class-validator';
import { IsEmailAddress, NoEffect } from '@app/common';
import { API_KEY_TYPES, ApiKeyType } from '../entities/api-key.entity';
import { MAX_DOMAINS_PER_CALL } from './domains.dto';
import { EmailServiceConfigDto } from './email-config.dto';

/** Velt's webhook settings on this page; refused here (see ApiKeyService.create), declared so the refusal names them. */
export class ApiKeyWebhookConfigDto {
  @IsOptional()
  @IsString()
  authToken?: string;

  @IsOptional()
  @IsString()
  rawNotificationUrl?: string;

  @IsOptional()
  @IsString()
  processedNotificationUrl?: string;
}

export class CreateApiKeyDto {
  @IsIn(API_KEY_TYPES)
  type: ApiKeyType;

  @IsOptional()
  @IsString()
  @Length(1, 256)
  apiKeyName?: string;

  @IsOptional()
  @IsBoolean()
  createAuthToken?: boolean;

  @NoEffect('the workspace headers already name the workspace and so its owner.')
  @IsOptional()
  @IsEmailAddress()
  @MaxLength(254)
  ownerEmail?: string;

  @NoEffect('one deployment holds all data, there are no regions.')
  @IsOptional()
  @IsString()
  @Length(1, 64)
  persistenceDBRegion?: string;

  @NoEffect('one deployment holds all data, there are no regions.')
  @IsOptional()
  @IsString()
  @Length(1, 64)
  realtimeDBRegion?: string;

  /** Stored as the key's allowed domains (as /v2/workspace/domains/add). */
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_DOMAINS_PER_CALL)
  @IsString({ each: true })
  @Length(1, 253, { each: true })
  allowedDomains?: string[];

  /** Adds `localhost` to the allowed domains. */
  @IsOptional()
  @IsBoolean()
  addLocalHostToAllowedDomains?: boolean;

  /** Stored as the key's e-mail configuration (as /v2/workspace/emailconfig/update). */
  @IsOptional()
  @IsBoolean()
  useEmailService?: boolean;

  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => EmailServiceConfigDto)
  emailServiceConfig?: EmailServiceConfigDto;

  /**
   * Only false is accepted: webhook configuration belongs to the webhook module, which this one
   * may not call; true is refused with a pointer to /v2/workspace/webhookconfig/update.
   */
  @IsOptional()
  @IsBoolean()
  useWebhookService?: boolean;

  /** Refused with a pointer to /v2/workspace/webhookconfig/update (see useWebhookService). */
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => ApiKeyWebhookConfigDto)
  webhookServiceConfig?: ApiKeyWebhookConfigDto;

  @NoEffect('there is no notification service.')
  @IsOptional()
  @IsBoolean()
  useNotificationService?: boolean;

  @NoEffect('there is no notification service.')
  @IsOptional()
  @IsBoolean()
  setDefaultNotificationTriggers?: boolean;

  @NoEffect('mail is not sent; e-mail triggers are set with emailServiceConfig.triggers.')
  @IsOptional()
  @IsBoolean()
  setDefaultEmailTriggers?: boolean;

  @NoEffect('users are never added to organizations implicitly.')
  @IsOptional()
  @IsBoolean()
  requireAutoOrgUser?: boolean;

  @NoEffect('private comments are not offered.')
  @IsOptional()
  @IsBoolean()
  enablePrivateComments?: boolean;
}
