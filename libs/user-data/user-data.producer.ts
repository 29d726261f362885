import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger } from '@nestjs/common';
import { Queue } from 'bullmq';
import { QUEUE } from '@app/queue';
import { DELETE_JOB_OPTIONS, USER_DATA_JOB, UserDataDeletionJob } from './user-data-deletion.job';

@Injectable()
export class UserDataProducer {
  private readonly logger = new Logger(UserDataProducer.name);

  constructor(@InjectQueue(QUEUE.USER_DATA) private readonly queue: Queue<UserDataDeletionJob>) {}

  /**
   * Idempotent: the job id is the deletion id. Never throws: the row is committed, and the worker's
   * sweeper enqueues unsettled rows that have no job.
   */
  async enqueue(deletionId: string): Promise<void> {
    try {
      await this.queue.add(USER_DATA_JOB.DELETE, { deletionId }, { jobId: deletionId, ...DELETE_JOB_OPTIONS });
    } catch (error) {
      this.logger.warn({ err: error, deletionId }, 'User data deletion job not enqueued; the sweeper will enqueue it');
    }
  }
}
