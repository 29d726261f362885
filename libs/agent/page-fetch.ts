import http from 'node:http';
import https from 'node:https';
import { pinnedLookup, vetTarget } from '@app/common';

/** Bounds of one page fetch. */
export const PAGE_TIMEOUT_MS = 15_000;
export const PAGE_MAX_BYTES = 2 * 1024 * 1024;
const MAX_REDIRECTS = 3;

export interface FetchedPage {
  url: string;
  status: number;
  contentType: string;
  body: string;
}

/** Why a page could not be read; recorded on its result, never thrown past the run. */
export class PageFetchError extends Error {}

function getOnce(
  url: URL,
  allowPrivateNetworks: boolean,
): Promise<{ status: number; location?: string; contentType: string; body: string }> {
  return vetTarget(url, allowPrivateNetworks).then(
    (vetted) =>
      new Promise((resolve, reject) => {
        const request = (url.protocol === 'https:' ? https : http).get(
          url,
          {
            lookup: pinnedLookup(vetted),
            signal: AbortSignal.timeout(PAGE_TIMEOUT_MS),
            headers: { accept: 'text/html,text/plain;q=0.9,*/*;q=0.1', 'user-agent': 'collab-backend review agent' },
          },
          (response) => {
            const chunks: Buffer[] = [];
            let size = 0;
            response.on('data', (chunk: Buffer) => {
              size += chunk.length;
              if (size > PAGE_MAX_BYTES) {
                request.destroy(new PageFetchError(`The page is larger than ${PAGE_MAX_BYTES} bytes.`));
                return;
              }
              chunks.push(chunk);
            });
            response.on('end', () =>
              resolve({
                status: response.statusCode ?? 0,
                location: response.headers.location,
                contentType: response.headers['content-type'] ?? '',
                body: Buffer.concat(chunks).toString('utf8'),
              }),
            );
            response.on('error', reject);
          },
        );
        request.on('error', reject);
      }),
  );
}

/**
 * GETs a page through the webhooks' address guard: every hop of a redirect is vetted again and the
 * connection pinned to the vetted address (docs/ai.md "Context gathering").
 */
export async function fetchPage(target: string, allowPrivateNetworks: boolean): Promise<FetchedPage> {
  let url = new URL(target);
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    let answer: Awaited<ReturnType<typeof getOnce>>;
    try {
      answer = await getOnce(url, allowPrivateNetworks);
    } catch (error) {
      const timedOut = (error as Error).name === 'TimeoutError' || (error as Error).name === 'AbortError';
      throw new PageFetchError(timedOut ? `No answer within ${PAGE_TIMEOUT_MS} ms.` : (error as Error).message);
    }
    if (answer.status >= 300 && answer.status < 400 && answer.location) {
      url = new URL(answer.location, url);
      if (url.protocol !== 'http:' && url.protocol !== 'https:')
        throw new PageFetchError('Redirect to a non-http(s) URL.');
      continue;
    }
    if (answer.status < 200 || answer.status >= 300) throw new PageFetchError(`The page answered ${answer.status}.`);
    return { url: url.toString(), status: answer.status, contentType: answer.contentType, body: answer.body };
  }
  throw new PageFetchError(`More than ${MAX_REDIRECTS} redirects.`);
}
