import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { apiRoutes } from './support/routes';

/** Every route of Velt's REST reference (test/fixtures/velt/README.md says which commit). */
const VELT_ROUTES = JSON.parse(readFileSync(join(__dirname, 'fixtures', 'velt', 'routes.json'), 'utf8')) as Array<{ path: string; source: string }>;
const README = readFileSync(join(__dirname, '..', 'README.md'), 'utf8');
const SERVED = new Set(apiRoutes().map((route) => route.path));

/** The rows of README's "Every Velt route" table: `| \`/v2/...\` | served |` or `| ... | not served: why |`. */
function readmeRows(): Map<string, string> {
  const section = README.split('### Every Velt route')[1]?.split('\n#')[0] ?? '';
  const rows = new Map<string, string>();
  for (const [, path, status] of section.matchAll(/^\| `(\/v[12]\/[^`]+)` \| (.+?) \|$/gm)) {
    if (rows.has(path)) throw new Error(`README lists ${path} twice`);
    rows.set(path, status);
  }
  return rows;
}

describe('README: every Velt route, served or not', () => {
  const rows = readmeRows();

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
    expect(README).toContain(`${served} of the ${VELT_ROUTES.length} routes in Velt's REST reference are served`);
  });
});
