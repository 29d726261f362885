import { applyDecorators } from '@nestjs/common';
import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayNotEmpty, IsArray, IsObject, IsOptional, ValidateNested } from 'class-validator';
import { MAX_ARRAY_ITEMS } from './request-limits';

export interface NestedArrayOptions {
  optional?: boolean;
  allowEmpty?: boolean;
  maxItems?: number;
}

/**
 * A list of objects validated against `type`. Items must be objects: class-validator would
 * otherwise let an array item that is itself an array pass nested validation.
 */
export function NestedArray(
  type: () => new (...args: never[]) => unknown,
  { optional = false, allowEmpty = false, maxItems = MAX_ARRAY_ITEMS }: NestedArrayOptions = {},
): PropertyDecorator {
  return applyDecorators(
    ...(optional ? [IsOptional()] : []),
    IsArray(),
    ...(allowEmpty ? [] : [ArrayNotEmpty()]),
    ArrayMaxSize(maxItems),
    IsObject({ each: true }),
    ValidateNested({ each: true }),
    Type(type),
  );
}
