import { existsSync, statSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { documentationFiles, prose, readDoc, ROOT } from './markdown';

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens; repeats get -1, -2... */
function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const result = new Set<string>();
  for (const [, heading] of markdown.replace(/^```[\s\S]*?^```/gm, '').matchAll(/^#{1,6}\s+(.+?)\s*#*$/gm)) {
    const slug = heading
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    result.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return result;
}

/** Every relative link and image of a document: `[text](target)` and `[text]: target` definitions. */
function relativeLinks(markdown: string): string[] {
  const text = prose(markdown);
  const inline = [...text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((match) => match[1]);
  const definitions = [...text.matchAll(/^\s*\[[^\]]+\]:\s*(\S+)/gm)].map((match) => match[1]);
  return [...inline, ...definitions].filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target));
}

function broken(file: string, target: string): string | null {
  const [path, anchor] = target.split('#', 2);
  const resolved = path === '' ? file : normalize(join(dirname(file), decodeURIComponent(path)));
  const absolute = join(ROOT, resolved);
  if (resolved.startsWith('..') || !existsSync(absolute)) return `${file}: ${target} (no ${resolved})`;
  if (anchor === undefined || statSync(absolute).isDirectory()) return null;
  if (!resolved.endsWith('.md')) return `${file}: ${target} (an anchor into a file that is not Markdown)`;
  return anchors(readDoc(resolved)).has(anchor) ? null : `${file}: ${target} (no heading #${anchor} in ${resolved})`;
}

describe('documentation links', () => {
  const files = documentationFiles();

  it('reads README, CONTRIBUTING and the docs pages', () => {
    expect(files).toEqual(
      expect.arrayContaining(['README.md', 'CONTRIBUTING.md', 'docs/architecture.md', 'docs/configuration.md']),
    );
  });

  it.each(files)('every relative link of %s resolves, anchors included', (file) => {
    const links = relativeLinks(readDoc(file));
    expect(links.map((target) => broken(file, target)).filter((problem) => problem !== null)).toEqual([]);
  });

  it('catches a missing file and a missing anchor', () => {
    expect(broken('README.md', 'docs/nothing-here.md')).toContain('no docs/nothing-here.md');
    expect(broken('README.md', 'docs/configuration.md#no-such-heading')).toContain('no heading #no-such-heading');
    expect(broken('docs/configuration.md', '../README.md')).toBeNull();
  });
});
