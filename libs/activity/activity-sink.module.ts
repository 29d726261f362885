import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { EventSink } from '@app/events';
import { ACTIVITY_ENTITIES } from './entities';
import { ActivityRecorder } from './activity.recorder';

/**
 * What the event pipeline needs of the activity log in any process that emits events (API and worker),
 * and the activity queue, registered in both so queue metrics and the dashboard see it.
 */
@Module({
  imports: [TypeOrmModule.forFeature(ACTIVITY_ENTITIES)],
  providers: [ActivityRecorder],
  exports: [TypeOrmModule, ActivityRecorder],
})
export class ActivitySinkModule {}

export const ACTIVITY_SINK: EventSink = { module: ActivitySinkModule, recorder: ActivityRecorder };
