import { Injectable, OnApplicationShutdown } from '@nestjs/common';
import http from 'node:http';
import https from 'node:https';
import { AppConfig, pinnedLookup, VettedAddress, vetTarget } from '@app/common';
import { AttemptResult } from './retry-policy';

/** docs/architecture.md "Webhooks": a receiver has 15 s to answer with a 2xx. */
export const DELIVERY_TIMEOUT_MS = 15_000;

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
          // The status decides the outcome; the body is drained so the socket can be reused.
          response.resume();
          response.on('error', () => undefined);
          const retryAfter = response.headers['retry-after'];
          resolve({
            httpStatus: response.statusCode ?? 0,
            retryAfter: typeof retryAfter === 'string' ? retryAfter : null,
          });
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
