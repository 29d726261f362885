import { Type } from 'class-transformer';
import { IsBoolean, IsInt, IsObject, IsOptional, Max, Min, ValidateNested } from 'class-validator';
import { Describe } from '@app/common';

export class TriggerGroupsDto {
  @Describe(
    'Comment trigger name (e.g. `comment.add`) to on/off; with the service on, a trigger set to false makes no in-app notification.',
  )
  @IsOptional()
  @IsObject()
  comment?: Record<string, boolean>;

  @Describe('Huddle trigger name to on/off; stored (huddles are not served).')
  @IsOptional()
  @IsObject()
  huddle?: Record<string, boolean>;
}

export class DelayConfigDto {
  @IsOptional() @IsBoolean() isEnabled?: boolean;

  @Describe('Stored; notifications are not delayed here.')
  @IsOptional()
  @IsInt()
  @Min(10)
  @Max(15_552_000)
  delaySeconds?: number;
}

export class BatchScopeDto {
  @IsOptional() @IsBoolean() isEnabled?: boolean;
  @IsOptional() @IsInt() @Min(10) @Max(604_800) batchWindowSeconds?: number;
  @IsOptional() @IsInt() @Min(2) @Max(50) maxActivities?: number;
}

export class BatchConfigDto {
  @Describe('Stored; notifications are not batched here.')
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => BatchScopeDto)
  document?: BatchScopeDto;

  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => BatchScopeDto)
  user?: BatchScopeDto;
}

export class NotificationServiceConfigDto {
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => TriggerGroupsDto)
  triggers?: TriggerGroupsDto;

  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => DelayConfigDto)
  delayConfig?: DelayConfigDto;

  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => BatchConfigDto)
  batchConfig?: BatchConfigDto;
}

export class UpdateWorkspaceNotificationConfigDto {
  @IsOptional() @IsBoolean() useNotificationService?: boolean;

  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => NotificationServiceConfigDto)
  notificationServiceConfig?: NotificationServiceConfigDto;
}
