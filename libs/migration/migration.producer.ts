import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger } from '@nestjs/common';
import { Queue } from 'bullmq';
import { QUEUE } from '@app/queue';
import { DocumentMigrationJob, MIGRATION_JOB } from './document-migration.job';

/** Bounded so a Redis outage cannot hold the HTTP request open; the BullMQ connection itself retries forever. */
const ENQUEUE_TIMEOUT_MS = 2000;

@Injectable()
export class MigrationProducer {
  private readonly logger = new Logger(MigrationProducer.name);

  constructor(@InjectQueue(QUEUE.MIGRATION) private readonly queue: Queue<DocumentMigrationJob>) {}

  /**
   * Idempotent: the job id is the migration id, and BullMQ ignores an add whose id it already holds.
   * Never throws: the row is committed, and the worker's sweeper enqueues pending rows that have no job.
   */
  async enqueue(migrationId: string): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`enqueue timed out after ${ENQUEUE_TIMEOUT_MS} ms`)), ENQUEUE_TIMEOUT_MS);
    });
    try {
      await Promise.race([this.queue.add(MIGRATION_JOB.MIGRATE, { migrationId }, { jobId: migrationId }), timeout]);
    } catch (error) {
      this.logger.warn({ err: error, migrationId }, 'Migration job not enqueued; the sweeper will enqueue it');
    } finally {
      clearTimeout(timer);
    }
  }
}
