import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { RecipientReason } from '@app/events';
import { NotificationDocumentConfig } from './entities/notification-document-config.entity';
import { PreferenceChannel } from './entities/notification-preference';
import { NotificationUserConfig } from './entities/notification-user-config.entity';
import { effectivePreference, preferenceAllows } from './notification-preference-rules';

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
    const settings = await this.settingsOf(this.dataSource.manager, key.apiKeyId, key.organizationId, key.documentId, [key.userId]);
    return preferenceAllows(settings(key.userId, channel), reason);
  }

  /** Each user's effective value per channel in one document, read with `manager` (the sink's transaction) in two statements. */
  async settingsOf(manager: EntityManager, apiKeyId: string, organizationId: string, documentId: string, userIds: string[]) {
    const documentRows = await manager
        .getRepository(NotificationDocumentConfig)
        .createQueryBuilder('c')
        .where('c.apiKeyId = :apiKeyId AND c.organizationId = :organizationId AND c.documentId = :documentId AND c.userId = ANY(:userIds)', {
          apiKeyId,
          organizationId,
          documentId,
          userIds,
        })
        .getMany();
    const organizationRows = await manager
        .getRepository(NotificationUserConfig)
        .createQueryBuilder('c')
        .where('c.apiKeyId = :apiKeyId AND c.organizationId = :organizationId AND c.userId = ANY(:userIds)', { apiKeyId, organizationId, userIds })
        .getMany();
    const documents = new Map(documentRows.map((row) => [row.userId, row]));
    const organizations = new Map(organizationRows.map((row) => [row.userId, row]));
    return (userId: string, channel: PreferenceChannel) => effectivePreference(channel, documents.get(userId) ?? null, organizations.get(userId) ?? null);
  }
}
