import { ArgumentsHost, Catch, ExceptionFilter, Logger } from '@nestjs/common';
import { NextFunction, Request, Response } from 'express';
import { requestIdOf } from '@app/common';
import { toErrorResponse } from './error-response';

const logger = new Logger('Errors');

function send(error: unknown, req: Request, res: Response): void {
  const response = toErrorResponse(error);
  if (response.errorId) {
    logger.error(
      { err: error, errorId: response.errorId, path: req.path, requestId: requestIdOf(res) },
      'Unhandled error',
    );
  }
  if (res.headersSent) return;
  if (response.retryAfterSeconds !== undefined) res.setHeader('Retry-After', String(response.retryAfterSeconds));
  res.status(response.httpStatus).json(response.body);
}

/** Every error raised inside Nest (guards, pipes, handlers) leaves as the spec's error envelope. */
@Catch()
export class EnvelopeExceptionFilter implements ExceptionFilter {
  catch(error: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    send(error, http.getRequest<Request>(), http.getResponse<Response>());
  }
}

/** Same mapping for errors raised by Express middleware that runs before Nest routing (body parsing). */
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- Express recognises an error handler by its four parameters.
export function expressErrorHandler(error: unknown, req: Request, res: Response, _next: NextFunction): void {
  send(error, req, res);
}
