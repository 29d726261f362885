import { once } from 'node:events';
import { ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer, SMTPServerDataStream, SMTPServerSession } from 'smtp-server';

export interface ReceivedMail {
  /** Envelope recipients (RCPT TO). */
  to: string[];
  from: string;
  parsed: ParsedMail;
}

/** An SMTP reply that refuses a message: 4xx asks the sender to come back, 5xx is final. */
export interface Refusal {
  responseCode: number;
  message: string;
}

/**
 * A real SMTP server for the e-mail sender: accepts plain connections (no STARTTLS, no auth), parses
 * every message it accepts, and may refuse a message (after receiving it) as `refuse` says.
 */
export class SmtpReceiver {
  readonly received: ReceivedMail[] = [];
  /** Messages refused so far (each counted once per DATA). */
  refusals = 0;
  refuse: (mail: ReceivedMail) => Refusal | null = () => null;
  /** Messages whose DATA reply is held back for good (a sender killed meanwhile never hears it) when `hold` says so. */
  readonly held: ReceivedMail[] = [];
  hold: (mail: ReceivedMail) => boolean = () => false;

  private constructor(
    private readonly server: SMTPServer,
    readonly port: number,
  ) {}

  static async start(): Promise<SmtpReceiver> {
    let receiver: SmtpReceiver | null = null;
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      closeTimeout: 1000,
      onData(stream: SMTPServerDataStream, session: SMTPServerSession, callback: (error?: Error | null) => void) {
        simpleParser(stream).then(
          (parsed) => receiver!.settle(session, parsed, callback),
          (error: Error) => callback(error),
        );
      },
    });
    server.listen(0, '127.0.0.1');
    await once(server.server, 'listening');
    receiver = new SmtpReceiver(server, (server.server.address() as { port: number }).port);
    return receiver;
  }

  private settle(session: SMTPServerSession, parsed: ParsedMail, callback: (error?: Error | null) => void): void {
    const mail = {
      to: session.envelope.rcptTo.map((r) => r.address),
      from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
      parsed,
    };
    if (this.hold(mail)) {
      this.held.push(mail);
      return;
    }
    const refusal = this.refuse(mail);
    if (refusal) {
      this.refusals++;
      callback(Object.assign(new Error(refusal.message), { responseCode: refusal.responseCode }));
      return;
    }
    this.received.push(mail);
    callback();
  }

  /** The accepted messages sent to `address`. */
  to(address: string): ReceivedMail[] {
    return this.received.filter((mail) => mail.to.includes(address));
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
