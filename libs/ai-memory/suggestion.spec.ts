import { Precedent, suggest } from './suggestion';

const now = Date.UTC(2026, 0, 1);
const p = (decision: string, reviewerId: string, reasoning = 'Missing citation', similarity = 0.8): Precedent => ({
  decision,
  reasoning,
  reviewerId,
  createdAt: now - 1000,
  similarity,
});
const context = { scope: 'organization' as const, now, knowledgeUpdatedRecently: false };

describe("suggest: Velt's vote over past judgments", () => {
  it('recommends the side with support, counting only deciding values', () => {
    const { primary, conflict } = suggest(
      [p('rejected', 'a'), p('disagree', 'b'), p('comment', 'c'), p('resolve', 'd')],
      context,
    );
    expect(primary).toMatchObject({
      recommendation: 'reject',
      basedOn: 2,
      confidence: 1,
      uniqueReviewers: 2,
      scopeLabel: 'This organization',
      topReasons: ['Missing citation'],
      caveats: [],
    });
    expect(conflict).toBeNull();
  });

  it('answers nothing with fewer than 2 supporting records', () => {
    expect(suggest([p('approved', 'a'), p('comment', 'b')], context)).toEqual({ primary: null, conflict: null });
    expect(suggest([], context)).toEqual({ primary: null, conflict: null });
  });

  it('reports a conflict when both sides have 2, with caveats on both', () => {
    const { primary, conflict } = suggest(
      [p('approved', 'a'), p('endorse', 'b'), p('document_approved', 'c'), p('rejected', 'd'), p('rejected', 'e')],
      { ...context, knowledgeUpdatedRecently: true },
    );
    expect(primary?.recommendation).toBe('approve');
    expect(primary?.confidence).toBe(0.6);
    expect(primary?.caveats).toEqual([
      'Conflict: 2 records support reject.',
      'A knowledge source was updated in the last 48 hours.',
    ]);
    expect(conflict).toMatchObject({ recommendation: 'reject', basedOn: 2 });
    expect(conflict?.caveats).toHaveLength(1);
  });

  it('flags a pattern whose support is mostly older than 6 months', () => {
    const old = (id: string) => ({ ...p('approved', id), createdAt: now - 200 * 86_400_000 });
    expect(suggest([old('a'), old('b'), old('c')], context).primary?.caveats).toEqual([
      'Stale pattern: >70% of supporting data is older than 6 months',
    ]);
  });
});
