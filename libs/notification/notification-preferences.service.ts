import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { queryPrepared } from '@app/database';
import { PREFERENCE_CHANNELS, PreferenceChannel, PreferenceValue } from './entities/notification-preference';
import { effectivePreference } from './notification-preference-rules';
import { STORED_SETTINGS } from './notification-sql';

type ChannelSettings = Partial<Record<PreferenceChannel, PreferenceValue | null>>;

/** Velt's two per-user settings maps of a webhook payload (UserNotificationsConfig), keyed by user id. */
export interface UsersNotificationsConfig {
  usersOrganizationNotificationsConfig?: Record<string, Partial<Record<PreferenceChannel, PreferenceValue>>>;
  usersDocumentNotificationsConfig?: Record<string, Partial<Record<PreferenceChannel, PreferenceValue>>>;
}

interface StoredRows {
  documents: Map<string, ChannelSettings>;
  organizations: Map<string, ChannelSettings>;
}

async function readStoredRows(
  manager: EntityManager,
  apiKeyId: string,
  organizationId: string,
  documentId: string,
  userIds: string[],
): Promise<StoredRows> {
  const rows = await queryPrepared<ChannelSettings & { level: 'document' | 'organization'; user_id: string }>(
    manager,
    STORED_SETTINGS,
    [apiKeyId, organizationId, documentId, userIds],
  );
  const byUser = (level: string) =>
    new Map<string, ChannelSettings>(
      rows
        .filter((row) => row.level === level)
        .map(({ user_id, inbox, email, slack }) => [user_id, { inbox, email, slack }]),
    );
  return { documents: byUser('document'), organizations: byUser('organization') };
}

/** Users' notification settings as the sinks read them in their transaction (the e-mail sender reads its recipient's with `channelSettingSql`). */
@Injectable()
export class NotificationPreferences {
  private readonly transactionReads = new WeakMap<EntityManager, Map<string, Promise<StoredRows>>>();

  /** Each user's effective value per channel in one document, read with `manager` (the sink's transaction) in one statement. */
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

  /**
   * The stored rows of both levels. Within a transaction they are read once per document and users:
   * the webhook and notification sinks both ask for a comment event's recipients, and nothing between
   * them changes settings.
   */
  private storedRows(
    manager: EntityManager,
    apiKeyId: string,
    organizationId: string,
    documentId: string,
    userIds: string[],
  ): Promise<StoredRows> {
    if (!manager.queryRunner) return readStoredRows(manager, apiKeyId, organizationId, documentId, userIds);
    const reads = this.transactionReads.get(manager) ?? new Map<string, Promise<StoredRows>>();
    this.transactionReads.set(manager, reads);
    const key = JSON.stringify([apiKeyId, organizationId, documentId, userIds]);
    let read = reads.get(key);
    if (!read) {
      read = readStoredRows(manager, apiKeyId, organizationId, documentId, userIds);
      reads.set(key, read);
    }
    return read;
  }
}
