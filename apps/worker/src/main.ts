import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { Logger } from 'nestjs-pino';
import { loadConfigOrExit } from '@app/common';
import { startWorkerHealthServer } from './worker-health';
import { WorkerModule } from './worker.module';

/** Worker process: BullMQ processors only, no REST API. Start as many as the queues need. */
async function bootstrap(): Promise<void> {
  const config = loadConfigOrExit();
  const app = await NestFactory.createApplicationContext(WorkerModule.forQueues(config.workerQueues), { bufferLogs: true });
  const logger = app.get(Logger);
  app.useLogger(logger);
  app.enableShutdownHooks();
  await app.init();
  if (config.workerHealthPort > 0) startWorkerHealthServer(app, config.workerHealthPort);
  logger.log(`Worker ready (queues: ${config.workerQueues?.join(', ') ?? 'all'})`, 'Bootstrap');
}

void bootstrap();
