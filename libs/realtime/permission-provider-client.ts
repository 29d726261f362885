import { Injectable, OnApplicationShutdown } from '@nestjs/common';
import http from 'node:http';
import https from 'node:https';
import { ApiError, AppConfig, ErrorCode, pinnedLookup, VettedAddress, vetTarget } from '@app/common';
import { ActivePermissionProvider } from '@app/workspace';

/** A permission answer about one subscribe is small; anything past this is not one. */
const MAX_ANSWER_BYTES = 1_048_576;

/**
 * The provider could not be asked or did not answer usably: no access, reported to the socket as
 * UNAVAILABLE so a client can tell an outage from a denial.
 */
export class PermissionProviderError extends ApiError {
  constructor(reason: string, code = ErrorCode.UNAVAILABLE) {
    super(code, `Permission provider: ${reason}`);
  }
}

/** One POST to a permission provider; the SSRF guard runs at every call because DNS answers change after config time. */
@Injectable()
export class PermissionProviderClient implements OnApplicationShutdown {
  private readonly httpAgent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  private readonly httpsAgent = new https.Agent({ keepAlive: true, maxSockets: 64 });

  constructor(private readonly config: AppConfig) {}

  /** The parsed JSON body of a 2xx answer within the timeout, else PermissionProviderError. */
  async post(provider: ActivePermissionProvider, body: unknown): Promise<unknown> {
    const target = new URL(provider.url);
    let vetted: VettedAddress;
    try {
      vetted = await vetTarget(target, this.config.webhookAllowPrivateNetworks);
    } catch (error) {
      throw new PermissionProviderError(`target refused (${(error as Error).message})`);
    }
    const payload = JSON.stringify(body);
    const timeoutMs = this.config.permissionProviderTimeoutMs;
    const client = target.protocol === 'https:' ? https : http;
    return new Promise<unknown>((resolve, reject) => {
      const fail = (error: Error) => {
        const timedOut = error.name === 'AbortError' || error.name === 'TimeoutError';
        reject(
          new PermissionProviderError(
            timedOut ? `no answer within ${timeoutMs} ms.` : `request failed (${error.message || String(error)}).`,
          ),
        );
      };
      const request = client.request(
        target,
        {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'content-length': String(Buffer.byteLength(payload)),
            ...(provider.authToken ? { authorization: `Bearer ${provider.authToken}` } : {}),
          },
          agent: target.protocol === 'https:' ? this.httpsAgent : this.httpAgent,
          lookup: pinnedLookup(vetted),
          signal: AbortSignal.timeout(timeoutMs),
        },
        (response) => {
          const chunks: Buffer[] = [];
          let size = 0;
          response.on('data', (chunk: Buffer) => {
            size += chunk.length;
            if (size > MAX_ANSWER_BYTES) request.destroy(new Error(`answer larger than ${MAX_ANSWER_BYTES} bytes`));
            else chunks.push(chunk);
          });
          response.on('error', fail);
          response.on('end', () => {
            const status = response.statusCode ?? 0;
            if (status < 200 || status > 299) return reject(new PermissionProviderError(`answered HTTP ${status}.`));
            try {
              resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')));
            } catch {
              reject(new PermissionProviderError('answered with a body that is not JSON.'));
            }
          });
        },
      );
      request.on('error', fail);
      request.end(payload);
    });
  }

  onApplicationShutdown(): void {
    this.httpAgent.destroy();
    this.httpsAgent.destroy();
  }
}
