import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger } from '@nestjs/common';
import { Queue } from 'bullmq';
import { AppConfig } from '@app/common';
import { QUEUE } from '@app/queue';
import { EMAIL_JOB, EmailSendJob, sendJobOptions } from './email.job';

@Injectable()
export class EmailProducer {
  private readonly logger = new Logger(EmailProducer.name);

  constructor(
    @InjectQueue(QUEUE.EMAIL) private readonly queue: Queue<EmailSendJob>,
    private readonly config: AppConfig,
  ) {}

  /**
   * Idempotent: the job id is the message id. Never throws: the rows are committed, and the worker's
   * sweep enqueues pending rows that have no job.
   */
  async enqueue(messageIds: string[]): Promise<void> {
    if (messageIds.length === 0) return;
    const options = sendJobOptions(this.config);
    try {
      await this.queue.addBulk(
        messageIds.map((messageId) => ({
          name: EMAIL_JOB.SEND,
          data: { messageId },
          opts: { jobId: messageId, ...options },
        })),
      );
    } catch (error) {
      this.logger.warn(
        { err: error, count: messageIds.length },
        'E-mail jobs not enqueued; the sweep will enqueue them',
      );
    }
  }
}
