import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { RecipientReason } from '@app/events';
import { NotificationDocumentConfig } from './entities/notification-document-config.entity';
import { PREFERENCE_CHANNELS, PreferenceChannel, PreferenceValue } from './entities/notification-preference';
import { NotificationUserConfig } from './entities/notification-user-config.entity';
import { effectivePreference, preferenceAllows } from './notification-preference-rules';

type ChannelSettings = Partial<Record<PreferenceChannel, PreferenceValue | null>>;

/** Velt's two per-user settings maps of a webhook payload (UserNotificationsConfig), keyed by user id. */
export interface UsersNotificationsConfig {
  usersOrganizationNotificationsConfig?: Record<string, Partial<Record<PreferenceChannel, PreferenceValue>>>;
  usersDocumentNotificationsConfig?: Record<string, Partial<Record<PreferenceChannel, PreferenceValue>>>;
}

export interface PreferenceKey {
  apiKeyId: string;
  organizationId: string;
  documentId: string;
  userId: string;
}

/** Whether a user's notification settings let a comment event through on a channel; the one place senders ask. */
@Injectable()
export class NotificationPreferences {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async allows(key: PreferenceKey, channel: 'inbox' | 'email', reason: RecipientReason): Promise<boolean> {
    const settings = await this.settingsOf(this.dataSource.manager, key.apiKeyId, key.organizationId, key.documentId, [
      key.userId,
    ]);
    return preferenceAllows(settings(key.userId, channel), reason);
  }

  /** Each user's effective value per channel in one document, read with `manager` (the sink's transaction) in two statements. */
  async settingsOf(
    manager: EntityManager,
    apiKeyId: string,
    organizationId: string,
    documentId: string,
    userIds: string[],
  ) {
    const { documents, organizations } = await this.storedRows(manager, apiKeyId, organizationId, documentId, userIds);
    return (userId: string, channel: PreferenceChannel) =>
      effectivePreference(channel, documents.get(userId) ?? null, organizations.get(userId) ?? null);
  }

  /**
   * Velt's per-user settings in webhook payloads: each of these users who stored settings, at the level
   * they stored them (document or organization), channel by channel; a level nobody set is left out.
   */
  async storedByLevel(
    manager: EntityManager,
    apiKeyId: string,
    organizationId: string,
    documentId: string,
    userIds: string[],
  ): Promise<UsersNotificationsConfig> {
    const { documents, organizations } = await this.storedRows(manager, apiKeyId, organizationId, documentId, userIds);
    const byUser = (rows: Map<string, ChannelSettings>) =>
      Object.fromEntries(
        [...rows].map(([userId, row]) => [
          userId,
          Object.fromEntries(PREFERENCE_CHANNELS.flatMap((channel) => (row[channel] ? [[channel, row[channel]]] : []))),
        ]),
      );
    return {
      ...(organizations.size > 0 ? { usersOrganizationNotificationsConfig: byUser(organizations) } : {}),
      ...(documents.size > 0 ? { usersDocumentNotificationsConfig: byUser(documents) } : {}),
    };
  }

  private async storedRows(
    manager: EntityManager,
    apiKeyId: string,
    organizationId: string,
    documentId: string,
    userIds: string[],
  ) {
    const documentRows = await manager
      .getRepository(NotificationDocumentConfig)
      .createQueryBuilder('c')
      .where(
        'c.apiKeyId = :apiKeyId AND c.organizationId = :organizationId AND c.documentId = :documentId AND c.userId = ANY(:userIds)',
        {
          apiKeyId,
          organizationId,
          documentId,
          userIds,
        },
      )
      .getMany();
    const organizationRows = await manager
      .getRepository(NotificationUserConfig)
      .createQueryBuilder('c')
      .where('c.apiKeyId = :apiKeyId AND c.organizationId = :organizationId AND c.userId = ANY(:userIds)', {
        apiKeyId,
        organizationId,
        userIds,
      })
      .getMany();
    return {
      documents: new Map<string, ChannelSettings>(documentRows.map((row) => [row.userId, row])),
      organizations: new Map<string, ChannelSettings>(organizationRows.map((row) => [row.userId, row])),
    };
  }
}
