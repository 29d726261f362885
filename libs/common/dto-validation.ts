import { plainToInstance } from 'class-transformer';
import { validateSync, ValidatorOptions } from 'class-validator';
import { ApiError } from './api-error';
import { refusedNullPath } from './nullable-fields';
import { cacheValidationMetadata } from './validation-metadata-cache';
import { describeValidationErrors } from './validation-message';

cacheValidationMetadata();

/** docs/architecture.md "Wire conventions": an unknown field is an error naming it, never silently dropped. */
const STRICT: ValidatorOptions = {
  whitelist: true,
  forbidNonWhitelisted: true,
  forbidUnknownValues: true,
  validationError: { target: false },
};

function isPlainRecord(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/**
 * Deletes `constructor` and `prototype` keys at every depth, as Nest's ValidationPipe does:
 * class-transformer reads an object's class from its `constructor` (a number there throws) and
 * would copy either key onto the DTO. `__proto__` never gets here: findLimitViolation refuses it.
 */
function dropPrototypeKeys(value: object): void {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const node = stack.pop();
    if (Array.isArray(node)) {
      for (const item of node as unknown[]) stack.push(item);
    } else if (isPlainRecord(node)) {
      Reflect.deleteProperty(node, 'constructor');
      Reflect.deleteProperty(node, 'prototype');
      for (const key in node) stack.push(node[key]);
    }
  }
}

/**
 * `plain` (a JSON object findLimitViolation has passed) as an instance of its DTO class, or
 * INVALID_ARGUMENT naming the first bad field (or `invalidMessage`, see describeValidationErrors).
 * class-validator's @IsOptional() passes null as it passes absent; here null is refused, naming the
 * field, unless the field is @Nullable() (docs/architecture.md "Wire conventions"), so a service
 * never reads null where its field's type is expected. Synchronous: no rule of ours is async, so
 * neither class-validator's promise per rule nor Nest's pipe chain is paid on every request.
 */
export function validatedDto<T extends object>(
  dtoClass: new () => T,
  plain: object,
  { invalidMessage, ...options }: Pick<ValidatorOptions, 'stopAtFirstError'> & { invalidMessage?: string } = {},
): T {
  dropPrototypeKeys(plain);
  const dto = plainToInstance(dtoClass, plain);
  const errors = validateSync(dto, { ...STRICT, ...options });
  if (errors.length > 0) throw ApiError.invalid(describeValidationErrors(errors, 'data', invalidMessage));
  const nullPath = refusedNullPath(dto, 'data');
  if (nullPath !== undefined) throw ApiError.invalid(invalidMessage ?? `${nullPath} must not be null.`);
  return dto;
}

/** Velt's read routes take an empty `data`; any field in it is unknown. */
export function requireNoFields(data: Record<string, unknown>): void {
  const unknown = Object.keys(data)[0];
  if (unknown !== undefined) throw ApiError.invalid(`data.${unknown} is not a known field.`);
}
