import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { QUEUE } from '@app/queue';
import { ActivityRetentionProcessor } from './activity-retention.processor';
import { ActivityRetentionSweeper } from './activity-retention.sweeper';
import { ACTIVITY_ENTITIES } from './entities';

/** Worker side of the activity log: the retention sweep. Imported by apps/worker only. */
@Module({
  imports: [TypeOrmModule.forFeature(ACTIVITY_ENTITIES), BullModule.registerQueue({ name: QUEUE.ACTIVITY })],
  providers: [ActivityRetentionProcessor, ActivityRetentionSweeper],
})
export class ActivityWorkerModule {}
