import { Parser } from 'htmlparser2';

/** What a page is reduced to for the model: no markup, scripts or styles. */
export interface ReducedPage {
  title: string;
  /** Visible text, one line per block. */
  text: string;
  headings: Array<{ level: number; text: string }>;
  links: Array<{ href: string; text: string; internal: boolean }>;
  /** ARIA landmarks and their HTML5 equivalents, with their labels. */
  landmarks: Array<{ role: string; label?: string }>;
}

const SKIPPED = new Set(['script', 'style', 'noscript', 'template', 'svg', 'head']);
const BLOCKS = new Set([
  'p',
  'div',
  'section',
  'article',
  'li',
  'tr',
  'br',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'footer',
  'nav',
  'main',
  'aside',
  'form',
  'blockquote',
  'pre',
  'td',
  'th',
  'title',
]);
const LANDMARK_TAGS: Record<string, string> = {
  header: 'banner',
  nav: 'navigation',
  main: 'main',
  aside: 'complementary',
  footer: 'contentinfo',
  form: 'form',
  search: 'search',
};
const LANDMARK_ROLES = new Set([
  'banner',
  'navigation',
  'main',
  'complementary',
  'contentinfo',
  'form',
  'search',
  'region',
]);
/** Bounds on what one page contributes to a prompt. */
const MAX_TEXT = 60_000;
const MAX_LINKS = 500;

const squash = (text: string) => text.replace(/\s+/g, ' ').trim();

/** Same site: the same host, a leading `www.` aside. */
export function sameSite(a: URL, b: URL): boolean {
  const host = (url: URL) => url.hostname.replace(/^www\./, '');
  return host(a) === host(b);
}

/** Reduces HTML to its text, headings, links (resolved, same-site marked internal) and landmarks. */
export function reducePage(html: string, pageUrl: string): ReducedPage {
  const base = new URL(pageUrl);
  const page: ReducedPage = { title: '', text: '', headings: [], links: [], landmarks: [] };
  const lines: string[] = [];
  let line = '';
  let skipping = 0;
  let inTitle = false;
  let heading: { level: number; text: string } | null = null;
  let link: { href: string; text: string; internal: boolean } | null = null;
  const flush = () => {
    const text = squash(line);
    if (text) lines.push(text);
    line = '';
  };
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (SKIPPED.has(name) && name !== 'head') skipping++;
        if (name === 'title') inTitle = true;
        if (BLOCKS.has(name)) flush();
        if (/^h[1-6]$/.test(name)) heading = { level: Number(name[1]), text: '' };
        const role = attributes.role ?? LANDMARK_TAGS[name];
        if (role && LANDMARK_ROLES.has(role)) {
          const label = attributes['aria-label'];
          page.landmarks.push(label ? { role, label } : { role });
        }
        if (name === 'a' && attributes.href && page.links.length < MAX_LINKS) {
          try {
            const target = new URL(attributes.href, base);
            if (target.protocol === 'http:' || target.protocol === 'https:') {
              target.hash = '';
              link = { href: target.toString(), text: '', internal: sameSite(target, base) };
            }
          } catch {
            link = null;
          }
        }
      },
      ontext(text) {
        if (inTitle) page.title += text;
        if (skipping > 0) return;
        line += text;
        if (heading) heading.text += text;
        if (link) link.text += text;
      },
      onclosetag(name) {
        if (SKIPPED.has(name) && name !== 'head') skipping = Math.max(0, skipping - 1);
        if (name === 'title') inTitle = false;
        if (BLOCKS.has(name)) flush();
        if (/^h[1-6]$/.test(name) && heading) {
          page.headings.push({ level: heading.level, text: squash(heading.text) });
          heading = null;
        }
        if (name === 'a' && link) {
          page.links.push({ ...link, text: squash(link.text) });
          link = null;
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true },
  );
  parser.end(html);
  flush();
  page.title = squash(page.title);
  page.text = lines
    .filter((l) => l !== page.title)
    .join('\n')
    .slice(0, MAX_TEXT);
  return page;
}
