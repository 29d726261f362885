import { Module } from '@nestjs/common';
import { EventSink } from '@app/events';
import { EmailModule } from './email.module';
import { EmailRecorder } from './email.recorder';

/** What the event pipeline needs of e-mail in any process that emits events (API and worker): the recorder and a producer. */
@Module({
  imports: [EmailModule],
  providers: [EmailRecorder],
  exports: [EmailRecorder],
})
export class EmailSinkModule {}

export const EMAIL_SINK: EventSink = { module: EmailSinkModule, recorder: EmailRecorder };
