import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { UserContactsModule } from '@app/user';
import { WorkspaceModule } from '@app/workspace';
import { ConsoleLoginEmails } from './console-login-emails.service';
import { EmailMessageLog } from './email-message-log.service';
import { EmailUserData } from './email-user-data.service';
import { EMAIL_ENTITIES } from './entities';
import { EmailProducer } from './email.producer';
import { SystemEmails } from './system-emails.service';

/** The message rows, the producer, the log and the service's own e-mails (SystemEmails); the senders live in EmailWorkerModule only. */
@Module({
  imports: [TypeOrmModule.forFeature(EMAIL_ENTITIES), WorkspaceModule, UserContactsModule],
  providers: [EmailProducer, EmailMessageLog, EmailUserData, SystemEmails, ConsoleLoginEmails],
  exports: [
    WorkspaceModule,
    UserContactsModule,
    EmailProducer,
    EmailMessageLog,
    EmailUserData,
    SystemEmails,
    ConsoleLoginEmails,
  ],
})
export class EmailModule {}
