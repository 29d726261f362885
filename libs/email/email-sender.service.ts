import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { RecipientReason } from '@app/events';
import { storedSettingAllows } from '@app/notification';
import { RowJobRunner } from '@app/queue';
import { EmailConfigService, EmailSendingConfig } from '@app/workspace';
import { SendingType, sendsMail, SERVICE_OFF, UNSUBSCRIBED } from './email-policy';
import { EmailReason, EmailStatus } from './entities/email-message.entity';
import { lockMessage, MessageOutcome, MessageToSend, settleMessage } from './message-sql';
import { OutgoingEmail, refused, SendResult } from './outgoing-email';
import { SendgridTransport } from './sendgrid-transport';
import { SmtpTransport } from './smtp-transport';

/** A transient refusal: thrown so BullMQ retries the job with backoff. */
export class EmailRetryError extends Error {}

export const EMAIL_ABANDONED = 'The e-mail could not be sent.';

type Settled = { status: EmailStatus | null } | { retry: string };

/** The row as a provider sends it; the template fits the reason (Velt: tag template for mentions, comment template else). */
function outgoing(row: MessageToSend, config: EmailSendingConfig & { type: SendingType }): OutgoingEmail {
  return {
    id: row.id,
    from: { email: config.fromEmail!, name: config.fromCompany },
    to: { email: row.recipientEmail!, name: row.templateData.recipient.name ?? null },
    subject: row.subject,
    text: row.bodyText,
    html: row.bodyHtml,
    // A workflow's e-mail is its own text; the comment templates do not fit it.
    templateId:
      config.type === 'sendgrid' && (row.reason === 'mention' || row.reason === 'assign')
        ? ((row.reason === 'mention' ? config.tagTemplateId : config.commentTemplateId) ?? null)
        : null,
    templateData: { ...row.templateData },
  };
}

/**
 * A review request or a notification node addresses the person directly, as an assignment does: MINE lets
 * it through, NONE stops it. A console login link has no end user, so no setting, and goes as MINE does.
 */
function preferenceReason(reason: EmailReason): RecipientReason {
  return reason === 'mention' ? 'mention' : 'assign';
}

/**
 * Worker side of the e-mail sink: sends one message row. The row is locked for the send, so a job
 * taken over from a stalled worker while the first run is still sending skips it; a row that is no
 * longer pending (sent, skipped, failed) is never sent again. A worker killed after the provider
 * accepted but before the commit sends again on the rerun, with the same Message-ID.
 */
@Injectable()
export class EmailSender implements RowJobRunner<EmailStatus> {
  private readonly logger = new Logger(EmailSender.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly emailConfig: EmailConfigService,
    private readonly smtp: SmtpTransport,
    private readonly sendgrid: SendgridTransport,
  ) {}

  async run(messageId: string): Promise<EmailStatus | null> {
    const settled = await this.dataSource.transaction((manager) => this.attempt(manager, messageId));
    if ('retry' in settled) throw new EmailRetryError(settled.retry);
    return settled.status;
  }

  async unsettled(quietSeconds: number, limit: number): Promise<string[]> {
    const rows: { id: string }[] = await this.dataSource.query(
      `SELECT id FROM email_message WHERE status = 'pending' AND updated_at < now() - make_interval(secs => $1) ORDER BY updated_at LIMIT $2`,
      [quietSeconds, limit],
    );
    return rows.map((row) => row.id);
  }

  async abandon(messageId: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE email_message SET status = 'failed', last_error = COALESCE(last_error, $2), updated_at = now() WHERE id = $1 AND status = 'pending'`,
      [messageId, EMAIL_ABANDONED],
    );
  }

  private async attempt(manager: EntityManager, messageId: string): Promise<Settled> {
    const row = await lockMessage(manager, messageId);
    if (!row || row.status !== 'pending') return { status: row?.status ?? null };
    // Both read with the lock, at send time: turning the service off or unsubscribing also stops the e-mails already queued.
    const config = this.emailConfig.sendingConfigOf(row.emailConfig);
    if (!sendsMail(config)) return this.settle(manager, row, { status: 'skipped', lastError: SERVICE_OFF });
    const stored = { document: row.documentSetting, organization: row.organizationSetting };
    if (!storedSettingAllows('email', stored, preferenceReason(row.reason)))
      return this.settle(manager, row, { status: 'skipped', lastError: UNSUBSCRIBED });
    const result = await this.send(config, row);
    const attempts = row.attempts + 1;
    if (result.accepted) {
      this.logger.log({ messageId, reason: row.reason }, 'E-mail sent');
      return this.settle(manager, row, {
        status: 'sent',
        attempts,
        lastError: null,
        providerMessageId: result.providerMessageId,
        sentAt: new Date(),
      });
    }
    if (result.permanent) {
      this.logger.warn({ messageId, error: result.error }, 'E-mail failed');
      return this.settle(manager, row, { status: 'failed', attempts, lastError: result.error });
    }
    await this.settle(manager, row, { status: 'pending', attempts, lastError: result.error });
    return { retry: result.error };
  }

  private async send(config: EmailSendingConfig & { type: SendingType }, row: MessageToSend): Promise<SendResult> {
    if (!config.fromEmail) return refused(true, 'The e-mail configuration has no fromEmail.');
    const email = outgoing(row, config);
    if (config.type === 'smtp')
      return config.smtp
        ? this.smtp.send(config.smtp, email)
        : refused(true, 'The e-mail configuration has no SMTP host.');
    return config.apiKey
      ? this.sendgrid.send(config.apiKey, email)
      : refused(true, 'The e-mail configuration has no SendGrid apiKey.');
  }

  /** Fields the outcome leaves out keep the locked row's values. */
  private async settle(
    manager: EntityManager,
    row: MessageToSend,
    outcome: Pick<MessageOutcome, 'status' | 'lastError'> & Partial<MessageOutcome>,
  ): Promise<Settled> {
    await settleMessage(manager, row.id, { ...row, ...outcome });
    return { status: outcome.status };
  }
}
