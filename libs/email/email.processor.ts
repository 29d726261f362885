import { InjectQueue } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import { Queue } from 'bullmq';
import { AppConfig } from '@app/common';
import { QUEUE, RowJobProcessor } from '@app/queue';
import { EMAIL_JOB, EmailSendJob, sendJobOptions } from './email.job';
import { EmailSender } from './email-sender.service';
import { EmailStatus } from './entities/email-message.entity';

/** Consumer of the email queue: the row is the truth, a rerun of a settled row sends nothing. */
@Injectable()
export class EmailProcessor extends RowJobProcessor<EmailSendJob, EmailStatus> {
  protected readonly queueName = QUEUE.EMAIL;

  constructor(@InjectQueue(QUEUE.EMAIL) queue: Queue<EmailSendJob>, sender: EmailSender, config: AppConfig) {
    super({
      queue,
      runner: sender,
      jobName: EMAIL_JOB.SEND,
      sweepJobName: EMAIL_JOB.SWEEP,
      sweepIntervalMs: config.emailSweepIntervalMs,
      payload: (messageId) => ({ messageId }),
      idOf: (job) => job.messageId,
      jobOptions: sendJobOptions(config),
    });
  }
}
