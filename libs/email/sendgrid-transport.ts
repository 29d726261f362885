import { Injectable, OnApplicationShutdown } from '@nestjs/common';
import http from 'node:http';
import https from 'node:https';
import { AppConfig, pinnedLookup, VettedAddress, vetTarget } from '@app/common';
import { classifySendgridStatus, OutgoingEmail, refused, SendResult } from './outgoing-email';

/** How long SendGrid has to answer one send. */
const SENDGRID_TIMEOUT_MS = 15_000;
/** Of an error answer, this much is kept on the row. */
const MAX_ERROR_BODY = 2_000;

/** The v3 mail/send body: the dynamic template with its data, or the plain message. */
export function sendgridBody(email: OutgoingEmail): Record<string, unknown> {
  const templated = email.templateId !== null;
  const to = { email: email.to.email, ...(email.to.name ? { name: email.to.name } : {}) };
  return {
    personalizations: [
      { to: [to], ...(templated ? { dynamic_template_data: { ...email.templateData, subject: email.subject } } : {}) },
    ],
    from: { email: email.from.email, ...(email.from.name ? { name: email.from.name } : {}) },
    subject: email.subject,
    ...(templated
      ? { template_id: email.templateId }
      : {
          content: [
            { type: 'text/plain', value: email.text },
            { type: 'text/html', value: email.html },
          ],
        }),
    // SendGrid reserves the Message-ID header; the row id travels as a custom arg into its events and activity log.
    custom_args: { emailMessageId: email.id },
  };
}

/** One POST /v3/mail/send with the API key's SendGrid key; the URL is vetted like a webhook's. */
@Injectable()
export class SendgridTransport implements OnApplicationShutdown {
  private readonly httpAgent = new http.Agent({ keepAlive: true });
  private readonly httpsAgent = new https.Agent({ keepAlive: true });

  constructor(private readonly config: AppConfig) {}

  async send(apiKey: string, email: OutgoingEmail): Promise<SendResult> {
    const target = new URL('/v3/mail/send', this.config.sendgridApiUrl);
    let vetted: VettedAddress;
    try {
      vetted = await vetTarget(target, this.config.emailAllowPrivateNetworks);
    } catch (error) {
      return refused(true, `SendGrid URL refused: ${(error as Error).message}`);
    }
    const body = JSON.stringify(sendgridBody(email));
    const secure = target.protocol === 'https:';
    return new Promise<SendResult>((resolve) => {
      const request = (secure ? https : http).request(
        target,
        {
          method: 'POST',
          headers: {
            authorization: `Bearer ${apiKey}`,
            'content-type': 'application/json',
            'content-length': String(Buffer.byteLength(body)),
          },
          agent: secure ? this.httpsAgent : this.httpAgent,
          lookup: pinnedLookup(vetted),
          signal: AbortSignal.timeout(SENDGRID_TIMEOUT_MS),
        },
        (response) => {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => {
            if (text.length < MAX_ERROR_BODY) text += chunk;
          });
          response.on('error', (error) => resolve(refused(false, error.message)));
          response.on('end', () => {
            const messageId = response.headers['x-message-id'];
            resolve(
              classifySendgridStatus(
                response.statusCode ?? 0,
                text.slice(0, MAX_ERROR_BODY),
                typeof messageId === 'string' ? messageId : null,
              ),
            );
          });
        },
      );
      request.on('error', (error) => {
        const timedOut = error.name === 'AbortError' || error.name === 'TimeoutError';
        resolve(
          refused(
            false,
            timedOut
              ? `SendGrid did not answer within ${SENDGRID_TIMEOUT_MS / 1000} s.`
              : error.message || String(error),
          ),
        );
      });
      request.end(body);
    });
  }

  /** Not onModuleDestroy: that runs before the workers close, and would abort the sends they wait for. */
  onApplicationShutdown(): void {
    this.httpAgent.destroy();
    this.httpsAgent.destroy();
  }
}
