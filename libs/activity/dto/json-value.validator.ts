import { isStorableJson } from '@app/common';
import { registerDecorator, ValidationArguments } from 'class-validator';

/** Velt's `any` fields (entityData, entityTargetData): any JSON value PostgreSQL can store. */
export function IsJsonValue(): PropertyDecorator {
  return (target, propertyKey) =>
    registerDecorator({
      name: 'isJsonValue',
      target: target.constructor,
      propertyName: propertyKey as string,
      validator: {
        validate: (value: unknown) => isStorableJson(value),
        defaultMessage: (args: ValidationArguments) => `${args.property} must be JSON without NUL or unpaired surrogates`,
      },
    });
}
