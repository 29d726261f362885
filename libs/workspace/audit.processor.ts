import { Processor, WorkerHost } from '@nestjs/bullmq';
import { InjectDataSource } from '@nestjs/typeorm';
import { Job } from 'bullmq';
import { DataSource } from 'typeorm';
import { QUEUE } from '@app/queue';
import { AuditJob } from './audit.job';
import { AuditEvent } from './entities/audit-event.entity';

/** Worker side of the audit queue. Idempotent: the job id is the row's key. */
@Processor(QUEUE.AUDIT)
export class AuditProcessor extends WorkerHost {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {
    super();
  }

  async process(job: Job<AuditJob>): Promise<void> {
    const { id, workspaceId, apiKeyId, action, occurredAt } = job.data;
    await this.dataSource
      .createQueryBuilder()
      .insert()
      .into(AuditEvent)
      .values({ id, workspaceId, apiKeyId, action, occurredAt: new Date(occurredAt) })
      .orIgnore()
      .execute();
  }
}
