import { applyDecorators } from '@nestjs/common';
import { IsObject, registerDecorator, ValidationArguments, ValidationOptions } from 'class-validator';
import { isIdentifier, IsJsonValue, MAX_IDENTIFIER_LENGTH } from '@app/common';

/** A free-form JSON object Velt stores as given (strategy options, scope, input, ...): an object of storable JSON. */
export function IsJsonObject(options?: ValidationOptions): PropertyDecorator {
  return applyDecorators(IsObject(options), IsJsonValue());
}

/** Velt's `string | string[]` of ids: one identifier, or 1 to `max` of them (an identifier rule, hence its name). */
export function IsIdOrIdList(max: number): PropertyDecorator {
  return (target, propertyKey) =>
    registerDecorator({
      name: 'isIdentifier',
      target: target.constructor,
      propertyName: propertyKey as string,
      validator: {
        validate: (value: unknown) =>
          isIdentifier(value) ||
          (Array.isArray(value) && value.length >= 1 && value.length <= max && value.every(isIdentifier)),
        defaultMessage: (args: ValidationArguments) =>
          `${args.property} must be an id or a list of 1 to ${max} ids of 1 to ${MAX_IDENTIFIER_LENGTH} characters`,
      },
    });
}
