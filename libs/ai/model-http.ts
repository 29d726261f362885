import http from 'node:http';
import https from 'node:https';
import { pinnedLookup, VettedAddress, vetTarget } from '@app/common';
import { ModelEndpoint } from './model-endpoint';
import { ModelError } from './model-error';

/** The largest model answer read: a thousand embeddings of 3072 dimensions fit well within it. */
export const MODEL_RESPONSE_MAX_BYTES = 64 * 1024 * 1024;

export interface AttemptOptions {
  endpoint: ModelEndpoint;
  path: '/chat/completions' | '/embeddings';
  body: string;
  timeoutMs: number;
  allowPrivateBaseUrls: boolean;
}

/** What one HTTP attempt gave: an answer (any status) or a failure a retry may cure. */
export type AttemptOutcome =
  | { status: number; body: string; retryAfterMs: number | null }
  | { failure: 'timeout' | 'unreachable'; message: string };

const agents = {
  http: new http.Agent({ keepAlive: true, maxSockets: 256 }),
  https: new https.Agent({ keepAlive: true, maxSockets: 256 }),
};

function retryAfterMs(header: string | undefined): number | null {
  if (header === undefined) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, date - Date.now());
}

/**
 * One POST to the model API. A tenant's base URL passes the webhooks' address guard (resolved once,
 * the connection pinned to the vetted address); the operator's does not need to.
 */
export async function postOnce({
  endpoint,
  path,
  body,
  timeoutMs,
  allowPrivateBaseUrls,
}: AttemptOptions): Promise<AttemptOutcome> {
  const target = new URL(`${endpoint.baseUrl}${path}`);
  let vetted: VettedAddress;
  try {
    vetted = await vetTarget(target, !endpoint.guarded || allowPrivateBaseUrls);
  } catch (error) {
    if (endpoint.guarded) throw new ModelError('target_refused', (error as Error).message);
    return { failure: 'unreachable', message: `${target.hostname} does not resolve.` };
  }
  const secure = target.protocol === 'https:';
  return new Promise<AttemptOutcome>((resolve) => {
    const request = (secure ? https : http).request(
      target,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          ...(endpoint.apiKey ? { authorization: `Bearer ${endpoint.apiKey}` } : {}),
        },
        agent: secure ? agents.https : agents.http,
        lookup: pinnedLookup(vetted),
        signal: AbortSignal.timeout(timeoutMs),
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > MODEL_RESPONSE_MAX_BYTES) {
            request.destroy();
            resolve({ status: response.statusCode ?? 0, body: '', retryAfterMs: null });
            return;
          }
          chunks.push(chunk);
        });
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
            retryAfterMs: retryAfterMs(response.headers['retry-after']),
          }),
        );
        response.on('error', (error) => resolve(failed(error, timeoutMs)));
      },
    );
    request.on('error', (error) => resolve(failed(error, timeoutMs)));
    request.end(body);
  });
}

function failed(error: Error, timeoutMs: number): AttemptOutcome {
  const timedOut = error.name === 'AbortError' || error.name === 'TimeoutError';
  return timedOut
    ? { failure: 'timeout', message: `No answer within ${timeoutMs} ms.` }
    : { failure: 'unreachable', message: error.message || String(error) };
}
