import { InjectQueue } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import { AppConfig } from '@app/common';
import { QUEUE, RowJobProcessor } from '@app/queue';
import { DocumentMigrationJob, MIGRATION_JOB } from './document-migration.job';
import { MigrationStatus } from './entities/document-migration.entity';
import { MigrationRunner } from './migration-runner.service';

/** Consumer of the migration queue: each job re-keys the document its `document_migration` row names. */
@Injectable()
export class MigrationProcessor extends RowJobProcessor<DocumentMigrationJob, MigrationStatus> {
  protected readonly queueName = QUEUE.MIGRATION;

  constructor(@InjectQueue(QUEUE.MIGRATION) queue: Queue<DocumentMigrationJob>, @InjectDataSource() dataSource: DataSource, runner: MigrationRunner, config: AppConfig) {
    super(
      queue,
      dataSource,
      runner,
      {
        table: 'document_migration',
        jobName: MIGRATION_JOB.MIGRATE,
        sweepJobName: MIGRATION_JOB.SWEEP,
        sweepIntervalMs: config.migrationSweepIntervalMs,
        payload: (migrationId) => ({ migrationId }),
      },
      (job) => job.migrationId,
    );
  }
}
