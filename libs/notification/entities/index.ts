import { Notification } from './notification.entity';
import { NotificationDocumentConfig } from './notification-document-config.entity';
import { NotificationUser } from './notification-user.entity';
import { NotificationUserConfig } from './notification-user-config.entity';
import { NotificationWorkspaceConfig } from './notification-workspace-config.entity';

export * from './notification-document-config.entity';
export * from './notification-preference';
export * from './notification-user-config.entity';
export * from './notification-user.entity';
export * from './notification-workspace-config.entity';
export * from './notification.entity';

/** The tables this module owns: registered by its module (forFeature) and by the schema CLI. */
export const NOTIFICATION_ENTITIES = [
  Notification,
  NotificationUser,
  NotificationUserConfig,
  NotificationDocumentConfig,
  NotificationWorkspaceConfig,
];
