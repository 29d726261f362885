import { Module } from '@nestjs/common';
import { ActivityRetentionProcessor } from './activity-retention.processor';
import { ActivityRetentionSweeper } from './activity-retention.sweeper';
import { ActivitySinkModule } from './activity-sink.module';

/** Worker side of the activity log: the retention sweep. Imported by apps/worker only. */
@Module({
  imports: [ActivitySinkModule],
  providers: [ActivityRetentionProcessor, ActivityRetentionSweeper],
})
export class ActivityWorkerModule {}
