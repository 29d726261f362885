import { IntersectionType, OmitType, PartialType } from '@nestjs/swagger';
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
  Length,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidationOptions,
} from 'class-validator';
import { Describe, IsIdentifier, IsName, isStorableJson, MAX_PAGE_TOKEN_LENGTH, NoEffect } from '@app/common';
import { ADVANCED_EVENT_TYPE_NAMES, ATTEMPT_EXHAUSTED, INERT_EVENT_TYPE_NAMES } from '../advanced-event-types';
import { customRule, IsHttpUrl, MAX_PUBLIC_KEY_LENGTH } from './webhook-validators';

const MAX_LIST_ITEMS = 64;
const MAX_METADATA_KEYS = 64;
/** Velt's page: "Integer between 1 and 250". */
export const MAX_ENDPOINT_PAGE = 250;
const MAX_RATE_LIMIT = 100_000;

/** Velt: "Key-value pairs (string values)". */
function IsStringMap(options?: ValidationOptions): PropertyDecorator {
  return customRule(
    'isStringMap',
    (value) =>
      typeof value === 'object' &&
      value !== null &&
      !Array.isArray(value) &&
      isStorableJson(value) &&
      Object.keys(value).length <= MAX_METADATA_KEYS &&
      Object.values(value).every((item) => typeof item === 'string'),
    (property) => `${property} must be an object of at most ${MAX_METADATA_KEYS} string values`,
    options,
  );
}

const FILTER_TYPES_DESCRIPTION =
  `Event types this endpoint subscribes to; omitted: every event type, ${ATTEMPT_EXHAUSTED} included. ` +
  `Accepted but never fired here (features not served): ${INERT_EVENT_TYPE_NAMES.join(', ')}.`;
const CHANNELS_NOTE = 'stored and returned; messages here carry no channel, so every message is delivered regardless.';

/** Every field optional, at least one required (Velt's page; checked by the service). */
export class UpdateAdvancedWebhookConfigDto {
  @Describe('Turns advanced webhooks on or off; the first update of an API key must turn them on.')
  @IsOptional()
  @IsBoolean()
  isEnabled?: boolean;

  @Describe(
    'Body `{encryptedData, encryptedKey, iv}` (AES-256-CBC, key wrapped with RSA-OAEP SHA-256); needs publicKey; wins over encodeData.',
  )
  @IsOptional()
  @IsBoolean()
  encryptData?: boolean;

  @Describe('Body `{encodedPayload: base64(JSON)}`.')
  @IsOptional()
  @IsBoolean()
  encodeData?: boolean;

  @Describe(
    'RSA public key for encryptData: PEM (SPKI or PKCS#1) or bare base64 of the DER key; an empty string clears it.',
  )
  @IsOptional()
  @IsString()
  @MaxLength(MAX_PUBLIC_KEY_LENGTH)
  publicKey?: string;

  @NoEffect('stored and read back; payloads carry what the basic webhooks carry.')
  @IsOptional()
  @IsBoolean()
  enableDataProtection?: boolean;
}

export class CreateEndpointDto {
  @Describe(
    'http(s) receiver. A private address, or a name resolving to one, is refused; every delivery vets it again.',
  )
  @IsHttpUrl()
  url: string;

  @IsOptional()
  @IsName()
  description?: string;

  @Describe(FILTER_TYPES_DESCRIPTION)
  @IsOptional()
  @IsArray()
  @ArrayNotEmpty()
  @ArrayMaxSize(MAX_LIST_ITEMS)
  @IsIn(ADVANCED_EVENT_TYPE_NAMES, { each: true })
  filterTypes?: string[];

  @NoEffect(CHANNELS_NOTE)
  @IsOptional()
  @IsArray()
  @ArrayNotEmpty()
  @ArrayMaxSize(MAX_LIST_ITEMS)
  @IsIdentifier({ each: true })
  channels?: string[];

  @Describe('A disabled endpoint receives nothing; its pending deliveries are cancelled when they come up.')
  @IsOptional()
  @IsBoolean()
  disabled?: boolean;

  @Describe(
    'Maximum deliveries per second, shared by every worker; a delivery over it waits, it is neither dropped nor failed.',
  )
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(MAX_RATE_LIMIT)
  rateLimit?: number;

  @Describe('Your own identifier of the endpoint; unique per API key.')
  @IsOptional()
  @IsIdentifier()
  uid?: string;

  @IsOptional()
  @IsObject()
  @IsStringMap()
  metadata?: Record<string, string>;
}

export class EndpointRefDto {
  @IsIdentifier()
  endpointId: string;
}

/** At least one field besides endpointId (Velt's page; checked by the service); `uid` is set once, at create. */
export class UpdateEndpointDto extends IntersectionType(
  EndpointRefDto,
  PartialType(OmitType(CreateEndpointDto, ['uid'] as const)),
) {}

export class ListEndpointsDto {
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(MAX_ENDPOINT_PAGE)
  limit?: number;

  @Describe('The `iterator` of the previous page.')
  @IsOptional()
  @IsString()
  @Length(1, MAX_PAGE_TOKEN_LENGTH)
  @Matches(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/)
  iterator?: string;
}
