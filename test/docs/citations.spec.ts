import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { readDoc, ROOT } from './markdown';

const SOURCE_DIRS = ['apps', 'libs', 'packages', 'scripts', 'test', 'bench', 'demo'];
const SKIP = new Set(['node_modules', 'dist', 'fixtures']);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return SKIP.has(entry.name) ? [] : sourceFiles(path);
    return /\.(ts|mjs|cjs|js)$/.test(entry.name) ? [path] : [];
  });
}

/** The headings of a docs page, as written. */
function headings(page: string): Set<string> {
  return new Set([...readDoc(page).matchAll(/^#{1,6}\s+(.+?)\s*$/gm)].map((match) => match[1]));
}

/** Code cites a section as `docs/<page>.md "<heading>"`; each must name a heading that exists. */
describe('citations of docs/ in the code', () => {
  const files = [...SOURCE_DIRS.flatMap((dir) => sourceFiles(join(ROOT, dir))), join(ROOT, '.dependency-cruiser.cjs')];
  const citations = files.flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(/(docs\/[a-z-]+\.md) "([^"]+)"/g)].map(([, page, heading]) => ({
      file: relative(ROOT, file),
      page,
      heading,
    })),
  );

  it('cites no file outside the repository (the design notes it started from are not in it)', () => {
    const outside = /DESIGN\s§|STYLE[.]md|[.][.]\/shared\//;
    const offenders = files
      .filter((file) => file !== __filename && outside.test(readFileSync(file, 'utf8')))
      .map((file) => relative(ROOT, file));
    expect(offenders).toEqual([]);
  });

  it('finds the citations', () => {
    expect(citations.length).toBeGreaterThan(40);
  });

  it('cites only headings that exist', () => {
    const missing = citations.filter(({ page, heading }) => {
      try {
        return !headings(page).has(heading);
      } catch {
        return true;
      }
    });
    expect(missing).toEqual([]);
  });
});
