import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { newId } from '@app/common';
import { UserContact, UserContacts } from '@app/user';
import { EmailConfigService } from '@app/workspace';
import { NO_ADDRESS, sendsMail } from './email-policy';
import { EmailProducer } from './email.producer';
import { EmailMessage, WorkflowEmailData } from './entities/email-message.entity';

/** A person to write to: a user (their stored profile gives the address) or a bare address. */
export interface SystemEmailRecipient {
  userId: string | null;
  email: string | null;
}

/** An e-mail the service writes itself (a review workflow asking its reviewers, a notification node). */
export interface SystemEmail {
  apiKeyId: string;
  organizationId: string | null;
  documentId: string | null;
  reason: WorkflowEmailData['reason'];
  /** The log's `event` column: the workflow event that caused it. */
  event: string;
  recipients: readonly SystemEmailRecipient[];
  subject: string;
  text: string;
  source: { executionId: string; definitionId: string; stepId: string };
}

/** What was written: `queued` rows will be sent; `skipped` ones name a person without an address. */
export interface SystemEmailResult {
  configured: boolean;
  queued: number;
  skipped: number;
  afterCommit: (() => Promise<void>) | null;
}

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  );
}

/**
 * Message rows written on the caller's transaction (the outbox), so they exist exactly when the work
 * that sends them committed; the queue is fed after commit and the worker's sweep covers any gap. The
 * sender applies the recipient's settings and the API key's configuration at send time, as for comments.
 * Nothing is written when the API key's e-mail service is off.
 */
@Injectable()
export class SystemEmails {
  constructor(
    private readonly emailConfig: EmailConfigService,
    private readonly users: UserContacts,
    private readonly producer: EmailProducer,
  ) {}

  async write(manager: EntityManager, mail: SystemEmail): Promise<SystemEmailResult> {
    const config = await this.emailConfig.recorderConfig(manager, mail.apiKeyId);
    if (!sendsMail(config) || mail.recipients.length === 0)
      return { configured: sendsMail(config), queued: 0, skipped: 0, afterCommit: null };
    const userIds = mail.recipients.flatMap((recipient) => (recipient.userId ? [recipient.userId] : []));
    const profiles =
      mail.organizationId && userIds.length > 0
        ? await this.users.contactsOf(manager, mail.apiKeyId, mail.organizationId, userIds)
        : new Map<string, UserContact>();
    const html = `<p>${escapeHtml(mail.text).replace(/\n/g, '<br>')}</p>`;
    const rows = mail.recipients.map((recipient): Partial<EmailMessage> => {
      const profile = recipient.userId ? profiles.get(recipient.userId) : undefined;
      const recipientEmail = recipient.email ?? profile?.email ?? null;
      return {
        id: newId(),
        apiKeyId: mail.apiKeyId,
        organizationId: mail.organizationId ?? '',
        documentId: mail.documentId ?? '',
        event: mail.event,
        recipientUserId: recipient.userId ?? '',
        recipientEmail,
        reason: mail.reason,
        subject: mail.subject,
        bodyText: mail.text,
        bodyHtml: html,
        templateData: {
          reason: mail.reason,
          recipient: { userId: recipient.userId, ...(profile?.name ? { name: profile.name } : {}) },
          organizationId: mail.organizationId,
          documentId: mail.documentId,
          ...mail.source,
          fromCompany: config.fromCompany,
        },
        status: recipientEmail === null ? 'skipped' : 'pending',
        lastError: recipientEmail === null ? NO_ADDRESS : null,
      };
    });
    await manager.createQueryBuilder().insert().into(EmailMessage).values(rows).execute();
    const pending = rows.filter((row) => row.status === 'pending').map((row) => row.id!);
    return {
      configured: true,
      queued: pending.length,
      skipped: rows.length - pending.length,
      afterCommit: pending.length > 0 ? () => this.producer.enqueue(pending) : null,
    };
  }
}
