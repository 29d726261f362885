import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { QUEUE } from '@app/queue';
import { AuditProcessor } from './audit.processor';

/** The workspace domain's background work; imported by apps/worker only. */
@Module({
  // registerQueue also brings in the Bull explorer that starts a BullMQ Worker for each @Processor.
  imports: [BullModule.registerQueue({ name: QUEUE.AUDIT })],
  providers: [AuditProcessor],
})
export class WorkspaceWorkerModule {}
