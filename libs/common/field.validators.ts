import { isEmail, ValidationArguments, ValidationOptions, registerDecorator } from 'class-validator';
import { codePointLength, isStorableJson, isStorableText } from './text-safety';

export const MAX_IDENTIFIER_LENGTH = 256;
export const MAX_NAME_LENGTH = 1024;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isText(value: unknown, min: number, max: number): value is string {
  return (
    typeof value === 'string' && isStorableText(value) && codePointLength(value) >= min && codePointLength(value) <= max
  );
}

/** The identifier rule of IsIdentifier as a plain check, for ids that arrive outside a DTO (sync document names, token claims). */
export function isIdentifier(value: unknown): value is string {
  return isText(value, 1, MAX_IDENTIFIER_LENGTH);
}

function textRule(name: string, max: number, min: number) {
  return (options?: ValidationOptions): PropertyDecorator =>
    (target, propertyKey) =>
      registerDecorator({
        name,
        target: target.constructor,
        propertyName: propertyKey as string,
        options,
        validator: {
          validate: (value: unknown) => isText(value, min, max),
          defaultMessage: (args: ValidationArguments) =>
            `${args.property}${options?.each ? ' items' : ''} must be a string of ${min} to ${max} characters without NUL or unpaired surrogates`,
        },
      });
}

/** A caller-chosen identifier (docs/architecture.md "Wire conventions": 1 to 256 characters), kept exactly as sent: no trimming. */
export const IsIdentifier = textRule('isIdentifier', MAX_IDENTIFIER_LENGTH, 1);

/** A display name; may be empty. */
export const IsName = textRule('isName', MAX_NAME_LENGTH, 0);

/**
 * Free-form metadata object returned beside the resource's own fields. Keys that would shadow
 * those fields are refused so the output shape cannot be spoofed.
 */
export function IsMetadata(reservedKeys: readonly string[], options?: ValidationOptions): PropertyDecorator {
  return (target, propertyKey) =>
    registerDecorator({
      name: 'isMetadata',
      target: target.constructor,
      propertyName: propertyKey as string,
      options,
      validator: {
        validate: (value: unknown) =>
          isPlainObject(value) &&
          isStorableJson(value) &&
          !Object.keys(value).some((key) => reservedKeys.includes(key)),
        defaultMessage: (args: ValidationArguments) =>
          `${args.property} must be an object without NUL or unpaired surrogates whose keys are not ${reservedKeys.join(', ')}`,
      },
    });
}

/**
 * An e-mail address. Replaces class-validator's IsEmail, whose byte-length check calls encodeURI and
 * throws URIError on an unpaired surrogate: a bad input answered with a 500 instead of a 400.
 */
export function IsEmailAddress(options?: ValidationOptions): PropertyDecorator {
  return (target, propertyKey) =>
    registerDecorator({
      name: 'isEmailAddress',
      target: target.constructor,
      propertyName: propertyKey as string,
      options,
      validator: {
        validate: (value: unknown) => typeof value === 'string' && isStorableText(value) && isEmail(value),
        defaultMessage: (args: ValidationArguments) => `${args.property} must be an email`,
      },
    });
}

/** Velt's `any` fields (activity entityData, CRDT data): any JSON value PostgreSQL can store. */
export function IsJsonValue(): PropertyDecorator {
  return (target, propertyKey) =>
    registerDecorator({
      name: 'isJsonValue',
      target: target.constructor,
      propertyName: propertyKey as string,
      validator: {
        validate: (value: unknown) => isStorableJson(value),
        defaultMessage: (args: ValidationArguments) =>
          `${args.property} must be JSON without NUL or unpaired surrogates`,
      },
    });
}
