import { Type } from 'class-transformer';
import { IsBoolean, IsObject, IsOptional, IsString, Length, MaxLength, ValidateNested } from 'class-validator';
import { Describe, DescribeSchema, Nullable } from '@app/common';
import { EVENT_TRIGGER_NAMES, isEnabledByDefault } from '@app/events';
import { CONFIGURABLE_TRIGGER_NAMES, INERT_TRIGGER_NAMES, NESTED_TRIGGERS } from '../webhook-triggers';
import { IsHttpUrl, IsRsaPublicKey, IsWebhookTriggers, MAX_PUBLIC_KEY_LENGTH } from './webhook-validators';

const MAX_TOKEN_LENGTH = 1024;
const MERGE_NOTE = 'Merged into the stored value: an absent field keeps it, null clears it.';

function defaults(enabled: boolean): string {
  return EVENT_TRIGGER_NAMES.filter((trigger) => isEnabledByDefault(trigger) === enabled).join(', ');
}

const TRIGGERS_DESCRIPTION =
  'Trigger name to flag, merged flag by flag into the stored ones (null resets one flag; null for the whole object resets all). ' +
  `A trigger never set keeps its default: on for ${defaults(true)}; off for ${defaults(false)}. ` +
  "Velt's nested form (`{comment: {add, update, delete}, huddle: {add, update, delete}, recorder: {done}}`) is taken too and stored as the flat keys `comment.add` and so on. " +
  `Accepted and stored but never delivered, because their feature is not served here: ${INERT_TRIGGER_NAMES.join(', ')}.`;

/** One documented flag per flat key and one object per nested feature, so generated clients see Velt's field list. */
function triggerProperties(): Record<string, unknown> {
  const flag = { type: 'boolean', nullable: true };
  const flat = CONFIGURABLE_TRIGGER_NAMES.map((name) => [name, flag] as const);
  const nested = Object.entries(NESTED_TRIGGERS).map(
    ([feature, flags]) =>
      [
        feature,
        {
          type: 'object',
          additionalProperties: false,
          properties: Object.fromEntries(flags.map((name) => [name, flag])),
        },
      ] as const,
  );
  return Object.fromEntries<unknown>([...flat, ...nested]);
}

/** `webhookServiceConfig`: every field optional and @Nullable(); null clears one (strings to null, flags to false, triggers to their defaults). */
export class WebhookServiceConfigDto {
  @Describe('Sent as `Authorization: Basic <authToken>` and used as the Standard Webhooks signing key. Never returned.')
  @Nullable()
  @IsOptional()
  @IsString()
  @Length(1, MAX_TOKEN_LENGTH)
  authToken?: string | null;

  @Describe(
    'http(s) receiver of raw payloads. A private address, or a name resolving to one, is refused; a name that does not resolve yet is accepted and vetted again at every delivery.',
  )
  @Nullable()
  @IsOptional()
  @IsHttpUrl()
  rawNotificationUrl?: string | null;

  @Describe('http(s) receiver of processed payloads; vetted as rawNotificationUrl.')
  @Nullable()
  @IsOptional()
  @IsHttpUrl()
  processedNotificationUrl?: string | null;

  @Describe('Body `{encodedPayload: base64(JSON)}`.')
  @Nullable()
  @IsOptional()
  @IsBoolean()
  encodeData?: boolean | null;

  @Describe('Body `{encryptedData, encryptedKey, iv}`; needs publicKey; wins over encodeData.')
  @Nullable()
  @IsOptional()
  @IsBoolean()
  encryptData?: boolean | null;

  @Describe(
    'RSA public key for encryptData, which requires it: PEM (SPKI or PKCS#1), or bare base64 of the DER SPKI or PKCS#1 key without armour.',
  )
  @Nullable()
  @IsOptional()
  @IsString()
  @MaxLength(MAX_PUBLIC_KEY_LENGTH)
  @IsRsaPublicKey()
  publicKey?: string | null;

  @Describe(TRIGGERS_DESCRIPTION)
  @DescribeSchema({ additionalProperties: false, properties: triggerProperties() })
  @Nullable()
  @IsOptional()
  @IsObject()
  @IsWebhookTriggers()
  triggers?: Record<string, unknown> | null;
}

/** At least one of the two members (checked by the service). */
export class UpdateWebhookConfigDto {
  @Describe('Turns delivery on or off; null turns it off.')
  @Nullable()
  @IsOptional()
  @IsBoolean()
  useWebhookService?: boolean | null;

  @Describe(`${MERGE_NOTE} Null clears the whole configuration.`)
  @Nullable()
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => WebhookServiceConfigDto)
  webhookServiceConfig?: WebhookServiceConfigDto | null;
}
