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

/** Told of every finished request, logged or not, with how long it took in seconds. */
export type FinishedRequestObserver = (req: IncomingMessage, res: ServerResponse, seconds: number) => void;

/**
 * Request id and access line without a per-request child logger: the id is echoed on the response,
 * and one JSON line per request is written after the response, only when `info` is enabled. Request
 * lines carry no headers at all, so credentials can never reach a log. Flat keys, as the line had when
 * it went through the root logger, whose pino-http `req`/`res` serializers expect live request objects.
 * The API passes its buffered access log (`AccessLog`). The observers (the HTTP metrics)
 * share the one `finish` listener and clock reading, instead of each adding a middleware of its own.
 */
export function requestLogMiddleware(
  logger: Logger,
  observers: readonly FinishedRequestObserver[] = [],
): (req: IncomingMessage, res: ServerResponse, next: () => void) => void {
  return (req, res, next) => {
    const given = req.headers[REQUEST_ID_HEADER];
    const id = typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    res.setHeader(REQUEST_ID_HEADER, id);
    const logged = logger.isLevelEnabled('info') && !UNLOGGED_PATHS.has(req.url ?? '');
    if (logged || observers.length > 0) {
      const started = performance.now();
      res.once('finish', () => {
        const elapsedMs = performance.now() - started;
        for (const observe of observers) observe(req, res, elapsedMs / 1000);
        if (logged)
          logger.info(
            {
              requestId: id,
              method: req.method,
              url: req.url,
              statusCode: res.statusCode,
              responseTime: Math.round(elapsedMs),
            },
            'request completed',
          );
      });
    }
    next();
  };
}
