import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { newId } from '@app/common';
import { EmailConfigService } from '@app/workspace';
import { escapeHtml } from './email-content';
import { sendsMail } from './email-policy';
import { EmailProducer } from './email.producer';
import { EmailMessage } from './entities/email-message.entity';

/** A console login link to e-mail to a workspace's owner. */
export interface ConsoleLoginEmail {
  workspaceId: string;
  workspaceName: string;
  email: string;
  link: string;
  expiresInMinutes: number;
}

/**
 * Console login links through the e-mail sink (docs/console.md "Sign-in"): a self-hosted service has
 * no mail account of its own, so a link goes with the settings of the workspace's oldest API key whose
 * e-mail service sends (smtp or sendgrid), logged in that key's message log without its body. The row is
 * written on the caller's transaction, with the link it carries; a workspace without such a key gets none.
 */
@Injectable()
export class ConsoleLoginEmails {
  constructor(
    private readonly emailConfig: EmailConfigService,
    private readonly producer: EmailProducer,
  ) {}

  /** The message ids to enqueue after commit; empty when no key of the workspace sends mail. */
  async write(manager: EntityManager, mail: ConsoleLoginEmail): Promise<string[]> {
    const sender = (await this.emailConfig.ofWorkspace(manager, mail.workspaceId)).find(({ config }) =>
      sendsMail(config),
    );
    if (!sender) return [];
    const text =
      `Someone asked to sign in to the console of ${mail.workspaceName} (${mail.workspaceId}) with this address.\n` +
      `Open this link within ${mail.expiresInMinutes} minutes to sign in; it works once:\n\n${mail.link}\n\n` +
      'If it was not you, ignore this e-mail: nothing happens until the link is opened.';
    const html =
      `<p>Someone asked to sign in to the console of ${escapeHtml(mail.workspaceName)} (${escapeHtml(mail.workspaceId)}) ` +
      `with this address. Open this link within ${mail.expiresInMinutes} minutes to sign in; it works once:</p>` +
      `<p><a href="${escapeHtml(mail.link)}">Sign in to the console</a></p>` +
      '<p>If it was not you, ignore this e-mail: nothing happens until the link is opened.</p>';
    const id = newId();
    await manager.insert(EmailMessage, {
      id,
      apiKeyId: sender.apiKeyId,
      organizationId: '',
      documentId: '',
      event: 'console.login_link',
      recipientUserId: '',
      recipientEmail: mail.email,
      reason: 'console-login',
      subject: `Sign in to the console: ${mail.workspaceName}`,
      bodyText: text,
      bodyHtml: html,
      templateData: {
        reason: 'console-login',
        recipient: { userId: null },
        workspaceId: mail.workspaceId,
        fromCompany: sender.config.fromCompany,
      },
      status: 'pending',
    });
    return [id];
  }

  enqueue(messageIds: string[]): Promise<void> {
    return this.producer.enqueue(messageIds);
  }
}
