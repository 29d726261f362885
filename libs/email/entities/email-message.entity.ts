import {
  Column,
  CreateDateColumn,
  Entity,
  Generated,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryColumn,
  UpdateDateColumn,
} from 'typeorm';
import { ApiKey } from '@app/workspace';

/** pending -> sent | skipped (unsubscribed, no address, e-mail turned off) | failed. */
export const EMAIL_STATUSES = ['pending', 'sent', 'skipped', 'failed'] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];

/**
 * Why the recipient gets the e-mail: a comment mentions or assigns them (a subset of commentRecipients'
 * reasons), a review workflow asks them to review, a workflow's notification node names them, or the
 * workspace's owner asked for a console login link.
 */
export const EMAIL_REASONS = ['mention', 'assign', 'review', 'workflow', 'console-login'] as const;
export type EmailReason = (typeof EMAIL_REASONS)[number];

/** What a SendGrid dynamic template receives about a comment; also the source of the plain message. */
export interface CommentEmailData {
  reason: 'mention' | 'assign';
  event: string;
  actionUser: { userId: string; name?: string; email?: string } | null;
  recipient: { userId: string; name?: string };
  organizationId: string;
  documentId: string;
  documentName: string | null;
  annotationId: string;
  commentId: number | null;
  commentText: string | null;
  fromCompany: string | null;
}

/** What a review workflow's e-mail carries: the text is the workflow's own, sent without a template. */
export interface WorkflowEmailData {
  reason: 'review' | 'workflow';
  recipient: { userId: string | null; name?: string };
  organizationId: string | null;
  documentId: string | null;
  executionId: string;
  definitionId: string;
  stepId: string;
  fromCompany: string | null;
}

/** A console login link for the workspace's owner; the link is in the body only, which the message log never shows. */
export interface ConsoleLoginEmailData {
  reason: 'console-login';
  recipient: { userId: null; name?: string };
  workspaceId: string;
  fromCompany: string | null;
}

export type EmailTemplateData = CommentEmailData | WorkflowEmailData | ConsoleLoginEmailData;

/**
 * One e-mail to one recipient about one comment event or workflow step, written in the emitter's transaction. The id is
 * the BullMQ job id and the Message-ID (SendGrid: the `emailMessageId` custom arg), so a receiver can
 * drop a copy sent again after a worker died between handing it over and recording it.
 * Organization and document ids are plain columns: the log outlives a deleted document.
 */
@Entity('email_message')
@Index(['apiKeyId', 'seq'])
@Index('IDX_email_message_unsettled', ['status', 'updatedAt'], { where: `status = 'pending'` })
export class EmailMessage {
  @PrimaryColumn({ type: 'text', collation: 'C' })
  id: string;

  /** Insertion order, the keyset of the message log. */
  @Column({ type: 'bigint' })
  @Generated('increment')
  seq: string;

  @Column({ name: 'api_key_id', type: 'text' })
  apiKeyId: string;

  @ManyToOne(() => ApiKey, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'api_key_id' })
  apiKey?: ApiKey;

  @Column({ name: 'organization_id', type: 'text', collation: 'C' })
  organizationId: string;

  @Column({ name: 'document_id', type: 'text', collation: 'C' })
  documentId: string;

  @Column({ type: 'text' })
  event: string;

  @Column({ name: 'recipient_user_id', type: 'text', collation: 'C' })
  recipientUserId: string;

  /** From the event's contact, else the user's stored profile; null when neither has one (the row is skipped). */
  @Column({ name: 'recipient_email', type: 'text', nullable: true })
  recipientEmail: string | null;

  @Column({ type: 'text' })
  reason: EmailReason;

  @Column({ type: 'text' })
  subject: string;

  @Column({ name: 'body_text', type: 'text' })
  bodyText: string;

  @Column({ name: 'body_html', type: 'text' })
  bodyHtml: string;

  @Column({ name: 'template_data', type: 'jsonb' })
  templateData: EmailTemplateData;

  @Column({ type: 'text', default: 'pending' })
  status: EmailStatus;

  /** Sends tried; more than one means a transient failure was retried or a worker died mid-send. */
  @Column({ type: 'integer', default: 0 })
  attempts: number;

  @Column({ name: 'last_error', type: 'text', nullable: true })
  lastError: string | null;

  /** The SMTP server's queue id answer or SendGrid's X-Message-Id. */
  @Column({ name: 'provider_message_id', type: 'text', nullable: true })
  providerMessageId: string | null;

  @Column({ name: 'sent_at', type: 'timestamptz', nullable: true })
  sentAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
