import { guardrails, ModelFindings } from './findings';

const finding = (overrides: Partial<ModelFindings['findings'][number]> = {}): ModelFindings['findings'][number] => ({
  title: 'Typo',
  description: 'd',
  severity: 'low',
  targetText: 'teh',
  suggestion: 'the',
  htmlSelector: 'p',
  isPageLevel: false,
  issueType: 'Spelling',
  confidence: 150,
  ...overrides,
});
const context = { agentId: 'a', documentId: 'd', url: 'https://s.example/', enabled: true };

describe('guardrails', () => {
  it('strips markup, clamps confidence, and keeps a repeated finding once', () => {
    const kept = guardrails(
      { summary: '', findings: [finding({ title: '<b>Typo</b>' }), finding(), finding({ title: 'Another' })] },
      context,
    );
    expect(kept.map((f) => [f.title, f.issueType, f.confidence, f.occurrence])).toEqual([
      ['Typo', 'spelling', 100, 1],
      ['Another', 'spelling', 100, 2],
    ]);
  });

  it('gives the same finding the same id on every run, and another page another id', () => {
    const [first] = guardrails({ summary: '', findings: [finding()] }, context);
    const [again] = guardrails({ summary: '', findings: [finding()] }, context);
    const [elsewhere] = guardrails({ summary: '', findings: [finding()] }, { ...context, url: 'https://s.example/b' });
    expect(first.id).toBe(again.id);
    expect(first.id).not.toBe(elsewhere.id);
  });
});
