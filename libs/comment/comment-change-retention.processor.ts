import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger } from '@nestjs/common';
import { Job, Queue } from 'bullmq';
import { AppConfig } from '@app/common';
import { QUEUE, QueueProcessor } from '@app/queue';
import { CommentChangeRetentionSweeper } from './comment-change-retention.sweeper';

/** The comment queue's one job: the change log's retention sweep, on a job scheduler every worker may upsert. */
export const COMMENT_JOB = { CHANGE_RETENTION_SWEEP: 'change-retention-sweep' } as const;
const SCHEDULER_ID = 'comment-change-retention';

@Injectable()
export class CommentChangeRetentionProcessor extends QueueProcessor<Record<string, never>> {
  protected readonly queueName = QUEUE.COMMENT;
  private readonly logger = new Logger(CommentChangeRetentionProcessor.name);

  constructor(
    private readonly sweeper: CommentChangeRetentionSweeper,
    private readonly config: AppConfig,
    @InjectQueue(QUEUE.COMMENT) private readonly queue: Queue,
  ) {
    super();
  }

  protected override async schedule(): Promise<void> {
    await this.queue.upsertJobScheduler(
      SCHEDULER_ID,
      { every: this.config.commentChangeSweepIntervalMs },
      { name: COMMENT_JOB.CHANGE_RETENTION_SWEEP, opts: { removeOnComplete: true, removeOnFail: { count: 100 } } },
    );
  }

  async process(job: Job<Record<string, never>>): Promise<number> {
    if (job.name !== COMMENT_JOB.CHANGE_RETENTION_SWEEP) return 0;
    const deleted = await this.sweeper.sweep();
    if (deleted > 0) this.logger.log(`Deleted ${deleted} comment change-log rows past their retention`);
    return deleted;
  }
}
