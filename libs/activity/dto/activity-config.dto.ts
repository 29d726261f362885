import { Type } from 'class-transformer';
import {
  IsBoolean,
  IsInt,
  IsNumber,
  IsObject,
  IsOptional,
  IsPositive,
  Max,
  Min,
  ValidateNested,
} from 'class-validator';
import { Describe, IsJsonValue } from '@app/common';
import { MAX_RETENTION_DAYS } from '../activity-config';

export class ActivityServiceConfigDto {
  @Describe('Records activities from events and accepts activities/add when true. Default false (Velt).')
  @IsOptional()
  @IsBoolean()
  isEnabled?: boolean;

  @Describe('When activity logging was enabled (epoch ms); stamped on first enable and kept when omitted.')
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(8_640_000_000_000_000)
  enabledTime?: number;

  @Describe(
    'Activities written while true cannot be updated or deleted through the API (retention still removes them). Seeded true on first enable (Velt).',
  )
  @IsOptional()
  @IsBoolean()
  immutable?: boolean;

  @Describe(
    "Per source (comment, organization, document, access): a map of trigger name (e.g. `comment.add`; Velt's comment action types such as `added` too) " +
      'to a flag, or one flag for the whole source (our extension). Merged source by source and flag by flag; a trigger never set is recorded.',
  )
  @IsOptional()
  @IsObject()
  @IsJsonValue()
  triggers?: Record<string, unknown>;

  @Describe(
    `Our extension: days an activity is kept (fractions allowed, at most ${MAX_RETENTION_DAYS}); older ones are not returned and a worker job deletes them. Absent keeps them all.`,
  )
  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @IsPositive()
  @Max(MAX_RETENTION_DAYS)
  retentionDays?: number;
}

export class UpdateActivityConfigDto {
  @IsObject()
  @ValidateNested()
  @Type(() => ActivityServiceConfigDto)
  activityServiceConfig: ActivityServiceConfigDto;
}
