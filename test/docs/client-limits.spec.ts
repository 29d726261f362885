import { COLLAB_LIMITS } from '../../libs/collab/collab-limits';
import { CLIENT_LIMITS, ClientLimit } from '../../libs/realtime-hub/client-limits';
import { readDoc, tableRows } from './markdown';

const PAGE = readDoc('docs/client-api.md');
/** Every table printed under "Limits": the socket events' rows and the sync server's. */
const TABLES: ReadonlyArray<readonly ClientLimit[]> = [CLIENT_LIMITS, COLLAB_LIMITS];

/** `INVALID_ARGUMENT`, `connection closed`, or closed with `reason` (a `/collab` connection). */
function refusalOf(row: ClientLimit): string {
  if (row.refusal === 'connection closed') return row.refusal;
  if (row.refusal.startsWith('closed: ')) return `closed with \`${row.refusal.slice('closed: '.length)}\``;
  return `\`${row.refusal}\``;
}

/** A row as the page prints it: the bound in backticks when it is a setting, numbers with thousands separators. */
function printed(row: ClientLimit): string[] {
  const limit = typeof row.limit === 'number' ? row.limit.toLocaleString('en-US') : `\`${row.limit}\``;
  return [row.name, limit, row.unit, refusalOf(row), row.description];
}

const documented = tableRows(PAGE, '| limit | bound | unit | refusal | what |');
const enforced = TABLES.flat().map(printed);

describe('docs/client-api.md "Limits"', () => {
  it('prints every limit the code enforces, as the code has it', () => {
    const missing = enforced.filter((row) => !documented.some((line) => line.join('|') === row.join('|')));
    expect(missing).toEqual([]);
  });

  it('prints no limit the code does not enforce', () => {
    const extra = documented.filter((line) => !enforced.some((row) => line.join('|') === row.join('|')));
    expect(extra).toEqual([]);
  });

  it('names each limit once', () => {
    const names = enforced.map(([name]) => name);
    expect(new Set(names).size).toBe(names.length);
    expect(names.length).toBeGreaterThan(15);
  });
});
