import { Module } from '@nestjs/common';
import { AccessModule } from '@app/access';
import { UserContactsModule } from '@app/user';
import { NotificationConfigService } from './notification-config.service';
import { NotificationInbox } from './notification-inbox.service';
import { NotificationModule } from './notification.module';
import { NotificationService } from './notification.service';

/** The notification services the REST routes and the client plane's inbox share. */
@Module({
  imports: [NotificationModule, AccessModule, UserContactsModule],
  providers: [NotificationService, NotificationConfigService, NotificationInbox],
  exports: [NotificationService, NotificationConfigService, NotificationInbox],
})
export class NotificationInboxModule {}
