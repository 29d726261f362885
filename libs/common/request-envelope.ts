import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { Request } from 'express';
import { Observable } from 'rxjs';
import { ApiError } from './api-error';

export const MAX_ARRAY_ITEMS = 1000;
export const MAX_NESTING_DEPTH = 32;

/** Paths whose spec sample writes the payload without the `data` wrapper (spec: Live state). */
const UNWRAPPED_FORM_PATHS = new Set(['/v1/livestate/broadcast', '/v2/livestate/broadcast']);

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Why `value` breaks the array-size or depth limit, holds a `__proto__` key or a NUL character
 * (PostgreSQL text and jsonb cannot store one), or null. Iterative so hostile depth cannot overflow the stack.
 */
export function findLimitViolation(value: unknown, root = 'data'): string | null {
  const stack: Array<[unknown, string, number]> = [[value, root, 0]];
  while (stack.length > 0) {
    const [node, path, depth] = stack.pop()!;
    if (typeof node === 'string' && node.includes('\u0000')) return `${path} must not contain NUL characters.`;
    if (typeof node !== 'object' || node === null) continue;
    if (depth > MAX_NESTING_DEPTH) return `${path} is nested deeper than ${MAX_NESTING_DEPTH} levels.`;
    if (Array.isArray(node)) {
      if (node.length > MAX_ARRAY_ITEMS) return `${path} must contain at most ${MAX_ARRAY_ITEMS} items.`;
      node.forEach((child, index) => stack.push([child, `${path}[${index}]`, depth + 1]));
    } else {
      for (const [key, child] of Object.entries(node)) {
        // DTO transformation assigns keys one by one: `__proto__` would replace the object's prototype.
        if (key === '__proto__') return `${path} must not contain the key __proto__.`;
        if (key.includes('\u0000')) return `${path} must not contain NUL characters in keys.`;
        stack.push([child, `${path}.${key}`, depth + 1]);
      }
    }
  }
  return null;
}

/**
 * Wire conventions of DESIGN §2 for every POST operation: JSON content type, `{ data: object }`
 * body, bounded arrays and depth. Runs on matched routes only, so unknown paths stay NOT_FOUND.
 */
export function checkRequestEnvelope(req: Request): void {
  if (req.method !== 'POST') return;
  if (!req.is('application/json')) throw ApiError.invalid('Content-Type must be application/json.');
  let body: unknown = req.body;
  // DESIGN §2: top-level organizationId marks the unwrapped form; its own `data` is the live-state object.
  if (UNWRAPPED_FORM_PATHS.has(req.path) && isPlainObject(body) && 'organizationId' in body) {
    body = req.body = { data: body };
  }
  if (!isPlainObject(body)) throw ApiError.invalid('Request body must be a JSON object of the form { data: object }.');
  if (!('data' in body)) throw ApiError.invalid('data is required.');
  if (!isPlainObject(body.data)) throw ApiError.invalid('data must be an object.');
  const violation = findLimitViolation(body.data);
  if (violation) throw ApiError.invalid(violation);
}

@Injectable()
export class RequestEnvelopeInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() === 'http') checkRequestEnvelope(context.switchToHttp().getRequest<Request>());
    return next.handle();
  }
}
