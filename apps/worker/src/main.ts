import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { Logger } from 'nestjs-pino';
import { loadConfigOrExit, validOrExit } from '@app/common';
import { QueueSettings, WorkerRegistry } from '@app/queue';
import { startWorkerHealthServer } from './worker-health';
import { WorkerModule } from './worker.module';

/** Worker process: BullMQ processors only, no REST API. Start as many as the queues need. */
async function bootstrap(): Promise<void> {
  const config = loadConfigOrExit();
  const queues = validOrExit(() => new QueueSettings(process.env, config.workerQueues));
  const app = await NestFactory.createApplicationContext(WorkerModule.forQueues(queues), { bufferLogs: true });
  const logger = app.get(Logger);
  app.useLogger(logger);
  app.enableShutdownHooks();
  await app.init();
  const missing = app.get(WorkerRegistry).withoutProcessor();
  if (missing.length > 0) {
    process.stderr.write(
      `No processor for queue ${missing.join(', ')}: provide its QueueProcessor in a module of PROCESSOR_MODULES (apps/worker/src/worker.module.ts; CONTRIBUTING.md "Add a queue").\n`,
    );
    await app.close();
    process.exit(1);
  }
  if (config.workerHealthPort > 0) startWorkerHealthServer(app, config.workerHealthPort);
  logger.log(`Worker ready (queues: ${queues.served.join(', ')})`, 'Bootstrap');
}

void bootstrap();
