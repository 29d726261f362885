import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger } from '@nestjs/common';
import { Queue } from 'bullmq';
import { QUEUE } from '@app/queue';
import { DocumentMigrationJob, MIGRATION_JOB } from './document-migration.job';

@Injectable()
export class MigrationProducer {
  private readonly logger = new Logger(MigrationProducer.name);

  constructor(@InjectQueue(QUEUE.MIGRATION) private readonly queue: Queue<DocumentMigrationJob>) {}

  /**
   * Idempotent: the job id is the migration id, and BullMQ ignores an add whose id it already holds.
   * Never throws: the row is committed, and the worker's sweeper enqueues pending rows that have no job
   * (the producer connection refuses at once while Redis is away, so the request does not wait).
   */
  async enqueue(migrationId: string): Promise<void> {
    try {
      await this.queue.add(MIGRATION_JOB.MIGRATE, { migrationId }, { jobId: migrationId });
    } catch (error) {
      this.logger.warn({ err: error, migrationId }, 'Migration job not enqueued; the sweeper will enqueue it');
    }
  }
}
