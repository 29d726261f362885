import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { DefaultJobOptions } from 'bullmq';
import { AppConfig } from '@app/common';

/** Kept history is bounded; failures stay for a week so an operator can inspect and replay them. */
export const DEFAULT_JOB_OPTIONS: DefaultJobOptions = {
  attempts: 8,
  backoff: { type: 'exponential', delay: 1000 },
  removeOnComplete: { age: 24 * 3600, count: 10_000 },
  removeOnFail: { age: 7 * 24 * 3600 },
};

/** BullMQ connection shared by producers (API) and consumers (worker). */
@Module({
  imports: [
    BullModule.forRootAsync({
      inject: [AppConfig],
      useFactory: (config: AppConfig) => ({
        connection: { url: config.redisUrl, maxRetriesPerRequest: null },
        prefix: `${config.redisPrefix}:bull`,
        defaultJobOptions: DEFAULT_JOB_OPTIONS,
      }),
    }),
  ],
})
export class QueueModule {}
