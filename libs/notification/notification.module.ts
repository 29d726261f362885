import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DocumentModule } from '@app/document';
import { NOTIFICATION_ENTITIES } from './entities';
import { NotificationPreferences } from './notification-preferences.service';
import { NotificationSinkSettings } from './notification-sink-settings';
import { NotificationUserData } from './notification-user-data.service';
import { SystemNotifications } from './system-notifications.service';

/** Notifications' tables and the services any process needs of them (the sink, the e-mail sender's preference check). */
@Module({
  imports: [TypeOrmModule.forFeature(NOTIFICATION_ENTITIES), DocumentModule],
  providers: [NotificationPreferences, NotificationSinkSettings, NotificationUserData, SystemNotifications],
  exports: [NotificationPreferences, NotificationSinkSettings, NotificationUserData, SystemNotifications],
})
export class NotificationModule {}
