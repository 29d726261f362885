import { Module } from '@nestjs/common';
import { AuditProcessor } from './audit.processor';

/** The workspace domain's background work; imported by apps/worker only. */
@Module({ providers: [AuditProcessor] })
export class WorkspaceWorkerModule {}
