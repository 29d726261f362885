import { discoverPages } from './page-discovery';
import { PageFetchError } from './page-fetch';
import { reducePage, ReducedPage } from './page-reduction';

const HTML = `<html><head><title>Shop &amp; Co</title><style>.x{}</style></head><body>
  <header><a href="/">Home</a></header>
  <nav aria-label="Main"><a href="/a#top">A</a><a href="https://www.shop.example/b">B</a><a href="mailto:x@y.z">Mail</a>
  <a href="https://other.example/">Other</a></nav>
  <main><h1>Hello <em>there</em></h1><p>First   line.</p><script>var hidden = 1;</script><h3>Small</h3></main>
  <div role="search"></div><footer>End</footer></body></html>`;

describe('reducePage', () => {
  const page = reducePage(HTML, 'https://shop.example/start');

  it('keeps the title, visible text and headings, without scripts or styles', () => {
    expect(page.title).toBe('Shop & Co');
    expect(page.headings).toEqual([
      { level: 1, text: 'Hello there' },
      { level: 3, text: 'Small' },
    ]);
    expect(page.text).toContain('First line.');
    expect(page.text).not.toContain('hidden');
    expect(page.text).not.toContain('.x{}');
  });

  it('resolves http(s) links, drops fragments, and marks the same site (www. aside) internal', () => {
    expect(page.links).toEqual([
      { href: 'https://shop.example/', text: 'Home', internal: true },
      { href: 'https://shop.example/a', text: 'A', internal: true },
      { href: 'https://www.shop.example/b', text: 'B', internal: true },
      { href: 'https://other.example/', text: 'Other', internal: false },
    ]);
  });

  it('lists landmarks by role and element, with labels', () => {
    expect(page.landmarks).toEqual([
      { role: 'banner' },
      { role: 'navigation', label: 'Main' },
      { role: 'main' },
      { role: 'search' },
      { role: 'contentinfo' },
    ]);
  });
});

describe('discoverPages', () => {
  const site: Record<string, string[]> = {
    'https://s.example/': ['https://s.example/a', 'https://x.example/', 'https://s.example/b'],
    'https://s.example/a': ['https://s.example/c', 'https://s.example/'],
    'https://s.example/b': [],
  };
  const read = (url: string): Promise<ReducedPage> => {
    const links = site[url];
    if (!links) return Promise.reject(new PageFetchError('404'));
    return Promise.resolve({
      title: '',
      text: '',
      headings: [],
      landmarks: [],
      links: links.map((href) => ({ href, text: '', internal: new URL(href).hostname === 's.example' })),
    });
  };

  it('walks same-site links breadth first up to the limit, each once', async () => {
    expect(await discoverPages('https://s.example/', 3, read)).toEqual({
      urls: ['https://s.example/', 'https://s.example/a', 'https://s.example/b'],
      visited: 1,
    });
    expect((await discoverPages('https://s.example/', 10, read)).urls).toEqual([
      'https://s.example/',
      'https://s.example/a',
      'https://s.example/b',
      'https://s.example/c',
    ]);
  });
});
