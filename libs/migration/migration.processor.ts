import { InjectQueue } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import { Job, Queue } from 'bullmq';
import { AppConfig } from '@app/common';
import { ExtraWorkerOptions, QUEUE, QueueProcessor } from '@app/queue';
import { DocumentMigrationJob, MIGRATION_JOB } from './document-migration.job';
import { MigrationStatus } from './entities/document-migration.entity';
import { MigrationRunner } from './migration-runner.service';
import { MigrationSweeper } from './migration.sweeper';

/** Each crash of the worker running a job counts one stall; beyond this the job fails and the sweeper settles its row. */
const MAX_STALLED_COUNT = 5;
const SWEEP_SCHEDULER_ID = 'migration-sweep';

/**
 * Consumer of the migration queue. A job whose worker died keeps its lock for MIGRATION_LOCK_DURATION_MS,
 * then another worker's stalled check puts it back in the queue; the runner makes the repeat safe.
 */
@Injectable()
export class MigrationProcessor extends QueueProcessor<DocumentMigrationJob> {
  protected readonly queueName = QUEUE.MIGRATION;

  constructor(
    @InjectQueue(QUEUE.MIGRATION) private readonly queue: Queue<DocumentMigrationJob>,
    private readonly runner: MigrationRunner,
    private readonly sweeper: MigrationSweeper,
    private readonly config: AppConfig,
  ) {
    super();
  }

  protected override extraOptions(): ExtraWorkerOptions {
    return { maxStalledCount: MAX_STALLED_COUNT };
  }

  protected override async schedule(): Promise<void> {
    await this.queue.upsertJobScheduler(
      SWEEP_SCHEDULER_ID,
      { every: this.config.migrationSweepIntervalMs },
      { name: MIGRATION_JOB.SWEEP, opts: { removeOnComplete: true, removeOnFail: { count: 100 } } },
    );
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
