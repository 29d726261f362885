import { Module } from '@nestjs/common';
import { NotificationModule } from '@app/notification';
import { RealtimeEmitterModule } from '@app/realtime-hub';
import { EmailModule } from './email.module';
import { EmailProcessor } from './email.processor';
import { EmailSender } from './email-sender.service';
import { SendgridTransport } from './sendgrid-transport';
import { SmtpTransport } from './smtp-transport';

/** Worker side of e-mail: sends the message rows; imported by apps/worker only. */
@Module({
  // NotificationModule's document services need the realtime fan-out, which a worker of this queue alone would not load.
  imports: [EmailModule, NotificationModule, RealtimeEmitterModule],
  providers: [EmailSender, EmailProcessor, SmtpTransport, SendgridTransport],
})
export class EmailWorkerModule {}
