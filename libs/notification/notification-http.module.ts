import { Module } from '@nestjs/common';
import { NotificationController } from './notification.controller';
import { NotificationInboxModule } from './notification-inbox.module';
import { NotificationModule } from './notification.module';
import { WorkspaceNotificationConfigController } from './workspace-notification-config.controller';
import { WorkspaceNotificationConfigService } from './workspace-notification-config.service';

@Module({
  imports: [NotificationInboxModule, NotificationModule],
  controllers: [NotificationController, WorkspaceNotificationConfigController],
  providers: [WorkspaceNotificationConfigService],
})
export class NotificationHttpModule {}
