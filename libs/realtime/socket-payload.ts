import { ApiError, DocumentRefDto, findLimitViolation, validatedDto } from '@app/common';

/** Socket event payloads get the same checks as REST `data`: limits, then the DTO with whitelist. */
export function parsePayload<T extends object>(dtoClass: new () => T, payload: unknown): T {
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload))
    throw ApiError.invalid('Payload must be an object.');
  const violation = findLimitViolation(payload);
  if (violation) throw ApiError.invalid(violation);
  return validatedDto(dtoClass, payload, { stopAtFirstError: true });
}

/**
 * The document a hot-path message (a presence set, a broadcast) names, checked by hand rather than
 * through a DTO: it only has to match a subscription of the socket, which was validated on subscribe.
 */
export function documentRefOf(payload: unknown): DocumentRefDto {
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload))
    throw ApiError.invalid('Payload must be an object.');
  const { organizationId, documentId } = payload as Record<string, unknown>;
  if (typeof organizationId !== 'string') throw ApiError.invalid('organizationId must be a string.');
  if (typeof documentId !== 'string') throw ApiError.invalid('documentId must be a string.');
  return { organizationId, documentId };
}
