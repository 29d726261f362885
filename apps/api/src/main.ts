import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { NestExpressApplication } from '@nestjs/platform-express';
import { json } from 'express';
import { Logger } from 'nestjs-pino';
import { answerClientError, AppConfig, expressErrorHandler, loadConfigOrExit, setupOpenApi } from '@app/common';
import { httpMetricsMiddleware, MetricsRegistry } from '@app/metrics';
import { mountQueueDashboard } from '@app/queue';
import { ApiModule } from './api.module';

export const MAX_BODY_BYTES = 1024 * 1024;

async function bootstrap(): Promise<void> {
  loadConfigOrExit();
  const app = await NestFactory.create<NestExpressApplication>(ApiModule, { bodyParser: false, bufferLogs: true });
  const config = app.get(AppConfig);
  app.useLogger(app.get(Logger));
  app.set('trust proxy', config.trustProxy);
  app.disable('x-powered-by');
  app.use(httpMetricsMiddleware(app.get(MetricsRegistry)));
  app.use(json({ limit: MAX_BODY_BYTES }));
  mountQueueDashboard(app, config);
  app.use(expressErrorHandler);
  setupOpenApi(app);
  app.enableShutdownHooks();
  app.getHttpServer().on('clientError', answerClientError);
  await app.listen(config.port, '0.0.0.0');
  app.get(Logger).log(`API listening on ${await app.getUrl()}`, 'Bootstrap');
}

void bootstrap();
