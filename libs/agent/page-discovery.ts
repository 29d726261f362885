import { PageFetchError } from './page-fetch';
import { ReducedPage, sameSite } from './page-reduction';

/**
 * crossPageExecute's crawl: breadth first from the seed over same-site links, until `max` URLs are
 * known. A page that cannot be read is still listed (its review records the failure).
 */
export async function discoverPages(
  seed: string,
  max: number,
  read: (url: string) => Promise<ReducedPage>,
): Promise<{ urls: string[]; visited: number }> {
  const seedUrl = new URL(seed);
  const urls = [seed];
  let visited = 0;
  for (let next = 0; next < urls.length && urls.length < max; next++) {
    let page: ReducedPage;
    try {
      page = await read(urls[next]);
    } catch (error) {
      if (error instanceof PageFetchError) continue;
      throw error;
    }
    visited++;
    for (const link of page.links) {
      if (urls.length >= max) break;
      if (link.internal && sameSite(new URL(link.href), seedUrl) && !urls.includes(link.href)) urls.push(link.href);
    }
  }
  return { urls, visited };
}
