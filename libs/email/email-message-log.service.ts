import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AppConfig, KeysetPager, keysetListing } from '@app/common';
import { ListEmailMessagesDto } from './dto/list-email-messages.dto';
import { EmailMessage } from './entities/email-message.entity';

/** One e-mail as the message log shows it: who, why, and how sending went; not the body. */
export interface EmailMessageView {
  id: string;
  event: string;
  reason: string;
  organizationId: string;
  documentId: string;
  userId: string;
  email: string | null;
  subject: string;
  status: string;
  attempts: number;
  lastError: string | null;
  providerMessageId: string | null;
  sentAt: string | null;
  createdAt: string;
}

/** Newest first, keyset on insertion order. */
const MESSAGE_LISTING = keysetListing('email messages', ['bigint'], (row: EmailMessage) => [row.seq]);

function view(row: EmailMessage): EmailMessageView {
  return {
    id: row.id,
    event: row.event,
    reason: row.reason,
    organizationId: row.organizationId,
    documentId: row.documentId,
    userId: row.recipientUserId,
    email: row.recipientEmail,
    subject: row.subject,
    status: row.status,
    attempts: row.attempts,
    lastError: row.lastError,
    providerMessageId: row.providerMessageId,
    sentAt: row.sentAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The e-mail log of an API key: every message the sink wrote and what became of it. */
@Injectable()
export class EmailMessageLog {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly config: AppConfig,
  ) {}

  /** The key's e-mails still to go, and those created in the last 24 hours that failed (the console's overview). */
  async backlog(apiKeyId: string): Promise<{ pending: number; failedLastDay: number }> {
    const [row] = await this.dataSource.query<Array<{ pending: number; failed: number }>>(
      `SELECT (SELECT count(*)::int FROM email_message WHERE api_key_id = $1 AND status = 'pending') AS pending,
              (SELECT count(*)::int FROM email_message
                WHERE api_key_id = $1 AND status = 'failed' AND created_at > now() - interval '1 day') AS failed`,
      [apiKeyId],
    );
    return { pending: row.pending, failedLastDay: row.failed };
  }

  async list(
    apiKeyId: string,
    dto: ListEmailMessagesDto,
  ): Promise<{ messages: EmailMessageView[]; nextPageToken?: string }> {
    const filters = { status: dto.status ?? null, reason: dto.reason ?? null, userId: dto.userId ?? null };
    const pager = new KeysetPager(MESSAGE_LISTING, dto, { apiKeyId, filters }, this.config.pageTokenKey);
    const query = this.dataSource
      .getRepository(EmailMessage)
      .createQueryBuilder('m')
      .where('m.apiKeyId = :apiKeyId', { apiKeyId })
      .orderBy('m.seq', 'DESC')
      .take(pager.limit);
    if (filters.status) query.andWhere('m.status = :status', { status: filters.status });
    if (filters.reason) query.andWhere('m.reason = :reason', { reason: filters.reason });
    if (filters.userId) query.andWhere('m.recipientUserId = :userId', { userId: filters.userId });
    if (pager.after) query.andWhere('m.seq < :after', { after: pager.after[0] });
    const page = pager.page(await query.getMany());
    return { messages: page.rows.map(view), nextPageToken: page.nextToken };
  }
}
