import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayNotEmpty,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import {
  Describe,
  IsIdentifier,
  IsJsonValue,
  MAX_ARRAY_ITEMS,
  NestedArray,
  PageRequestDto,
  UserRefDto,
} from '@app/common';
import { ACTIVITY_FEATURE_TYPES, CUSTOM_FEATURE_TYPES } from '../activity-record';

const MAX_TEMPLATE_LENGTH = 10_000;
const MAX_ICON_LENGTH = 2048;
/** The largest time a JavaScript Date holds. */
const MAX_TIME_MS = 8_640_000_000_000_000;

/** The fields add and update share (Velt: changes, snapshots, display template, icon). */
class ActivityContentDto {
  @Describe('Field name to `{ from, to }`: what changed.')
  @IsOptional()
  @IsObject()
  @IsJsonValue()
  changes?: Record<string, unknown>;

  @Describe('Snapshot of the entity at the time of the action (any JSON).')
  @IsOptional()
  @IsJsonValue()
  entityData?: unknown;

  @Describe('Snapshot of the target entity at the time of the action (any JSON).')
  @IsOptional()
  @IsJsonValue()
  entityTargetData?: unknown;

  @Describe('Message template with `{{variable}}` placeholders.')
  @IsOptional()
  @IsString()
  @MaxLength(MAX_TEMPLATE_LENGTH)
  displayMessageTemplate?: string;

  @Describe('Values of the template variables.')
  @IsOptional()
  @IsObject()
  @IsJsonValue()
  displayMessageTemplateData?: Record<string, unknown>;

  @Describe('URL or identifier of the icon of the action.')
  @IsOptional()
  @IsString()
  @MaxLength(MAX_ICON_LENGTH)
  actionIcon?: string;
}

export class NewActivityDto extends ActivityContentDto {
  @Describe(
    'Caller-chosen id for idempotent writes: an existing mutable activity with this id in the organization is overwritten.',
  )
  @IsOptional()
  @IsIdentifier()
  id?: string;

  @Describe(`One of ${CUSTOM_FEATURE_TYPES.join(', ')}.`)
  @IsIn(CUSTOM_FEATURE_TYPES)
  featureType: string;

  @Describe('The action, e.g. `comment.add` or your own name.')
  @IsIdentifier()
  actionType: string;

  @Describe('Sub-event type within the action.')
  @IsOptional()
  @IsIdentifier()
  eventType?: string;

  @IsObject()
  @ValidateNested()
  @Type(() => UserRefDto)
  actionUser: UserRefDto;

  @Describe('Id of the entity the activity is about; required when featureType is custom.')
  @IsOptional()
  @IsIdentifier()
  targetEntityId?: string;

  @IsOptional()
  @IsIdentifier()
  targetSubEntityId?: string;

  @Describe('True when the caller stripped PII and resolves it client-side (Velt self-hosting).')
  @IsOptional()
  @IsBoolean()
  isActivityResolverUsed?: boolean;
}

export class AddActivitiesDto {
  @IsIdentifier()
  organizationId: string;

  @IsIdentifier()
  documentId: string;

  @NestedArray(() => NewActivityDto)
  activities: NewActivityDto[];
}

export class ActivityUpdateDto extends ActivityContentDto {
  @IsIdentifier()
  id: string;
}

export class UpdateActivitiesDto {
  @IsIdentifier()
  organizationId: string;

  @NestedArray(() => ActivityUpdateDto)
  activities: ActivityUpdateDto[];
}

function IdList(): PropertyDecorator {
  return (target, key) => {
    IsOptional()(target, key);
    IsArray()(target, key);
    ArrayNotEmpty()(target, key);
    ArrayMaxSize(MAX_ARRAY_ITEMS)(target, key);
    IsIdentifier({ each: true })(target, key);
  };
}

export class GetActivitiesDto extends PageRequestDto {
  @IsIdentifier()
  organizationId: string;

  @IsOptional()
  @IsIdentifier()
  documentId?: string;

  @Describe('Activities about this entity (an annotation, organization, document, the resource of a grant...).')
  @IsOptional()
  @IsIdentifier()
  targetEntityId?: string;

  @Describe(`Any of ${ACTIVITY_FEATURE_TYPES.join(', ')}.`)
  @IsOptional()
  @IsArray()
  @ArrayNotEmpty()
  @IsIn(ACTIVITY_FEATURE_TYPES, { each: true })
  featureTypes?: string[];

  @Describe('Action types, e.g. `comment.add`, `organization.add`, `access.grant_add`.')
  @IdList()
  actionTypes?: string[];

  @Describe('The acting user.')
  @IsOptional()
  @IsIdentifier()
  userId?: string;

  @IdList()
  activityIds?: string[];

  @Describe('Activities at or after this time (epoch ms).')
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(MAX_TIME_MS)
  startTime?: number;

  @Describe('Activities at or before this time (epoch ms).')
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(MAX_TIME_MS)
  endTime?: number;

  @Describe('By timestamp; default desc.')
  @IsOptional()
  @IsIn(['asc', 'desc'])
  order?: 'asc' | 'desc';
}

export class DeleteActivitiesDto {
  @IsIdentifier()
  organizationId: string;

  @Describe('Every activity of this document.')
  @IsOptional()
  @IsIdentifier()
  documentId?: string;

  @IdList()
  activityIds?: string[];

  @Describe('Every activity about this entity.')
  @IsOptional()
  @IsIdentifier()
  targetEntityId?: string;
}
