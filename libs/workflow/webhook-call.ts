import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { pinnedLookup, VettedAddress, vetTarget } from '@app/common';

/** Velt's webhook node output keeps at most 64 KB of the response text. */
const MAX_RESPONSE_TEXT = 64 * 1024;
const RESPONSE_HEADERS = ['content-type', 'x-request-id', 'etag', 'location'];

export type WebhookCallResult =
  | {
      httpStatus: number;
      responseText: string;
      responseJson: unknown;
      responseHeaders: Record<string, string>;
      latencyMs: number;
    }
  | { error: string; latencyMs: number };

export interface WebhookCallRequest {
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body: string | null;
  timeoutMs: number;
  allowPrivateNetworks: boolean;
}

/** `sha256=<hex>` of the body under the execution's webhookSecret (Velt's x-velt-signature; ours is x-svc-signature). */
export function bodySignature(body: string, secret: string): string {
  return `sha256=${createHmac('sha256', secret).update(body, 'utf8').digest('hex')}`;
}

/**
 * One call of a webhook node: the SSRF guard of every outbound call here (the address is vetted and
 * pinned), no redirects followed, the response read up to 64 KB.
 */
export async function callWebhook(request: WebhookCallRequest): Promise<WebhookCallResult> {
  const started = Date.now();
  const target = new URL(request.url);
  let vetted: VettedAddress;
  try {
    vetted = await vetTarget(target, request.allowPrivateNetworks);
  } catch (error) {
    return { error: `Target refused: ${(error as Error).message}`, latencyMs: Date.now() - started };
  }
  const client = target.protocol === 'https:' ? https : http;
  return new Promise<WebhookCallResult>((resolve) => {
    const outgoing = client.request(
      target,
      {
        method: request.method,
        headers: {
          ...request.headers,
          ...(request.body !== null ? { 'content-length': String(Buffer.byteLength(request.body)) } : {}),
        },
        lookup: pinnedLookup(vetted),
        signal: AbortSignal.timeout(request.timeoutMs),
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          if (size < MAX_RESPONSE_TEXT) chunks.push(chunk);
          size += chunk.length;
        });
        response.on('error', () => undefined);
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8').slice(0, MAX_RESPONSE_TEXT);
          let json: unknown = null;
          if (String(response.headers['content-type'] ?? '').includes('json')) {
            try {
              json = JSON.parse(text);
            } catch {
              json = null;
            }
          }
          const headers: Record<string, string> = {};
          for (const name of RESPONSE_HEADERS) {
            const value = response.headers[name];
            if (typeof value === 'string') headers[name] = value;
          }
          resolve({
            httpStatus: response.statusCode ?? 0,
            responseText: text,
            responseJson: json,
            responseHeaders: headers,
            latencyMs: Date.now() - started,
          });
        });
      },
    );
    outgoing.on('error', (error) => {
      const timedOut = error.name === 'AbortError' || error.name === 'TimeoutError';
      resolve({
        error: timedOut ? `No response within ${request.timeoutMs} ms.` : error.message || String(error),
        latencyMs: Date.now() - started,
      });
    });
    outgoing.end(request.body ?? undefined);
  });
}
