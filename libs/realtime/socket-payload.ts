import { ApiError, DocumentRefDto, findLimitViolation, validatedDto } from '@app/common';

/** Socket event payloads get the same checks as REST `data`: limits, then the DTO with whitelist. */
export function parsePayload<T extends object>(dtoClass: new () => T, payload: unknown): T {
  return validatedDto(dtoClass, checkedObject(payload), { stopAtFirstError: true });
}

/**
 * A hot-path message (a presence set, a broadcast): the document it names and its one value field,
 * checked by hand rather than through a DTO, with the same limits and the same refusal of unknown
 * fields. The document only has to match a subscription of the socket, validated on subscribe.
 */
export function hotPayload(payload: unknown, field: 'data' | 'event'): { ref: DocumentRefDto; value: unknown } {
  const checked = checkedObject(payload);
  for (const key of Object.keys(checked))
    if (key !== 'organizationId' && key !== 'documentId' && key !== field)
      throw ApiError.invalid(`data.${key} is not a known field.`);
  const { organizationId, documentId } = checked;
  if (typeof organizationId !== 'string') throw ApiError.invalid('data.organizationId must be a string.');
  if (typeof documentId !== 'string') throw ApiError.invalid('data.documentId must be a string.');
  return { ref: { organizationId, documentId }, value: checked[field] };
}

/** A payload that is an object within the request limits (depth, array size, no binary, storable text). */
function checkedObject(payload: unknown): Record<string, unknown> {
  if (payload instanceof ArrayBuffer || ArrayBuffer.isView(payload))
    throw ApiError.invalid('Payload must be a JSON object: binary data is not accepted.');
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload))
    throw ApiError.invalid('Payload must be an object.');
  const violation = findLimitViolation(payload);
  if (violation) throw ApiError.invalid(violation);
  return payload as Record<string, unknown>;
}
