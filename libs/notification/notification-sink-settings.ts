import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { AppConfig } from '@app/common';
import { SinkSettings } from '@app/events';
import { NotificationWorkspaceConfig } from './entities/notification-workspace-config.entity';
import { WorkspaceNotificationConfig } from './workspace-notification-config';

/** The row as the merge and the sink read it; null when the API key never set one. */
export async function storedWorkspaceConfig(
  manager: EntityManager,
  apiKeyId: string,
): Promise<WorkspaceNotificationConfig | null> {
  const row = await manager.findOne(NotificationWorkspaceConfig, { where: { apiKeyId } });
  return row && { useNotificationService: row.useNotificationService, notificationServiceConfig: row.serviceConfig };
}

/** The notification recorder's workspace settings per API key; WorkspaceNotificationConfigService forgets a key it changes. */
@Injectable()
export class NotificationSinkSettings extends SinkSettings<WorkspaceNotificationConfig | null> {
  constructor(config: AppConfig) {
    super(config.authCacheTtlMs, storedWorkspaceConfig);
  }
}
