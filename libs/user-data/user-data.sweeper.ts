import { InjectQueue } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import { AppConfig } from '@app/common';
import { QUEUE } from '@app/queue';
import { DELETE_JOB_OPTIONS, USER_DATA_JOB, UserDataDeletionJob } from './user-data-deletion.job';
import { UserDataEraser } from './user-data-eraser.service';

const SWEEP_BATCH = 500;

/**
 * The row in PostgreSQL is the truth, the job in Redis only a wake-up call (as for migrations).
 * Unsettled deletions whose job is missing are enqueued again; those whose job gave up without
 * settling them are marked failed. Queued, delayed and running jobs are left alone.
 */
@Injectable()
export class UserDataSweeper {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectQueue(QUEUE.USER_DATA) private readonly queue: Queue<UserDataDeletionJob>,
    private readonly eraser: UserDataEraser,
    private readonly config: AppConfig,
  ) {}

  /** Returns how many deletions were enqueued again. */
  async sweep(): Promise<number> {
    const rows: { id: string }[] = await this.dataSource.query(
      `SELECT id FROM user_data_deletion
       WHERE status IN ('pending', 'in_progress') AND updated_at < now() - make_interval(secs => $1)
       ORDER BY updated_at LIMIT $2`,
      [this.config.userDataSweepIntervalMs / 1000, SWEEP_BATCH],
    );
    let enqueued = 0;
    for (const { id } of rows) {
      const state = await this.queue.getJobState(id);
      if (state === 'unknown') {
        await this.queue.add(USER_DATA_JOB.DELETE, { deletionId: id }, { jobId: id, ...DELETE_JOB_OPTIONS });
        enqueued++;
      } else if (state === 'failed') {
        await this.eraser.abandon(id);
      }
    }
    return enqueued;
  }
}
