import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger } from '@nestjs/common';
import { Job, Queue } from 'bullmq';
import { AppConfig } from '@app/common';
import { QUEUE, QueueProcessor } from '@app/queue';
import { ACTIVITY_JOB, ActivityRetentionJob, RETENTION_SCHEDULER_ID } from './activity-retention.job';
import { ActivityRetentionSweeper } from './activity-retention.sweeper';

/** Runs the retention sweep on a BullMQ job scheduler; upserting the scheduler is idempotent, so every worker may. */
@Injectable()
export class ActivityRetentionProcessor extends QueueProcessor<ActivityRetentionJob> {
  protected readonly queueName = QUEUE.ACTIVITY;
  private readonly logger = new Logger(ActivityRetentionProcessor.name);

  constructor(
    private readonly sweeper: ActivityRetentionSweeper,
    private readonly config: AppConfig,
    @InjectQueue(QUEUE.ACTIVITY) private readonly queue: Queue<ActivityRetentionJob>,
  ) {
    super();
  }

  protected override async schedule(): Promise<void> {
    await this.queue.upsertJobScheduler(
      RETENTION_SCHEDULER_ID,
      { every: this.config.activityRetentionSweepIntervalMs },
      { name: ACTIVITY_JOB.RETENTION_SWEEP, opts: { removeOnComplete: true, removeOnFail: { count: 100 } } },
    );
  }

  async process(job: Job<ActivityRetentionJob>): Promise<number> {
    if (job.name !== ACTIVITY_JOB.RETENTION_SWEEP) return 0;
    const deleted = await this.sweeper.sweep();
    if (deleted > 0) this.logger.log(`Deleted ${deleted} activities past their retention`);
    return deleted;
  }
}
