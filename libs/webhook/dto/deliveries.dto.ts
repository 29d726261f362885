import { Transform } from 'class-transformer';
import { ArrayNotEmpty, IsArray, IsDate, IsIn, IsOptional, ValidateIf } from 'class-validator';
import { DELIVERY_STATUSES, DeliveryStatus } from '../entities/webhook-delivery.entity';
import { Describe, IsIdentifier, PageRequestDto } from '@app/common';
import { EVENT_TRIGGER_NAMES } from '@app/events';
import { ATTEMPT_EXHAUSTED } from '../advanced-event-types';

/** What a delivery's `event` may be: a trigger, the advanced endpoints' operational event, or a test. */
const DELIVERED_EVENT_NAMES = [...EVENT_TRIGGER_NAMES, ATTEMPT_EXHAUSTED, 'webhook.test'];

export class ListDeliveriesDto extends PageRequestDto {
  @IsOptional()
  @IsIn(DELIVERY_STATUSES)
  status?: DeliveryStatus;

  @IsOptional()
  @IsIn(DELIVERED_EVENT_NAMES)
  event?: string;

  @Describe('Only the deliveries to this advanced endpoint.')
  @IsOptional()
  @IsIdentifier()
  endpointId?: string;

  @Describe('Ours: only the deliveries created at or after this time (ISO 8601).')
  @IsOptional()
  // Only a string becomes a Date: `new Date(value)` on an arbitrary JSON object can throw (a 500 for bad input).
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? new Date(value) : value))
  @IsDate()
  createdAfter?: Date;

  @Describe('Ours: only the deliveries created before this time (ISO 8601).')
  @IsOptional()
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? new Date(value) : value))
  @IsDate()
  createdBefore?: Date;
}

export class DeliveryRefDto {
  @Describe('The delivery (`id` of deliveries/get).')
  @IsIdentifier()
  deliveryId: string;
}

export class TestDeliveryDto {
  @Describe("The advanced endpoint to send the test event to; without it, the basic configuration's URLs.")
  @IsOptional()
  @IsIdentifier()
  endpointId?: string;
}

/**
 * Exactly one selector: explicit ids, or every failed delivery created since a time. Each is validated
 * whenever it is present (a present but invalid one must not slip through beside the other); the
 * service refuses both at once.
 */
export class RetryDeliveriesDto {
  @ValidateIf((dto: RetryDeliveriesDto) => dto.deliveryIds !== undefined || dto.failedSince === undefined)
  @IsArray()
  @ArrayNotEmpty()
  @IsIdentifier({ each: true })
  deliveryIds?: string[];

  @ValidateIf((dto: RetryDeliveriesDto) => dto.failedSince !== undefined || dto.deliveryIds === undefined)
  // Only a string becomes a Date: `new Date(value)` on an arbitrary JSON object can throw (a 500 for bad input).
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? new Date(value) : value))
  @IsDate()
  failedSince?: Date;

  @Describe(
    'With failedSince: only the failed deliveries to this advanced endpoint (Velt: "Recover failed messages" of an endpoint).',
  )
  @IsOptional()
  @IsIdentifier()
  endpointId?: string;
}
