import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { newId } from '@app/common';
import { preparedStatement, sendPrepared } from '@app/database';
import {
  AfterCommit,
  CommentEvent,
  commentRecipients,
  DomainEvent,
  EventRecorder,
  isCommentEvent,
  NotificationUser,
} from '@app/events';
import { UserContacts } from '@app/user';
import { EmailConfigService, EmailSendingConfig } from '@app/workspace';
import { buildEmailContent } from './email-content';
import { EmailProducer } from './email.producer';
import { CommentEmailData } from './entities/email-message.entity';
import { NO_ADDRESS, sendsMail } from './email-policy';

interface Planned {
  event: CommentEvent;
  user: NotificationUser;
  reason: CommentEmailData['reason'];
}

function isEmailReason(reason: string): reason is CommentEmailData['reason'] {
  return reason === 'mention' || reason === 'assign';
}

/** Who gets an e-mail about these events under this configuration: mentioned and assigned people, per enabled trigger. */
function plan(config: EmailSendingConfig, events: DomainEvent[]): Planned[] {
  if (!sendsMail(config)) return [];
  const planned: Planned[] = [];
  for (const event of events) {
    if (!isCommentEvent(event) || config.triggers?.[event.trigger] === false) continue;
    for (const { user, reason } of commentRecipients(event)) {
      if (isEmailReason(reason)) planned.push({ event, user, reason });
    }
  }
  return planned;
}

const COLUMNS =
  'id, organization_id, document_id, event, recipient_user_id, recipient_email, reason, subject, body_text, body_html, template_data, status, last_error';

/** The messages $2 of API key $1, one multi-row statement in their order. */
const INSERT_MESSAGES = preparedStatement(`INSERT INTO email_message (api_key_id, ${COLUMNS})
  SELECT $1, v.${COLUMNS.split(', ').join(', v.')}
  FROM ROWS FROM (jsonb_to_recordset($2::jsonb) AS (id text, organization_id text, document_id text, event text, recipient_user_id text,
    recipient_email text, reason text, subject text, body_text text, body_html text, template_data jsonb, status text, last_error text))
    WITH ORDINALITY AS v(${COLUMNS}, n)
  ORDER BY v.n`);

/**
 * The e-mail sink of the event pipeline: one message per mentioned or assigned person, written with
 * the emitter's transaction (so a committed comment always has its e-mails); the queue is fed after
 * commit and the worker's sweep covers any gap. The address is the one the comment names, else the
 * user's stored profile; a person with neither gets a skipped row, so the log says why nothing came.
 */
@Injectable()
export class EmailRecorder implements EventRecorder {
  constructor(
    private readonly emailConfig: EmailConfigService,
    private readonly users: UserContacts,
    private readonly producer: EmailProducer,
  ) {}

  async record(manager: EntityManager, apiKeyId: string, events: DomainEvent[]): Promise<AfterCommit | undefined> {
    if (!events.some(isCommentEvent)) return undefined;
    const config = await this.emailConfig.recorderConfig(manager, apiKeyId);
    const planned = plan(config, events);
    if (planned.length === 0) return undefined;
    const profiles = await this.profiles(manager, apiKeyId, planned);
    const rows = planned.map(({ event, user: named, reason }) => {
      // What the comment says about the person wins; the profile fills in what it leaves out.
      const user = { ...profiles.get(event.organizationId)?.get(named.userId), ...named };
      const recipientEmail = user.email ?? null;
      const content = buildEmailContent(event, user, reason, config.fromCompany);
      return {
        id: newId(),
        organization_id: event.organizationId,
        document_id: event.documentId,
        event: event.trigger,
        recipient_user_id: user.userId,
        recipient_email: recipientEmail,
        reason,
        subject: content.subject,
        body_text: content.text,
        body_html: content.html,
        template_data: content.templateData,
        status: recipientEmail === null ? 'skipped' : 'pending',
        last_error: recipientEmail === null ? NO_ADDRESS : null,
      };
    });
    sendPrepared(manager, INSERT_MESSAGES, [apiKeyId, JSON.stringify(rows)]);
    const pending = rows.filter((row) => row.status === 'pending').map((row) => row.id);
    return pending.length > 0 ? () => this.producer.enqueue(pending) : undefined;
  }

  /** Stored profiles of the planned people the comment names without an address or a name, by organization. */
  private async profiles(
    manager: EntityManager,
    apiKeyId: string,
    planned: Planned[],
  ): Promise<Map<string, Map<string, NotificationUser>>> {
    const incomplete = new Map<string, Set<string>>();
    for (const { event, user } of planned) {
      if (user.email && user.name) continue;
      if (!incomplete.has(event.organizationId)) incomplete.set(event.organizationId, new Set());
      incomplete.get(event.organizationId)!.add(user.userId);
    }
    const found = new Map<string, Map<string, NotificationUser>>();
    for (const [organizationId, userIds] of incomplete)
      found.set(organizationId, await this.users.contactsOf(manager, apiKeyId, organizationId, [...userIds]));
    return found;
  }
}
