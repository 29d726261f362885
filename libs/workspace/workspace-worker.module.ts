import { Module } from '@nestjs/common';
import { AuditLogService } from './audit-log.service';
import { AuditProcessor } from './audit.processor';

/** The workspace domain's background work; imported by apps/worker only. */
@Module({
  providers: [AuditLogService, AuditProcessor],
})
export class WorkspaceWorkerModule {}
