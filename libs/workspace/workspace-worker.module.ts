import { Module } from '@nestjs/common';
import { AuditProcessor } from './audit.processor';
import { WorkspaceModule } from './workspace.module';

/** The workspace domain's background work; imported by apps/worker only. */
@Module({
  imports: [WorkspaceModule],
  providers: [AuditProcessor],
})
export class WorkspaceWorkerModule {}
