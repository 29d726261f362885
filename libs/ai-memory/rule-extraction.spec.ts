import { chunkMarkdown, extractRules, isRuleBased, ruleDiff } from './rule-extraction';

describe('rule extraction', () => {
  const checklist = [
    '# Brand',
    '',
    '- Always cite medical claims.',
    '- [ ] Images must be WEBP.',
    '## Legal',
    '1. Never promise results.',
    '2) Ensure a disclaimer is shown.',
    '- A note without directive words',
  ].join('\n');

  it('takes bullets, checkboxes and numbered items with directive wording, under their heading', () => {
    expect(extractRules(checklist)).toEqual([
      { content: 'Always cite medical claims.', category: 'Brand', index: 0 },
      { content: 'Images must be WEBP.', category: 'Brand', index: 1 },
      { content: 'Never promise results.', category: 'Legal', index: 2 },
      { content: 'Ensure a disclaimer is shown.', category: 'Legal', index: 3 },
    ]);
    expect(extractRules('- You must sign.')[0].category).toBeNull();
  });

  it('calls a checklist rule-based and prose not', () => {
    expect(isRuleBased(checklist, extractRules(checklist))).toBe(true);
    const prose = 'Our audience is enterprise buyers. We must be concise.\n\nThey read on phones.';
    expect(isRuleBased(prose, extractRules(prose))).toBe(false);
  });

  it('diffs rules by content', () => {
    expect(ruleDiff(['a', 'b'], ['b', 'c'])).toEqual({ added: ['c'], removed: ['a'], unchanged: 1 });
  });

  it('chunks long text under its heading, never beyond the size by much', () => {
    const long = `# Title\n\n${'word '.repeat(600)}\n\n${'more '.repeat(100)}`;
    const chunks = chunkMarkdown(long);
    expect(chunks.length).toBeGreaterThan(1);
    expect(chunks.every((chunk) => chunk.length <= 1300)).toBe(true);
    expect(chunks[1].startsWith('# Title')).toBe(true);
    expect(chunkMarkdown('')).toEqual([]);
  });
});
