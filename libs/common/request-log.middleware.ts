import { randomUUID } from 'node:crypto';
import { IncomingMessage, ServerResponse } from 'node:http';
import { Logger } from 'pino';

export const REQUEST_ID_HEADER = 'x-request-id';
const REQUEST_ID = /^[A-Za-z0-9._-]{1,128}$/;
const UNLOGGED_PATHS = new Set(['/health', '/metrics']);

/** The request id this middleware gave the response (the client's sane `x-request-id`, else a UUID). */
export function requestIdOf(res: ServerResponse): string | undefined {
  const id = res.getHeader(REQUEST_ID_HEADER);
  return typeof id === 'string' ? id : undefined;
}

/**
 * Request id and access line without a per-request child logger: the id is echoed on the response,
 * and one JSON line per request is written after the response, only when `info` is enabled. Request
 * lines carry no headers at all, so credentials can never reach a log. Flat keys: the root logger's
 * pino-http `req`/`res` serializers expect live request objects.
 */
export function requestLogMiddleware(logger: Logger): (req: IncomingMessage, res: ServerResponse, next: () => void) => void {
  return (req, res, next) => {
    const given = req.headers[REQUEST_ID_HEADER];
    const id = typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    res.setHeader(REQUEST_ID_HEADER, id);
    if (logger.isLevelEnabled('info') && !UNLOGGED_PATHS.has(req.url ?? '')) {
      const started = performance.now();
      res.once('finish', () => {
        const responseTime = Math.round(performance.now() - started);
        logger.info({ requestId: id, method: req.method, url: req.url, statusCode: res.statusCode, responseTime }, 'request completed');
      });
    }
    next();
  };
}
