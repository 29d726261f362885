import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ensureDocument, ensureOrganization } from '@app/resource';
import { PreferencesDto } from './dto/notification-config.dto';
import { NotificationDocumentConfig } from './entities/notification-document-config.entity';
import { PREFERENCE_CHANNELS, PreferenceValue } from './entities/notification-preference';
import { NotificationUserConfig } from './entities/notification-user-config.entity';
import { effectivePreference } from './notification-preference-rules';

type Stored = Pick<NotificationUserConfig, 'inbox' | 'email' | 'slack'>;

export interface UserConfigView {
  config: { inbox: PreferenceValue; email: PreferenceValue; slack?: PreferenceValue };
  metadata: { organizationId: string; apiKey: string; documentId?: string; userId: string };
}

export interface UserConfigResult {
  success: true;
  userId: string;
  documentId?: string;
  documentIds?: string[];
  message: string;
}

const SET_MESSAGE = 'User config set successfully.';

/** The settings a user sees: inbox and e-mail always (Velt's defaults when unset), slack once set. */
function configOf(document: Stored | null, organization: Stored | null): UserConfigView['config'] {
  const config: UserConfigView['config'] = {
    inbox: effectivePreference('inbox', document, organization),
    email: effectivePreference('email', document, organization),
  };
  if (document?.slack ?? organization?.slack) config.slack = effectivePreference('slack', document, organization);
  return config;
}

/** Velt's notifications/config routes: a user's settings per document, or organization-level as every document's default. */
@Injectable()
export class NotificationConfigService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async get(
    apiKeyId: string,
    organizationId: string,
    userId: string,
    documentIds: string[] | null,
  ): Promise<UserConfigView[]> {
    const manager = this.dataSource.manager;
    await ensureOrganization(manager, apiKeyId, organizationId, { lock: false });
    const organization = await manager.findOne(NotificationUserConfig, { where: { apiKeyId, organizationId, userId } });
    if (documentIds === null)
      return [{ config: configOf(null, organization), metadata: { organizationId, apiKey: apiKeyId, userId } }];
    const rows = await manager
      .getRepository(NotificationDocumentConfig)
      .createQueryBuilder('c')
      .where(
        'c.apiKeyId = :apiKeyId AND c.organizationId = :organizationId AND c.userId = :userId AND c.documentId = ANY(:documentIds)',
        {
          apiKeyId,
          organizationId,
          userId,
          documentIds,
        },
      )
      .getMany();
    const byDocument = new Map(rows.map((row) => [row.documentId, row]));
    return [...new Set(documentIds)].map((documentId) => ({
      config: configOf(byDocument.get(documentId) ?? null, organization),
      metadata: { organizationId, apiKey: apiKeyId, documentId, userId },
    }));
  }

  /** Sets only the channels given; the others keep their value. Answers per user, as Velt's page does. */
  async set(
    apiKeyId: string,
    organizationId: string,
    userIds: string[],
    documentIds: string[] | null,
    config: PreferencesDto,
  ): Promise<Record<string, UserConfigResult>> {
    const users = [...new Set(userIds)];
    const documents = documentIds === null ? null : [...new Set(documentIds)];
    const values = PREFERENCE_CHANNELS.map((channel) => config[channel] ?? null);
    await this.dataSource.transaction(async (manager) => {
      await ensureOrganization(manager, apiKeyId, organizationId);
      const keep = PREFERENCE_CHANNELS.map(
        (channel) => `${channel} = COALESCE(EXCLUDED.${channel}, t.${channel})`,
      ).join(', ');
      if (documents === null) {
        await manager.query(
          `INSERT INTO notification_user_config AS t (api_key_id, organization_id, user_id, inbox, email, slack)
           SELECT $1, $2, user_id, $4, $5, $6 FROM unnest($3::text[]) AS user_id
           ON CONFLICT (api_key_id, organization_id, user_id) DO UPDATE SET ${keep}, updated_at = now()`,
          [apiKeyId, organizationId, users, ...values],
        );
        return;
      }
      for (const documentId of documents)
        await ensureDocument(manager, apiKeyId, organizationId, documentId, { checkOrganization: false });
      await manager.query(
        `INSERT INTO notification_document_config AS t (api_key_id, organization_id, document_id, user_id, inbox, email, slack)
         SELECT $1, $2, document_id, user_id, $5, $6, $7 FROM unnest($3::text[]) AS document_id CROSS JOIN unnest($4::text[]) AS user_id
         ON CONFLICT (api_key_id, organization_id, document_id, user_id) DO UPDATE SET ${keep}, updated_at = now()`,
        [apiKeyId, organizationId, documents, users, ...values],
      );
    });
    const where =
      documents === null ? {} : documents.length === 1 ? { documentId: documents[0] } : { documentIds: documents };
    return Object.fromEntries(
      users.map((userId) => [userId, { success: true as const, userId, ...where, message: SET_MESSAGE }]),
    );
  }
}
