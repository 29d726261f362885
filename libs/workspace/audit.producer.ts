import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger } from '@nestjs/common';
import { Queue } from 'bullmq';
import { randomUUID } from 'node:crypto';
import { QUEUE } from '@app/queue';
import { AuditJob } from './audit.job';
import { AuditLogService } from './audit-log.service';

/** API side of the audit queue: the worker writes the event, off the request path. */
@Injectable()
export class AuditProducer {
  private readonly logger = new Logger(AuditProducer.name);

  constructor(
    @InjectQueue(QUEUE.AUDIT) private readonly queue: Queue<AuditJob>,
    private readonly auditLog: AuditLogService,
  ) {}

  /**
   * Runs after the change has committed and never fails the caller's request. The producer connection
   * refuses at once while Redis is away; the event is then written here, so an outage loses none.
   * The caller awaits it before answering, so an answered change has its event queued or written.
   */
  async record(event: Omit<AuditJob, 'id' | 'occurredAt'>): Promise<void> {
    const job: AuditJob = { ...event, id: randomUUID(), occurredAt: new Date().toISOString() };
    try {
      await this.queue.add(event.action, job, { jobId: job.id });
    } catch (error) {
      this.logger.warn({ err: error, job }, 'Audit event not enqueued; writing it directly');
      await this.auditLog
        .write(job)
        .catch((writeError: unknown) => this.logger.error({ err: writeError, job }, 'Audit event lost'));
    }
  }
}
