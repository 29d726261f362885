import { InjectQueue } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import { AppConfig } from '@app/common';
import { QUEUE } from '@app/queue';
import { DocumentMigrationJob, MIGRATION_JOB } from './document-migration.job';
import { MigrationRunner } from './migration-runner.service';

const SWEEP_BATCH = 500;

/**
 * The row in PostgreSQL is the truth, the job in Redis only a wake-up call. Unsettled rows whose
 * job is missing (Redis was down at enqueue, or lost its data) are enqueued again; rows whose job
 * gave up without settling them are marked failed. Queued, delayed and running jobs are left alone.
 */
@Injectable()
export class MigrationSweeper {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectQueue(QUEUE.MIGRATION) private readonly queue: Queue<DocumentMigrationJob>,
    private readonly runner: MigrationRunner,
    private readonly config: AppConfig,
  ) {}

  /** Returns how many migrations were enqueued again. */
  async sweep(): Promise<number> {
    const rows: { id: string }[] = await this.dataSource.query(
      `SELECT id FROM document_migration
       WHERE status IN ('pending', 'in_progress') AND updated_at < now() - make_interval(secs => $1)
       ORDER BY updated_at LIMIT $2`,
      [this.config.migrationSweepIntervalMs / 1000, SWEEP_BATCH],
    );
    let enqueued = 0;
    for (const { id } of rows) {
      const state = await this.queue.getJobState(id);
      if (state === 'unknown') {
        await this.queue.add(MIGRATION_JOB.MIGRATE, { migrationId: id }, { jobId: id });
        enqueued++;
      } else if (state === 'failed') {
        await this.runner.abandon(id);
      }
    }
    return enqueued;
  }
}
