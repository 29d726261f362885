import { Module } from '@nestjs/common';
import { EventSink } from '@app/events';
import { NotificationModule } from './notification.module';
import { NotificationRecorder } from './notification.recorder';

/** What the event pipeline needs of notifications in any process that emits events (API and worker); RealtimeHub comes from the app root. */
@Module({
  imports: [NotificationModule],
  providers: [NotificationRecorder],
  exports: [NotificationRecorder],
})
export class NotificationSinkModule {}

export const NOTIFICATION_SINK: EventSink = { module: NotificationSinkModule, recorder: NotificationRecorder };
