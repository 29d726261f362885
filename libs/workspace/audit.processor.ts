import { Injectable } from '@nestjs/common';
import { Job } from 'bullmq';
import { QUEUE, QueueProcessor } from '@app/queue';
import { AuditJob } from './audit.job';
import { AuditLogService } from './audit-log.service';

/** Worker side of the audit queue. */
@Injectable()
export class AuditProcessor extends QueueProcessor<AuditJob> {
  protected readonly queueName = QUEUE.AUDIT;

  constructor(private readonly auditLog: AuditLogService) {
    super();
  }

  async process(job: Job<AuditJob>): Promise<void> {
    await this.auditLog.write(job.data);
  }
}
