import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { apiRoutes } from './support/routes';

/** Every route of Velt's REST reference (test/fixtures/velt/README.md says which commit). */
const VELT_ROUTES = JSON.parse(readFileSync(join(__dirname, 'fixtures', 'velt', 'routes.json'), 'utf8')) as Array<{
  path: string;
  source: string;
}>;
const PAGE = readFileSync(join(__dirname, '..', 'docs', 'velt-compatibility.md'), 'utf8');
const SERVED = new Set(apiRoutes().map((route) => route.path));

/** The rows of docs/velt-compatibility.md's "Every Velt route" table: `| \`/v2/...\` | served |` or `| ... | not served: why |`. */
function tableRows(): Map<string, string> {
  const section = PAGE.split('## Every Velt route')[1]?.split('\n#')[0] ?? '';
  const rows = new Map<string, string>();
  for (const [, path, status] of section.matchAll(/^\| `(\/v[12]\/[^`]+)` \| (.+?) \|$/gm)) {
    if (rows.has(path)) throw new Error(`docs/velt-compatibility.md lists ${path} twice`);
    rows.set(path, status);
  }
  return rows;
}

describe('docs/velt-compatibility.md: every Velt route, served or not', () => {
  const rows = tableRows();

  it('has exactly one row per route of Velt reference', () => {
    expect([...rows.keys()].sort()).toEqual(VELT_ROUTES.map((route) => route.path).sort());
  });

  it('says "served" for exactly the routes this service registers', () => {
    const wrong = [...rows].filter(([path, status]) => (status === 'served') !== SERVED.has(path));
    expect(wrong).toEqual([]);
  });

  it('gives a reason for each route not served', () => {
    const unexplained = [...rows].filter(([, status]) => status !== 'served' && !/^not served: \S.{9,}/.test(status));
    expect(unexplained).toEqual([]);
  });

  it('states the served count the table holds', () => {
    const served = [...rows.values()].filter((status) => status === 'served').length;
    expect(PAGE).toContain(`${served} of the ${VELT_ROUTES.length} routes in Velt's REST reference are served`);
  });
});
