import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { UserContactsModule } from '@app/user';
import { WorkspaceModule } from '@app/workspace';
import { EmailMessageLog } from './email-message-log.service';
import { EmailUserData } from './email-user-data.service';
import { EMAIL_ENTITIES } from './entities';
import { EmailProducer } from './email.producer';

/** The message rows, the producer and the log; the senders live in EmailWorkerModule only. */
@Module({
  imports: [TypeOrmModule.forFeature(EMAIL_ENTITIES), WorkspaceModule, UserContactsModule],
  providers: [EmailProducer, EmailMessageLog, EmailUserData],
  exports: [WorkspaceModule, UserContactsModule, EmailProducer, EmailMessageLog, EmailUserData],
})
export class EmailModule {}
