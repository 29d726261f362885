import { InjectQueue } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import { Job, Queue } from 'bullmq';
import { AppConfig } from '@app/common';
import { ExtraWorkerOptions, QUEUE, QueueProcessor } from '@app/queue';
import { DeletionStatus } from './entities/user-data-deletion.entity';
import { USER_DATA_JOB, UserDataDeletionJob } from './user-data-deletion.job';
import { UserDataEraser } from './user-data-eraser.service';
import { UserDataSweeper } from './user-data.sweeper';

/** Each crash of the worker running a job counts one stall; beyond this the job fails and the sweeper settles its row. */
const MAX_STALLED_COUNT = 5;
const SWEEP_SCHEDULER_ID = 'user-data-sweep';

/**
 * Consumer of the user-data queue. A job whose worker died keeps its lock for USER_DATA_LOCK_DURATION_MS,
 * then another worker's stalled check puts it back in the queue; the eraser continues from the last committed batch.
 */
@Injectable()
export class UserDataProcessor extends QueueProcessor<UserDataDeletionJob> {
  protected readonly queueName = QUEUE.USER_DATA;

  constructor(
    @InjectQueue(QUEUE.USER_DATA) private readonly queue: Queue<UserDataDeletionJob>,
    private readonly eraser: UserDataEraser,
    private readonly sweeper: UserDataSweeper,
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
      { every: this.config.userDataSweepIntervalMs },
      { name: USER_DATA_JOB.SWEEP, opts: { removeOnComplete: true, removeOnFail: { count: 100 } } },
    );
  }

  async process(job: Job<UserDataDeletionJob>): Promise<DeletionStatus | number | null> {
    if (job.name === USER_DATA_JOB.SWEEP) return this.sweeper.sweep();
    try {
      return await this.eraser.run(job.data.deletionId);
    } catch (error) {
      if (job.attemptsMade + 1 >= (job.opts.attempts ?? 1)) {
        // Best effort: if this write fails too, the sweeper settles the row once it sees the failed job.
        await this.eraser.abandon(job.data.deletionId).catch(() => undefined);
      }
      throw error;
    }
  }
}
