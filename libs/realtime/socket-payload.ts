import { ApiError, findLimitViolation, validatedDto } from '@app/common';

/** Socket event payloads get the same checks as REST `data`: limits, then the DTO with whitelist. */
export function parsePayload<T extends object>(dtoClass: new () => T, payload: unknown): T {
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) throw ApiError.invalid('Payload must be an object.');
  const violation = findLimitViolation(payload);
  if (violation) throw ApiError.invalid(violation);
  return validatedDto(dtoClass, payload, { stopAtFirstError: true });
}
