import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { QUEUE } from '@app/queue';
import { RealtimeEmitterModule } from '@app/realtime-hub';
import { MigrationProcessor } from './migration.processor';
import { MigrationRunner } from './migration-runner.service';
import { MigrationSweeper } from './migration.sweeper';

/** Worker side of document migration; imported by apps/worker only. */
@Module({
  imports: [BullModule.registerQueue({ name: QUEUE.MIGRATION }), RealtimeEmitterModule],
  providers: [MigrationRunner, MigrationSweeper, MigrationProcessor],
  exports: [MigrationRunner],
})
export class MigrationWorkerModule {}
