import { Type } from 'class-transformer';
import { IsBoolean, IsIn, IsObject, IsOptional, IsString, Length, ValidateIf, ValidateNested, ValidationArguments, ValidatorConstraint, ValidatorConstraintInterface, Validate } from 'class-validator';
import { isEventTrigger } from '@app/events';
import { IsEmailAddress, IsIdentifier, IsName } from '@app/common';

export const EMAIL_SERVICE_TYPES = ['default', 'sendgrid'] as const;

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

  /** Which events send mail, by trigger name (Velt's emailconfig page). */
  @IsOptional()
  @IsObject()
  @Validate(IsTriggerMap)
  triggers?: Record<string, boolean>;
}

/**
 * Stored and validated; sending mail is out of scope for now (DESIGN §3). An absent
 * `useEmailService` keeps the stored value (false when nothing is stored).
 */
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
