import { Injectable, OnApplicationShutdown } from '@nestjs/common';
import { isIP } from 'node:net';
import nodemailer, { Transporter } from 'nodemailer';
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
/**
 * A pooled connection unused this long is closed by us: below the idle limit servers commonly set
 * (smtp-server's default is 60 s), so a server seldom closes one just as a message is handed to it.
 */
const SMTP_IDLE_MS = 30_000;
/** Pools kept, one per distinct server settings; beyond this the least recently used one is closed. */
const MAX_POOLS = 256;

type SmtpSettings = NonNullable<EmailSendingConfig['smtp']>;

/**
 * One SMTP send through the server the API key configured. The host is vetted at every send (DNS
 * answers change after config time) and the connection goes to the vetted address; TLS still checks
 * the certificate against the configured name. Connections are pooled per vetted address and
 * settings, so a send is MAIL, RCPT and DATA on an open connection, not a connect, greeting and
 * EHLO (and AUTH) each time.
 */
@Injectable()
export class SmtpTransport implements OnApplicationShutdown {
  private readonly pools = new Map<string, Transporter>();

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
    try {
      const info = await this.pool(smtp, vetted).sendMail({
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
    }
  }

  private pool(smtp: SmtpSettings, vetted: VettedAddress): Transporter {
    const options = {
      pool: true,
      host: vetted.address,
      port: smtp.port,
      secure: smtp.secure,
      ...(smtp.username ? { auth: { user: smtp.username, pass: smtp.password ?? '' } } : {}),
      ...(isIP(smtp.host) ? {} : { tls: { servername: smtp.host } }),
      connectionTimeout: SMTP_TIMEOUT_MS,
      greetingTimeout: SMTP_TIMEOUT_MS,
      socketTimeout: SMTP_TIMEOUT_MS,
      idleTimeout: SMTP_IDLE_MS,
      // A connection closed mid-send fails that send at once (a transient error, retried by the
      // job), as an unpooled one did, instead of the pool sending it again on its own.
      maxRequeues: 0,
    };
    const key = JSON.stringify(options);
    let pool = this.pools.get(key);
    if (pool) {
      // Most recently used last, so the first is the one to close when there are too many.
      this.pools.delete(key);
    } else {
      pool = nodemailer.createTransport(options);
      if (this.pools.size >= MAX_POOLS) {
        const [oldestKey, oldest] = this.pools.entries().next().value!;
        this.pools.delete(oldestKey);
        oldest.close();
      }
    }
    this.pools.set(key, pool);
    return pool;
  }

  /** Not onModuleDestroy: that runs before the workers close, and would cut the sends they wait for. */
  onApplicationShutdown(): void {
    for (const pool of this.pools.values()) pool.close();
    this.pools.clear();
  }
}
