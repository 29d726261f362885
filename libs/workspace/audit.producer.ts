import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger } from '@nestjs/common';
import { Queue } from 'bullmq';
import { randomUUID } from 'node:crypto';
import { QUEUE, withDeadline } from '@app/queue';
import { AuditJob } from './audit.job';

/** API side of the audit queue: enqueue only, the worker writes. */
@Injectable()
export class AuditProducer {
  private readonly logger = new Logger(AuditProducer.name);

  constructor(@InjectQueue(QUEUE.AUDIT) private readonly queue: Queue<AuditJob>) {}

  /**
   * Best effort after the change has committed: an audit record must neither fail the caller's request
   * nor hold it for a Redis outage. A job still in the offline queue at the deadline is sent when Redis returns.
   */
  async record(event: Omit<AuditJob, 'id' | 'occurredAt'>): Promise<void> {
    const job: AuditJob = { ...event, id: randomUUID(), occurredAt: new Date().toISOString() };
    try {
      await withDeadline(this.queue.add(event.action, job, { jobId: job.id }));
    } catch (error) {
      this.logger.error({ err: error, job }, 'Audit event not enqueued');
    }
  }
}
