import { Type } from 'class-transformer';
import { IsBoolean, IsIn, IsObject, IsOptional, IsString, Length, ValidateIf, ValidateNested } from 'class-validator';
import { IsEmailAddress, IsIdentifier } from '@app/common';

export const EMAIL_SERVICE_TYPES = ['default', 'sendgrid'] as const;

export class EmailServiceConfigDto {
  @IsIn(EMAIL_SERVICE_TYPES)
  type: (typeof EMAIL_SERVICE_TYPES)[number];

  /** Provider key; required for sendgrid, stored encrypted. */
  @ValidateIf((config: EmailServiceConfigDto) => config.type === 'sendgrid' || config.apiKey !== undefined)
  @IsString()
  @Length(1, 512)
  apiKey?: string;

  @IsOptional()
  @IsEmailAddress()
  fromEmail?: string;

  @IsOptional()
  @IsIdentifier()
  commentTemplateId?: string;

  @IsOptional()
  @IsIdentifier()
  tagTemplateId?: string;
}

export class UpdateEmailConfigDto {
  @IsBoolean()
  useEmailService: boolean;

  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => EmailServiceConfigDto)
  emailServiceConfig?: EmailServiceConfigDto;
}
