import { InjectQueue } from '@nestjs/bullmq';
import { BeforeApplicationShutdown, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { Job, Queue, Worker } from 'bullmq';
import { AppConfig } from '@app/common';
import { QUEUE } from '@app/queue';
import { DocumentMigrationJob, MIGRATION_JOB } from './document-migration.job';
import { MigrationStatus } from './entities/document-migration.entity';
import { MigrationRunner } from './migration-runner.service';
import { MigrationSweeper } from './migration-sweeper.service';

/** Each crash of the worker running a job counts one stall; beyond this the job fails and the sweeper settles its row. */
const MAX_STALLED_COUNT = 5;
const SWEEP_SCHEDULER_ID = 'migration-sweep';

/**
 * Consumer of the migration queue. Built by hand rather than with @Processor because the lock and
 * stall timings come from validated config, which a decorator argument cannot reach. A job whose
 * worker died keeps its lock for MIGRATION_LOCK_DURATION_MS, then another worker's stalled check
 * puts it back in the queue; the runner makes the repeat safe.
 */
@Injectable()
export class MigrationProcessor implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(MigrationProcessor.name);
  private worker: Worker<DocumentMigrationJob> | null = null;

  constructor(
    @InjectQueue(QUEUE.MIGRATION) private readonly queue: Queue<DocumentMigrationJob>,
    private readonly runner: MigrationRunner,
    private readonly sweeper: MigrationSweeper,
    private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.worker = new Worker<DocumentMigrationJob>(QUEUE.MIGRATION, (job) => this.process(job), {
      connection: this.queue.opts.connection,
      prefix: this.queue.opts.prefix,
      concurrency: this.config.migrationConcurrency,
      lockDuration: this.config.migrationLockDurationMs,
      stalledInterval: this.config.migrationStalledIntervalMs,
      maxStalledCount: MAX_STALLED_COUNT,
    });
    this.worker.on('error', (error) => this.logger.warn(`migration worker: ${error.message}`));
    // One schedule whatever the number of workers: upserting the same id is idempotent.
    await this.queue.upsertJobScheduler(
      SWEEP_SCHEDULER_ID,
      { every: this.config.migrationSweepIntervalMs },
      { name: MIGRATION_JOB.SWEEP, opts: { removeOnComplete: true, removeOnFail: { count: 100 } } },
    );
  }

  /** Graceful stop: close() waits for running jobs, and runs before the database pool is closed. */
  async beforeApplicationShutdown(): Promise<void> {
    await this.worker?.close();
  }

  async process(job: Job<DocumentMigrationJob>): Promise<MigrationStatus | number | null> {
    if (job.name === MIGRATION_JOB.SWEEP) return this.sweeper.sweep();
    try {
      return await this.runner.run(job.data.migrationId);
    } catch (error) {
      if (job.attemptsMade + 1 >= (job.opts.attempts ?? 1)) {
        // Best effort: if this write fails too, the sweeper settles the row once it sees the failed job.
        await this.runner.abandon(job.data.migrationId).catch(() => undefined);
      }
      throw error;
    }
  }
}
