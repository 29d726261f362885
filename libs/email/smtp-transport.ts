import { Injectable } from '@nestjs/common';
import { isIP } from 'node:net';
import nodemailer from 'nodemailer';
import { AppConfig, VettedAddress, vetTarget } from '@app/common';
import { EmailSendingConfig } from '@app/workspace';
import {
  classifySmtpError,
  messageIdHeader,
  OutgoingEmail,
  refused,
  SendResult,
  SmtpErrorLike,
} from './outgoing-email';

/** How long an SMTP server has to greet, and to answer each command. */
const SMTP_TIMEOUT_MS = 15_000;

type SmtpSettings = NonNullable<EmailSendingConfig['smtp']>;

/**
 * One SMTP send through the server the API key configured. The host is vetted at every send (DNS
 * answers change after config time) and the connection goes to the vetted address; TLS still checks
 * the certificate against the configured name.
 */
@Injectable()
export class SmtpTransport {
  constructor(private readonly config: AppConfig) {}

  async send(smtp: SmtpSettings, email: OutgoingEmail): Promise<SendResult> {
    let vetted: VettedAddress;
    try {
      vetted = await vetTarget(
        new URL(`smtp://${smtp.host.includes(':') ? `[${smtp.host}]` : smtp.host}`),
        this.config.emailAllowPrivateNetworks,
      );
    } catch (error) {
      return refused(true, `SMTP host refused: ${(error as Error).message}`);
    }
    const transport = nodemailer.createTransport({
      host: vetted.address,
      port: smtp.port,
      secure: smtp.secure,
      ...(smtp.username ? { auth: { user: smtp.username, pass: smtp.password ?? '' } } : {}),
      ...(isIP(smtp.host) ? {} : { tls: { servername: smtp.host } }),
      connectionTimeout: SMTP_TIMEOUT_MS,
      greetingTimeout: SMTP_TIMEOUT_MS,
      socketTimeout: SMTP_TIMEOUT_MS,
    });
    try {
      const info = await transport.sendMail({
        from: { name: email.from.name ?? '', address: email.from.email },
        to: { name: email.to.name ?? '', address: email.to.email },
        subject: email.subject,
        text: email.text,
        html: email.html,
        messageId: messageIdHeader(email.id, email.from.email),
      });
      return { accepted: true, providerMessageId: typeof info.response === 'string' ? info.response : null };
    } catch (error) {
      return classifySmtpError(error as SmtpErrorLike);
    } finally {
      transport.close();
    }
  }
}
