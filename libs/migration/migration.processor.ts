import { InjectQueue } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import { Queue } from 'bullmq';
import { AppConfig } from '@app/common';
import { QUEUE, RowJobProcessor } from '@app/queue';
import { DocumentMigrationJob, MIGRATION_JOB } from './document-migration.job';
import { MigrationStatus } from './entities/document-migration.entity';
import { MigrationRunner } from './migration-runner.service';

/** Consumer of the migration queue: each job re-keys the document its `document_migration` row names. */
@Injectable()
export class MigrationProcessor extends RowJobProcessor<DocumentMigrationJob, MigrationStatus> {
  protected readonly queueName = QUEUE.MIGRATION;

  constructor(
    @InjectQueue(QUEUE.MIGRATION) queue: Queue<DocumentMigrationJob>,
    runner: MigrationRunner,
    config: AppConfig,
  ) {
    super({
      queue,
      runner: runner,
      jobName: MIGRATION_JOB.MIGRATE,
      sweepJobName: MIGRATION_JOB.SWEEP,
      sweepIntervalMs: config.migrationSweepIntervalMs,
      payload: (migrationId) => ({ migrationId }),
      idOf: (job) => job.migrationId,
    });
  }
}
