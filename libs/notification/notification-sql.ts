import { preparedStatement } from '@app/database';
import type { PreferenceChannel } from './entities/notification-preference';
import type { Notification, NotificationPerson } from './entities/notification.entity';

// The notification sink's statements, Nest-free: the bare comment-write yardstick of bench/ runs these texts.

/** The users' stored settings at both levels, in one statement. */
export const STORED_SETTINGS =
  preparedStatement(`SELECT 'document' AS level, user_id, inbox, email, slack FROM notification_document_config
   WHERE api_key_id = $1 AND organization_id = $2 AND document_id = $3 AND user_id = ANY($4::text[])
  UNION ALL
  SELECT 'organization', user_id, inbox, email, slack FROM notification_user_config
   WHERE api_key_id = $1 AND organization_id = $2 AND user_id = ANY($4::text[])`);

/** SQL expressions (column references of the statement they go into) naming one user in one document. */
export interface RecipientColumns {
  apiKeyId: string;
  organizationId: string;
  documentId: string;
  userId: string;
}

/**
 * One user's stored setting for `channel` in a document and in its organization (each null when not
 * set), as two scalar subqueries for another module's statement that reads them in its own round trip
 * (the e-mail sender's lock); `storedSettingAllows` decides with them.
 */
export function channelSettingSql(
  channel: PreferenceChannel,
  { apiKeyId, organizationId, documentId, userId }: RecipientColumns,
): { document: string; organization: string } {
  return {
    document: `SELECT ${channel} FROM notification_document_config WHERE api_key_id = ${apiKeyId} AND organization_id = ${organizationId} AND document_id = ${documentId} AND user_id = ${userId}`,
    organization: `SELECT ${channel} FROM notification_user_config WHERE api_key_id = ${apiKeyId} AND organization_id = ${organizationId} AND user_id = ${userId}`,
  };
}

/**
 * A notification and the users it lists in one statement: an id already used in the organization
 * writes neither. Answers the new row's generated columns.
 */
export const INSERT_NOTIFICATION = preparedStatement(`WITH inserted AS (
    INSERT INTO notification (api_key_id, organization_id, id, document_id, location_id, action_user, headline_template,
      headline_template_data, body_message, source, source_data, context, notify_all, resolver_used)
    VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, COALESCE($14, false))
    ON CONFLICT DO NOTHING
    RETURNING seq, created_at
  ),
  listed AS (
    INSERT INTO notification_user (api_key_id, organization_id, notification_id, user_id, notified, person)
    SELECT $1, $2, $3, p.user_id, true, p.person
      FROM inserted, ROWS FROM (jsonb_to_recordset($15::jsonb) AS (user_id text, person jsonb)) WITH ORDINALITY AS p(user_id, person, n)
     ORDER BY p.n
  )
  SELECT seq, created_at FROM inserted`);

/** A notification to write: its row without the generated columns. */
export type NewNotification = Omit<Notification, 'seq' | 'createdAt' | 'document'>;

/** INSERT_NOTIFICATION's parameters: the row, and the users it lists, each once. */
export function insertNotificationParams(row: NewNotification, recipients: readonly NotificationPerson[]): unknown[] {
  const unique = [...new Map(recipients.map((person) => [person.userId, person])).values()];
  return [
    row.apiKeyId,
    row.organizationId,
    row.id,
    row.documentId,
    row.locationId ?? null,
    json(row.actionUser),
    row.headlineTemplate ?? null,
    json(row.headlineTemplateData),
    row.bodyMessage ?? null,
    row.source,
    json(row.sourceData),
    json(row.context),
    row.notifyAll,
    row.resolverUsed ?? null,
    JSON.stringify(unique.map((person) => ({ user_id: person.userId, person }))),
  ];
}

/** A jsonb parameter: null and undefined are SQL NULL (as TypeORM writes them), anything else its JSON. */
function json(value: unknown): string | null {
  return value === null || value === undefined ? null : JSON.stringify(value);
}
