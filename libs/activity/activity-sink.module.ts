import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { EventSink } from '@app/events';
import { ACTIVITY_ENTITIES } from './entities';
import { ActivityRecorder } from './activity.recorder';
import { ActivitySinkSettings } from './activity-sink-settings';

/** What the event pipeline needs of the activity log in any process that emits events (API and worker): the recorder and its settings. */
@Module({
  imports: [TypeOrmModule.forFeature(ACTIVITY_ENTITIES)],
  providers: [ActivityRecorder, ActivitySinkSettings],
  exports: [TypeOrmModule, ActivityRecorder, ActivitySinkSettings],
})
export class ActivitySinkModule {}

export const ACTIVITY_SINK: EventSink = { module: ActivitySinkModule, recorder: ActivityRecorder };
