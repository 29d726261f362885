import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { ApiError, describeValidationErrors, findLimitViolation } from '@app/common';

/** Socket event payloads get the same checks as REST `data`: limits, then the DTO with whitelist. */
export function parsePayload<T extends object>(dtoClass: new () => T, payload: unknown): T {
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) throw ApiError.invalid('Payload must be an object.');
  const violation = findLimitViolation(payload);
  if (violation) throw ApiError.invalid(violation);
  const dto = plainToInstance(dtoClass, payload);
  const errors = validateSync(dto, { whitelist: true, forbidNonWhitelisted: true, forbidUnknownValues: true, stopAtFirstError: true });
  if (errors.length > 0) throw ApiError.invalid(describeValidationErrors(errors));
  return dto;
}
