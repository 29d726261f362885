import { Type } from 'class-transformer';
import {
  IsBoolean,
  IsIn,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  Length,
  Matches,
  Max,
  Min,
  ValidateIf,
  ValidateNested,
  ValidationArguments,
  ValidatorConstraint,
  ValidatorConstraintInterface,
  Validate,
} from 'class-validator';
import { isEventTrigger } from '@app/events';
import { IsEmailAddress, IsIdentifier, IsName } from '@app/common';

/** `smtp` is our extension: mail goes through the SMTP server the key names. */
export const EMAIL_SERVICE_TYPES = ['default', 'sendgrid', 'smtp'] as const;

/** A DNS name or an IP address literal (IPv6 without brackets). */
const SMTP_HOST =
  /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*|[0-9A-Fa-f:]*:[0-9A-Fa-f:.]*)$/;

/** A map of trigger names (the webhook triggers, spec: Events) to booleans. */
@ValidatorConstraint({ name: 'isTriggerMap' })
class IsTriggerMap implements ValidatorConstraintInterface {
  validate(value: unknown): boolean {
    return (
      typeof value === 'object' &&
      value !== null &&
      !Array.isArray(value) &&
      Object.entries(value).every(([name, enabled]) => isEventTrigger(name) && typeof enabled === 'boolean')
    );
  }

  defaultMessage(args: ValidationArguments): string {
    return `${args.property} must map trigger names (such as comment.add) to booleans`;
  }
}

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

  /** Sender's company name in the mails. */
  @IsOptional()
  @IsName()
  fromCompany?: string;

  @IsOptional()
  @IsIdentifier()
  commentTemplateId?: string;

  @IsOptional()
  @IsIdentifier()
  tagTemplateId?: string;

  /** SMTP server (type smtp, required there); a private address is refused unless EMAIL_ALLOW_PRIVATE_NETWORKS. */
  @ValidateIf((config: EmailServiceConfigDto) => config.type === 'smtp' || config.host != null)
  @IsString()
  @Length(1, 253)
  @Matches(SMTP_HOST, { message: 'host must be a host name or an IP address' })
  host?: string;

  /** SMTP port; 465 when secure, else 587. */
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(65535)
  port?: number;

  /** TLS from the first byte (port 465); otherwise STARTTLS when the server offers it. */
  @IsOptional()
  @IsBoolean()
  secure?: boolean;

  @IsOptional()
  @IsString()
  @Length(1, 512)
  username?: string;

  /** SMTP password; stored encrypted, read back masked. */
  @IsOptional()
  @IsString()
  @Length(1, 512)
  password?: string;

  /** Which events send mail, by trigger name (Velt's emailconfig page). */
  @IsOptional()
  @IsObject()
  @Validate(IsTriggerMap)
  triggers?: Record<string, boolean>;
}

/** An absent `useEmailService` keeps the stored value (false when nothing is stored). */
export class UpdateEmailConfigDto {
  @IsOptional()
  @IsBoolean()
  useEmailService?: boolean;

  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => EmailServiceConfigDto)
  emailServiceConfig?: EmailServiceConfigDto;
}
