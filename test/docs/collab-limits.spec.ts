import { AppConfig } from '../../libs/common/config';
import { collabLimits } from '../../libs/collab/collab-limits';
import { readDoc, tableRows } from './markdown';

/** The "`/collab` limits" table of docs/client-api.md, as the code's rows: `| name | limit | unit | refusal | description |`. */
const DOCUMENTED = tableRows(readDoc('docs/client-api.md'), '## `/collab` limits').map(
  ([name, limit, unit, refusal, description]) => ({
    name,
    limit: Number(limit.replace(/,/g, '')),
    unit,
    refusal: refusal.replace(/`/g, ''),
    description,
  }),
);

describe('docs/client-api.md "`/collab` limits"', () => {
  const enforced = Object.values(collabLimits(new AppConfig({})));

  it('prints every limit the sync server enforces, with its default, unit, refusal and meaning', () => {
    expect(DOCUMENTED).toEqual(expect.arrayContaining(enforced));
  });

  it('prints no limit the code does not enforce', () => {
    expect(enforced).toEqual(expect.arrayContaining(DOCUMENTED));
    expect(DOCUMENTED).toHaveLength(enforced.length);
  });
});
