import { Type } from 'class-transformer';
import { IsObject, IsOptional, ValidateNested } from 'class-validator';
import { Describe, IsIdentifier, IsJsonValue } from '@app/common';

export const ALERT_TYPES = ['anomaly', 'configuration_drift', 'emerging_standard', 'standards_drift'] as const;

export class AlertRefDto {
  @IsIdentifier()
  alertId: string;
}

class AlertUserDto {
  @IsIdentifier()
  uid: string;
}

export class DismissAlertDto extends AlertRefDto {
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => AlertUserDto)
  user?: AlertUserDto;
}

export class UpdateAlertConfigDto {
  @Describe(
    '{ enabled?, maxAlertsPerWeek?, enabledAlertTypes?, severityThreshold? }; the known keys are checked, other keys are stored and returned as sent (as in Velt).',
  )
  @IsObject()
  @IsJsonValue()
  config: Record<string, unknown>;
}
