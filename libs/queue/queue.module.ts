import { BullModule } from '@nestjs/bullmq';
import { DynamicModule, Module } from '@nestjs/common';
import { DefaultJobOptions, QueueOptions } from 'bullmq';
import { AppConfig } from '@app/common';
import { REDIS_COMMAND_TIMEOUT_MS } from '@app/redis';
import { QueueConnection, QueueConnectionModule, queuePrefix } from './queue-connection';
import { QUEUE_NAMES, QueueSettings } from './queues';
import { WorkerRegistry } from './worker-registry';

/** Kept history is bounded; failures stay for a week so an operator can inspect and replay them. */
export const DEFAULT_JOB_OPTIONS: DefaultJobOptions = {
  attempts: 8,
  backoff: { type: 'exponential', delay: 1000 },
  removeOnComplete: { age: 24 * 3600, count: 10_000 },
  removeOnFail: { age: 7 * 24 * 3600 },
};

function rootOptions(config: AppConfig, queues: QueueConnection): QueueOptions {
  return { connection: queues.connection, prefix: queuePrefix(config), defaultJobOptions: DEFAULT_JOB_OPTIONS };
}

/** Every queue of the table, registered in both processes, so no queue can be left unregistered. */
const QUEUES = BullModule.registerQueue(...QUEUE_NAMES.map((name) => ({ name })));

/**
 * The BullMQ connection of each process and every queue on it: the API produces jobs, the worker
 * consumes them. Global, so a domain injects any queue with `@InjectQueue(QUEUE.X)`.
 */
@Module({})
export class QueueModule {
  /**
   * Fails fast (BullMQ's "failing fast when Redis is down" pattern): with no offline queue a command
   * issued while Redis is away is refused at once, and the command timeout bounds one sent into a
   * connection that hangs, so an HTTP request that enqueues never waits out an outage.
   */
  static forProducers(): DynamicModule {
    return {
      module: QueueModule,
      global: true,
      imports: [
        BullModule.forRootAsync({
          imports: [
            QueueConnectionModule.with({
              enableOfflineQueue: false,
              commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
              maxRetriesPerRequest: 1,
            }),
          ],
          inject: [AppConfig, QueueConnection],
          useFactory: rootOptions,
        }),
        QUEUES,
      ],
      exports: [QUEUES],
    };
  }

  /** Blocking-friendly: BullMQ workers need `maxRetriesPerRequest: null`, and their commands wait for Redis to return. */
  static forWorkers(settings: QueueSettings): DynamicModule {
    return {
      module: QueueModule,
      global: true,
      imports: [
        BullModule.forRootAsync({
          imports: [QueueConnectionModule.with({ maxRetriesPerRequest: null })],
          inject: [AppConfig, QueueConnection],
          useFactory: rootOptions,
        }),
        QUEUES,
      ],
      providers: [{ provide: QueueSettings, useValue: settings }, WorkerRegistry],
      exports: [QUEUES, WorkerRegistry],
    };
  }
}
