import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AuditJob } from './audit.job';
import { AuditEvent } from './entities/audit-event.entity';

/** Stores audit events. Idempotent: the event id is the row's key, so a repeated write is ignored. */
@Injectable()
export class AuditLogService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async write(event: AuditJob): Promise<void> {
    const { id, workspaceId, apiKeyId, action, occurredAt } = event;
    await this.dataSource
      .createQueryBuilder()
      .insert()
      .into(AuditEvent)
      .values({ id, workspaceId, apiKeyId, action, occurredAt: new Date(occurredAt) })
      .orIgnore()
      .execute();
  }
}
