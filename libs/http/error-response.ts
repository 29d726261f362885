import { HttpException } from '@nestjs/common';
import { ThrottlerException } from '@nestjs/throttler';
import { randomUUID } from 'node:crypto';
import { ApiError, ErrorCode, ErrorEnvelope, errorEnvelope, HTTP_STATUS_OF } from '@app/common';

export interface ErrorResponse {
  httpStatus: number;
  body: ErrorEnvelope;
  retryAfterSeconds?: number;
  /** Set for errors we did not expect: the caller logs the stack under this id. */
  errorId?: string;
}

const BODY_PARSER_MESSAGES: Record<string, string> = {
  'entity.parse.failed': 'Malformed JSON body.',
  'entity.too.large': 'Request body exceeds the 1 MiB limit.',
  'charset.unsupported': 'Unsupported request charset.',
  'encoding.unsupported': 'Unsupported request content encoding.',
  'request.aborted': 'Request aborted.',
  'request.size.invalid': 'Request body size does not match Content-Length.',
  'stream.encoding.set': 'Malformed request body.',
};

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
const UNAVAILABLE_MESSAGE =
  /Connection (is closed|terminated)|Stream isn't writeable|timeout exceeded when trying to connect|Reached the max retries per request|the database system is (starting up|shutting down)|terminating connection due to administrator command|Connection lost|Client has encountered a connection error|Command timed out|^(CLUSTERDOWN|TRYAGAIN|MASTERDOWN) |Too many Cluster redirections|Failed to refresh slots cache|None of startup nodes is available/i;

/** The members of a driver, network or wrapping error that tell an outage apart; any may be missing. */
interface ErrorLike {
  code?: unknown;
  name?: unknown;
  message?: unknown;
  driverError?: unknown;
  cause?: unknown;
}

/**
 * PostgreSQL or Redis is down or unreachable: a 503 the client may retry, not a bug. A Redis Cluster
 * adds its own: a slot whose master is down (CLUSTERDOWN, or redirections that lead nowhere), a
 * resharding in progress (TRYAGAIN), no node reachable to learn the slots from.
 */
export function isDependencyUnavailable(error: unknown): boolean {
  for (let current: unknown = error, hops = 0; current && hops < 5; hops++) {
    const candidate = current as ErrorLike;
    const code = typeof candidate.code === 'string' ? candidate.code : '';
    if (NETWORK_CODES.has(code) || code.startsWith('08') || code === '57P01' || code === '57P03') return true;
    if (candidate.name === 'MaxRetriesPerRequestError') return true;
    if (typeof candidate.message === 'string' && UNAVAILABLE_MESSAGE.test(candidate.message)) return true;
    current = candidate.driverError ?? candidate.cause;
  }
  return false;
}

function isExposedClientError(error: unknown): boolean {
  const candidate = error as { expose?: unknown; status?: unknown };
  return (
    candidate?.expose === true &&
    typeof candidate.status === 'number' &&
    candidate.status >= 400 &&
    candidate.status < 500
  );
}

function fromCode(code: ErrorCode, message: string, retryAfterSeconds?: number): ErrorResponse {
  return { httpStatus: HTTP_STATUS_OF[code], body: errorEnvelope(code, message), retryAfterSeconds };
}

export function toErrorResponse(error: unknown): ErrorResponse {
  if (error instanceof ApiError) return fromCode(error.code, error.message, error.retryAfterSeconds);
  if (error instanceof ThrottlerException) {
    return fromCode(ErrorCode.RESOURCE_EXHAUSTED, 'Too many requests. Please try again later.');
  }
  const bodyParserType = (error as { type?: unknown })?.type;
  if (typeof bodyParserType === 'string' && BODY_PARSER_MESSAGES[bodyParserType]) {
    return fromCode(ErrorCode.INVALID_ARGUMENT, BODY_PARSER_MESSAGES[bodyParserType]);
  }
  // A client error raised while reading the body, without a body-parser type: e.g. zlib failing on a
  // `Content-Encoding: gzip` body that is not gzip. The request was bad, not the service.
  if (isExposedClientError(error)) {
    const code = (error as { code?: unknown }).code;
    const message =
      typeof code === 'string' && code.startsWith('Z_')
        ? 'Request body does not match its Content-Encoding.'
        : 'Malformed request body.';
    return fromCode(ErrorCode.INVALID_ARGUMENT, message);
  }
  if (error instanceof HttpException) {
    const status = error.getStatus();
    if (status === 404 || status === 405) return fromCode(ErrorCode.NOT_FOUND, 'Route not found.');
    if (status === 401) return fromCode(ErrorCode.UNAUTHENTICATED, 'Missing or invalid credentials.');
    if (status === 403) return fromCode(ErrorCode.PERMISSION_DENIED, 'Permission denied.');
    if (status === 503) return fromCode(ErrorCode.UNAVAILABLE, 'Service temporarily unavailable.');
    if (status < 500) return fromCode(ErrorCode.INVALID_ARGUMENT, 'Invalid request.');
  }
  if (isDependencyUnavailable(error)) {
    return fromCode(ErrorCode.UNAVAILABLE, 'Service temporarily unavailable. Please retry.', 1);
  }
  const errorId = randomUUID();
  return {
    httpStatus: 500,
    body: errorEnvelope(ErrorCode.INTERNAL, 'Internal error.', errorId),
    errorId,
  };
}
