import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { ApiError } from '@app/common';
import { UpdateWorkspaceNotificationConfigDto } from './dto/workspace-notification-config.dto';
import { NotificationWorkspaceConfig } from './entities/notification-workspace-config.entity';
import { NotificationSinkSettings, storedWorkspaceConfig } from './notification-sink-settings';
import {
  configView,
  invalidTriggerPath,
  mergeWorkspaceConfig,
  WorkspaceNotificationConfig,
} from './workspace-notification-config';

/** Velt's /v2/workspace/notificationconfig/*: the in-app notification service settings of an API key. */
@Injectable()
export class WorkspaceNotificationConfigService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly settings: NotificationSinkSettings,
  ) {}

  async read(apiKeyId: string): Promise<WorkspaceNotificationConfig> {
    return configView(await storedWorkspaceConfig(this.dataSource.manager, apiKeyId));
  }

  async update(apiKeyId: string, dto: UpdateWorkspaceNotificationConfigDto): Promise<WorkspaceNotificationConfig> {
    if (dto.useNotificationService == null && dto.notificationServiceConfig == null) {
      throw ApiError.invalid('At least one of useNotificationService or notificationServiceConfig must be provided');
    }
    const badTrigger = invalidTriggerPath(dto.notificationServiceConfig?.triggers);
    if (badTrigger) throw ApiError.invalid(`${badTrigger} must be a boolean.`);
    const patch = dto.notificationServiceConfig
      ? (JSON.parse(JSON.stringify(dto.notificationServiceConfig)) as Record<string, unknown>)
      : null;
    const updated = await this.dataSource.transaction(async (manager) => {
      await manager.query('INSERT INTO notification_workspace_config (api_key_id) VALUES ($1) ON CONFLICT DO NOTHING', [
        apiKeyId,
      ]);
      const row = await manager.findOneOrFail(NotificationWorkspaceConfig, {
        where: { apiKeyId },
        lock: { mode: 'pessimistic_write' },
      });
      const merged = mergeWorkspaceConfig(
        { useNotificationService: row.useNotificationService, notificationServiceConfig: row.serviceConfig },
        { useNotificationService: dto.useNotificationService, notificationServiceConfig: patch },
      );
      const changes = {
        useNotificationService: merged.useNotificationService,
        serviceConfig: merged.notificationServiceConfig,
      };
      await manager.update(
        NotificationWorkspaceConfig,
        { apiKeyId },
        changes as QueryDeepPartialEntity<NotificationWorkspaceConfig>,
      );
      return configView(merged);
    });
    this.settings.forget(apiKeyId);
    return updated;
  }
}
