import { Injectable, OnApplicationShutdown } from '@nestjs/common';
import http from 'node:http';
import https from 'node:https';
import { AppConfig, pinnedLookup, VettedAddress, vetTarget } from '@app/common';
import { ATTEMPT_RESPONSE_BODY_MAX_BYTES } from './entities/webhook-attempt.entity';
import { AttemptResult } from './retry-policy';

/** Response headers as one string each (Set-Cookie's list joined), for the delivery log. */
function headerRecord(headers: http.IncomingHttpHeaders): Record<string, string> {
  const record: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) record[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return record;
}

/** docs/architecture.md "Webhooks": a receiver has 15 s to answer with a 2xx. */
export const DELIVERY_TIMEOUT_MS = 15_000;
/** How long an answered attempt waits for the first bytes of the body that the delivery log keeps. */
const RESPONSE_BODY_WAIT_MS = 1000;

/** One HTTP POST of a delivery: the SSRF guard runs again here because DNS answers change after config time. */
@Injectable()
export class WebhookSender implements OnApplicationShutdown {
  private readonly httpAgent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  private readonly httpsAgent = new https.Agent({ keepAlive: true, maxSockets: 256 });

  constructor(private readonly config: AppConfig) {}

  async send(url: string, headers: Record<string, string>, body: string): Promise<AttemptResult> {
    const target = new URL(url);
    let vetted: VettedAddress;
    try {
      vetted = await vetTarget(target, this.config.webhookAllowPrivateNetworks);
    } catch (error) {
      return { error: `Target refused: ${(error as Error).message}` };
    }
    const client = target.protocol === 'https:' ? https : http;
    return new Promise<AttemptResult>((resolve) => {
      const request = client.request(
        target,
        {
          method: 'POST',
          headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
          agent: target.protocol === 'https:' ? this.httpsAgent : this.httpAgent,
          lookup: pinnedLookup(vetted),
          signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
        },
        (response) => {
          // The status decides the outcome. The body's first bytes are kept for the delivery log, waited for a
          // second at most (a slow body holds no worker up); the rest is drained so the socket can be reused.
          const retryAfter = response.headers['retry-after'];
          const chunks: Buffer[] = [];
          let kept = 0;
          const settle = () =>
            resolve({
              httpStatus: response.statusCode ?? 0,
              retryAfter: typeof retryAfter === 'string' ? retryAfter : null,
              response: {
                headers: headerRecord(response.headers),
                body: Buffer.concat(chunks).toString('utf8').slice(0, ATTEMPT_RESPONSE_BODY_MAX_BYTES),
              },
            });
          response.on('data', (chunk: Buffer) => {
            if (kept >= ATTEMPT_RESPONSE_BODY_MAX_BYTES) return;
            chunks.push(chunk.subarray(0, ATTEMPT_RESPONSE_BODY_MAX_BYTES - kept));
            kept += chunk.length;
            if (kept >= ATTEMPT_RESPONSE_BODY_MAX_BYTES) settle();
          });
          setTimeout(settle, RESPONSE_BODY_WAIT_MS).unref();
          response.on('end', settle);
          response.on('error', settle);
        },
      );
      request.on('error', (error) => {
        const timedOut = error.name === 'AbortError' || error.name === 'TimeoutError';
        resolve({
          error: timedOut ? `No response within ${DELIVERY_TIMEOUT_MS / 1000} s.` : error.message || String(error),
        });
      });
      request.end(body);
    });
  }

  /** Not onModuleDestroy: that runs before the workers close, and would abort the deliveries they wait for. */
  onApplicationShutdown(): void {
    this.httpAgent.destroy();
    this.httpsAgent.destroy();
  }
}
