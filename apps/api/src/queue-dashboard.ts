import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { errorHandler as boardErrorHandler } from '@bull-board/api/dist/handlers/error.js';
import type { ControllerHandlerReturnType } from '@bull-board/api/dist/types.js';
import { ExpressAdapter } from '@bull-board/express';
import { getQueueToken } from '@nestjs/bullmq';
import { INestApplication, Logger } from '@nestjs/common';
import { Queue } from 'bullmq';
import { NextFunction, Request, Response } from 'express';
import { createHash, timingSafeEqual } from 'node:crypto';
import { AppConfig, ErrorCode, errorEnvelope } from '@app/common';
import { toErrorResponse } from '@app/http';
import { QUEUE } from '@app/queue';

export const QUEUE_DASHBOARD_PATH = '/admin/queues';

const logger = new Logger('QueueDashboard');

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

/** HTTP basic auth; both sides are hashed to one length first, so the comparison time says nothing about the secret. */
export function basicAuth(user: string, password: string): (req: Request, res: Response, next: NextFunction) => void {
  const expected = digest(`${user}:${password}`);
  return (req, res, next) => {
    const match = /^Basic +([A-Za-z0-9+/]+=*) *$/i.exec(req.headers.authorization ?? '');
    const given = digest(match ? Buffer.from(match[1], 'base64').toString('utf8') : '');
    if (timingSafeEqual(given, expected) && match) return next();
    res.setHeader('WWW-Authenticate', 'Basic realm="queues", charset="UTF-8"');
    res.status(401).json(errorEnvelope(ErrorCode.UNAUTHENTICATED, 'Missing or invalid credentials.'));
  };
}

/**
 * Bull Board over every queue in QUEUE, mounted only when ADMIN_USER and ADMIN_PASSWORD are set;
 * otherwise the path is an unknown route (NOT_FOUND). Call before the app starts listening.
 */
export function mountQueueDashboard(app: INestApplication, config: AppConfig): void {
  if (!config.admin) return;
  const serverAdapter = new ExpressAdapter().setBasePath(QUEUE_DASHBOARD_PATH);
  const queues = Object.values(QUEUE).map(
    (name) => new BullMQAdapter(app.get<Queue>(getQueueToken(name), { strict: false })),
  );
  createBullBoard({ queues, serverAdapter });
  // Redis down is a 503 like everywhere else; Bull Board's own client errors (unknown queue or job) keep their status.
  serverAdapter.setErrorHandler((error: Parameters<typeof boardErrorHandler>[0]): ControllerHandlerReturnType => {
    if (error.statusCode && error.statusCode < 500) return boardErrorHandler(error);
    const response = toErrorResponse(error);
    if (response.errorId) logger.error({ err: error, errorId: response.errorId }, 'Queue dashboard error');
    return { status: response.httpStatus as ControllerHandlerReturnType['status'], body: response.body };
  });
  app.use(QUEUE_DASHBOARD_PATH, basicAuth(config.admin.user, config.admin.password), serverAdapter.getRouter());
}
