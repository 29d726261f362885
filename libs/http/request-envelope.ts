import { Request } from 'express';
import { ApiError, findLimitViolation } from '@app/common';

/** Paths whose spec sample writes the payload without the `data` wrapper (spec: Live state). */
const UNWRAPPED_FORM_PATHS = new Set(['/v1/livestate/broadcast', '/v2/livestate/broadcast']);

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * docs/architecture.md "Wire conventions" for every POST operation: JSON content type, `{ data: object }`
 * body, bounded arrays and depth. Runs while the handler's arguments are read (`@Data()`), so after
 * the auth guards (401 before 400) and on matched routes only (unknown paths stay NOT_FOUND).
 */
export function checkRequestEnvelope(req: Request): void {
  if (req.method !== 'POST') return;
  if (!req.is('application/json')) throw ApiError.invalid('Content-Type must be application/json.');
  let body: unknown = req.body;
  // docs/architecture.md "Wire conventions": top-level organizationId marks the unwrapped form; its own `data` is the live-state object.
  if (UNWRAPPED_FORM_PATHS.has(req.path) && isPlainObject(body) && 'organizationId' in body) {
    body = req.body = { data: body };
  }
  if (!isPlainObject(body)) throw ApiError.invalid('Request body must be a JSON object of the form { data: object }.');
  if (!('data' in body)) throw ApiError.invalid('data is required.');
  if (!isPlainObject(body.data)) throw ApiError.invalid('data must be an object.');
  const violation = findLimitViolation(body.data);
  if (violation) throw ApiError.invalid(violation);
}
