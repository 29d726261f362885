import { EntityManager } from 'typeorm';
import { preparedStatement, queryPrepared } from '@app/database';
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

/** The message $1, locked for the send; none when another run holds it (SKIP LOCKED) or it is gone. */
const LOCK_MESSAGE = preparedStatement(`SELECT id, api_key_id AS "apiKeyId", organization_id AS "organizationId",
    document_id AS "documentId", recipient_user_id AS "recipientUserId", recipient_email AS "recipientEmail", reason,
    subject, body_text AS "bodyText", body_html AS "bodyHtml", template_data AS "templateData", status, attempts,
    provider_message_id AS "providerMessageId", sent_at AS "sentAt"
  FROM email_message WHERE id = $1 FOR UPDATE SKIP LOCKED`);

/** Within the send's transaction. */
export async function lockMessage(manager: EntityManager, messageId: string): Promise<MessageToSend | null> {
  const [row] = await queryPrepared<MessageToSend>(manager, LOCK_MESSAGE, [messageId]);
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
