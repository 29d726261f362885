import { Module } from '@nestjs/common';
import { AccessModule } from '@app/access';
import { UserContactsModule } from '@app/user';
import { NotificationConfigService } from './notification-config.service';
import { NotificationController } from './notification.controller';
import { NotificationModule } from './notification.module';
import { NotificationService } from './notification.service';
import { WorkspaceNotificationConfigController } from './workspace-notification-config.controller';
import { WorkspaceNotificationConfigService } from './workspace-notification-config.service';

@Module({
  imports: [NotificationModule, AccessModule, UserContactsModule],
  controllers: [NotificationController, WorkspaceNotificationConfigController],
  providers: [NotificationService, NotificationConfigService, WorkspaceNotificationConfigService],
})
export class NotificationHttpModule {}
