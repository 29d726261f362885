import { EntityManager } from 'typeorm';
import { preparedStatement, queryPrepared } from '@app/database';
import { channelSettingSql, PreferenceValue } from '@app/notification';
import { emailConfigSql } from '@app/workspace';
import { EmailMessage } from './entities/email-message.entity';

/** A message row as the sender reads it. */
export type MessageToSend = Pick<
  EmailMessage,
  | 'id'
  | 'apiKeyId'
  | 'organizationId'
  | 'documentId'
  | 'recipientUserId'
  | 'recipientEmail'
  | 'reason'
  | 'subject'
  | 'bodyText'
  | 'bodyHtml'
  | 'templateData'
  | 'status'
  | 'attempts'
  | 'providerMessageId'
  | 'sentAt'
>;

const RECIPIENT_EMAIL_SETTING = channelSettingSql('email', {
  apiKeyId: 'm.api_key_id',
  organizationId: 'm.organization_id',
  documentId: 'm.document_id',
  userId: 'm.recipient_user_id',
});

/**
 * The message $1, locked for the send (none when another run holds it, SKIP LOCKED, or it is gone),
 * with what decides whether it goes, read in the same round trip: the API key's stored e-mail settings
 * and the recipient's e-mail setting.
 */
const LOCK_MESSAGE = preparedStatement(`SELECT m.id, m.api_key_id AS "apiKeyId", m.organization_id AS "organizationId",
    m.document_id AS "documentId", m.recipient_user_id AS "recipientUserId", m.recipient_email AS "recipientEmail",
    m.reason, m.subject, m.body_text AS "bodyText", m.body_html AS "bodyHtml", m.template_data AS "templateData",
    m.status, m.attempts, m.provider_message_id AS "providerMessageId", m.sent_at AS "sentAt",
    (${emailConfigSql('m.api_key_id')}) AS "emailConfig",
    (${RECIPIENT_EMAIL_SETTING.document}) AS "documentSetting",
    (${RECIPIENT_EMAIL_SETTING.organization}) AS "organizationSetting"
  FROM email_message m WHERE m.id = $1 FOR UPDATE OF m SKIP LOCKED`);

/** A locked message, the stored e-mail settings of its API key (null: none stored) and its recipient's e-mail setting (null: not set). */
export interface LockedMessage extends MessageToSend {
  emailConfig: Record<string, unknown> | null;
  documentSetting: PreferenceValue | null;
  organizationSetting: PreferenceValue | null;
}

/** Within the send's transaction. */
export async function lockMessage(manager: EntityManager, messageId: string): Promise<LockedMessage | null> {
  const [row] = await queryPrepared<LockedMessage>(manager, LOCK_MESSAGE, [messageId]);
  return row ?? null;
}

/** What a send (or a decision not to send) leaves on the row. */
export type MessageOutcome = Pick<EmailMessage, 'status' | 'attempts' | 'lastError' | 'providerMessageId' | 'sentAt'>;

const SETTLE_MESSAGE = preparedStatement(`UPDATE email_message
    SET status = $2, attempts = $3, last_error = $4, provider_message_id = $5, sent_at = $6, updated_at = now()
  WHERE id = $1`);

/** Writes the outcome on the locked row, in one statement with the send's transaction. */
export async function settleMessage(manager: EntityManager, messageId: string, outcome: MessageOutcome): Promise<void> {
  await queryPrepared(manager, SETTLE_MESSAGE, [
    messageId,
    outcome.status,
    outcome.attempts,
    outcome.lastError,
    outcome.providerMessageId,
    outcome.sentAt,
  ]);
}
