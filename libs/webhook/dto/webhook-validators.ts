import { registerDecorator, ValidationArguments, ValidationOptions } from 'class-validator';
import { isStorableText } from '@app/common';
import { parseRsaPublicKey } from '../payload-security';
import { flatTriggerFlags } from '../webhook-triggers';

/** The longest receiver URL either kind of webhook takes. */
export const MAX_WEBHOOK_URL_LENGTH = 2048;
export const MAX_PUBLIC_KEY_LENGTH = 16_384;

function isHttpUrl(value: unknown): boolean {
  if (typeof value !== 'string' || value.length > MAX_WEBHOOK_URL_LENGTH || !isStorableText(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

/** A class-validator rule from a predicate; `name` is what /docs and the bad-input suite read. */
export function customRule(
  name: string,
  validate: (value: unknown) => boolean,
  message: (property: string) => string,
  options?: ValidationOptions,
): PropertyDecorator {
  return (target, propertyKey) =>
    registerDecorator({
      name,
      target: target.constructor,
      propertyName: propertyKey as string,
      options,
      validator: { validate, defaultMessage: (args: ValidationArguments) => message(args.property) },
    });
}

/** An absolute http(s) URL (named isUrl so /docs and the bad-input suite read it as one). */
export function IsHttpUrl(options?: ValidationOptions): PropertyDecorator {
  return customRule('isUrl', isHttpUrl, (property) => `${property} must be a valid http(s) URL`, options);
}

/** An RSA public key in one of the forms payload encryption reads. */
export function IsRsaPublicKey(options?: ValidationOptions): PropertyDecorator {
  return customRule(
    'isRsaPublicKey',
    (value) => typeof value === 'string' && parseRsaPublicKey(value) !== null,
    (property) => `${property} must be an RSA public key`,
    options,
  );
}

/** A basic webhook `triggers` object, flat or nested (see flatTriggerFlags). */
export function IsWebhookTriggers(options?: ValidationOptions): PropertyDecorator {
  return customRule(
    'isWebhookTriggers',
    (value) => flatTriggerFlags(value) !== undefined,
    (property) => `${property} must map known trigger names to booleans`,
    options,
  );
}
