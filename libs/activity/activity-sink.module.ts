import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { EventSink } from '@app/events';
import { QUEUE } from '@app/queue';
import { ACTIVITY_ENTITIES } from './entities';
import { ActivityRecorder } from './activity.recorder';
import { ActivitySinkSettings } from './activity-sink-settings';

/**
 * What the event pipeline needs of the activity log in any process that emits events (API and worker),
 * and the activity queue, registered in both so queue metrics and the dashboard see it.
 */
@Module({
  imports: [TypeOrmModule.forFeature(ACTIVITY_ENTITIES), BullModule.registerQueue({ name: QUEUE.ACTIVITY })],
  providers: [ActivityRecorder, ActivitySinkSettings],
  exports: [BullModule, TypeOrmModule, ActivityRecorder, ActivitySinkSettings],
})
export class ActivitySinkModule {}

export const ACTIVITY_SINK: EventSink = { module: ActivitySinkModule, recorder: ActivityRecorder };
