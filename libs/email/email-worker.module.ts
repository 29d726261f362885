import { Module } from '@nestjs/common';
import { EmailModule } from './email.module';
import { EmailProcessor } from './email.processor';
import { EmailSender } from './email-sender.service';
import { SendgridTransport } from './sendgrid-transport';
import { SmtpTransport } from './smtp-transport';

/** Worker side of e-mail: sends the message rows; imported by apps/worker only. */
@Module({
  imports: [EmailModule],
  providers: [EmailSender, EmailProcessor, SmtpTransport, SendgridTransport],
})
export class EmailWorkerModule {}
