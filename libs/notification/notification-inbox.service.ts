import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { InboxListDto, InboxMarkDto, InboxSetSettingsDto, InboxSettingsDto } from './dto/inbox.dto';
import { NotificationConfigService, UserConfigView } from './notification-config.service';
import { NotificationService } from './notification.service';
import { NotificationView } from './notification-view';

/** A notification reaches a user when it is for everyone in the organization or names them. */
const ADDRESSED = `(n.notify_all OR EXISTS (SELECT 1 FROM notification_user u WHERE u.api_key_id = n.api_key_id
  AND u.organization_id = n.organization_id AND u.notification_id = n.id AND u.user_id = $3 AND u.notified))`;

/** An end user's own inbox, for the client plane: what the REST routes do for any user, here only for the token's. */
@Injectable()
export class NotificationInbox {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly notifications: NotificationService,
    private readonly configs: NotificationConfigService,
  ) {}

  list(
    apiKeyId: string,
    userId: string,
    dto: InboxListDto,
  ): Promise<{ notifications: NotificationView[]; nextPageToken?: string }> {
    return this.notifications.get(apiKeyId, {
      organizationId: dto.organizationId,
      userId,
      pageSize: dto.pageSize,
      pageToken: dto.pageToken,
      unread: dto.unread,
    });
  }

  async unreadCount(apiKeyId: string, userId: string, organizationId: string): Promise<number> {
    const [row] = await this.dataSource.query<Array<{ count: string }>>(
      `SELECT count(*) AS count FROM notification n WHERE n.api_key_id = $1 AND n.organization_id = $2 AND ${ADDRESSED}
          AND NOT EXISTS (SELECT 1 FROM notification_user r WHERE r.api_key_id = n.api_key_id AND r.organization_id = n.organization_id
                            AND r.notification_id = n.id AND r.user_id = $3 AND r.read_at IS NOT NULL)`,
      [apiKeyId, organizationId, userId],
    );
    return Number(row.count);
  }

  /** Marks only notifications that reach the user; others are left alone, as if they did not exist. */
  async mark(apiKeyId: string, userId: string, dto: InboxMarkDto): Promise<void> {
    const params = [apiKeyId, dto.organizationId, userId, [...new Set(dto.notificationIds)]];
    if (dto.read) {
      await this.dataSource.query(
        `INSERT INTO notification_user (api_key_id, organization_id, notification_id, user_id, read_at)
         SELECT n.api_key_id, n.organization_id, n.id, $3, now() FROM notification n
          WHERE n.api_key_id = $1 AND n.organization_id = $2 AND n.id = ANY($4::text[]) AND ${ADDRESSED}
         ON CONFLICT (api_key_id, organization_id, notification_id, user_id) DO UPDATE SET read_at = COALESCE(notification_user.read_at, EXCLUDED.read_at)`,
        params,
      );
      return;
    }
    await this.dataSource.query(
      'UPDATE notification_user SET read_at = NULL WHERE api_key_id = $1 AND organization_id = $2 AND user_id = $3 AND notification_id = ANY($4::text[])',
      params,
    );
  }

  async settings(apiKeyId: string, userId: string, dto: InboxSettingsDto): Promise<UserConfigView['config']> {
    const [view] = await this.configs.get(
      apiKeyId,
      dto.organizationId,
      userId,
      dto.documentId ? [dto.documentId] : null,
    );
    return view.config;
  }

  async setSettings(apiKeyId: string, userId: string, dto: InboxSetSettingsDto): Promise<UserConfigView['config']> {
    await this.configs.set(
      apiKeyId,
      dto.organizationId,
      [userId],
      dto.documentId ? [dto.documentId] : null,
      dto.config,
    );
    return this.settings(apiKeyId, userId, dto);
  }
}
