import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { NestExpressApplication } from '@nestjs/platform-express';
import { json } from 'express';
import { Logger } from 'nestjs-pino';
import { KNOWLEDGE_INGEST_MAX_BODY_BYTES, KNOWLEDGE_INGEST_PATH } from '@app/ai-memory';
import { AccessLog, AppConfig, loadConfigOrExit, requestLogMiddleware } from '@app/common';
import { auditConsoleChanges } from '@app/console/http';
import { answerClientError, expressErrorHandler, listRoutes, matchLiteralRoutesByText, setupOpenApi } from '@app/http';
import { MetricsRegistry } from '@app/metrics';
import { httpMetricsObserver } from '@app/metrics/http';
import { ApiModule } from './api.module';
import { mountConsole } from './console-assets';
import { mountQueueDashboard } from './queue-dashboard';

export const MAX_BODY_BYTES = 1024 * 1024;

async function bootstrap(): Promise<void> {
  loadConfigOrExit();
  const app = await NestFactory.create<NestExpressApplication>(ApiModule, { bodyParser: false, bufferLogs: true });
  const config = app.get(AppConfig);
  app.useLogger(app.get(Logger));
  app.set('trust proxy', config.trustProxy);
  app.disable('x-powered-by');
  // Every operation is a POST, which no cache revalidates: an ETag would only hash each response body.
  app.set('etag', false);
  app.use(requestLogMiddleware(app.get(AccessLog).logger, [httpMetricsObserver(app.get(MetricsRegistry))]));
  // An inline knowledge file travels as base64 in JSON: up to 5 MB of bytes (the routes' DTO checks the decoded size).
  app.use(KNOWLEDGE_INGEST_PATH, json({ limit: KNOWLEDGE_INGEST_MAX_BODY_BYTES }));
  app.use(json({ limit: MAX_BODY_BYTES }));
  mountQueueDashboard(app, config);
  mountConsole(app, config);
  app.use(expressErrorHandler);
  setupOpenApi(app);
  app.enableShutdownHooks();
  app.getHttpServer().on('clientError', answerClientError);
  auditConsoleChanges(app, listRoutes(ApiModule));
  await app.init();
  matchLiteralRoutesByText(app);
  await app.listen(config.port, '0.0.0.0');
  app.get(Logger).log(`API listening on ${await app.getUrl()}`, 'Bootstrap');
}

void bootstrap();
