import { APPROVING, REJECTING } from './decisions';
import { JudgmentDecision } from './entities/memory-judgment.entity';
import { MemoryScope } from './judgment-search';

/** What a vote needs of a precedent. */
export interface Precedent {
  decision: string;
  reasoning: string;
  reviewerId: string | null;
  createdAt: number;
  similarity: number;
}

export interface Suggestion {
  recommendation: 'approve' | 'reject';
  confidence: number;
  basedOn: number;
  scope: MemoryScope;
  scopeLabel: string;
  topReasons: string[];
  uniqueReviewers: number;
  caveats: string[];
}

const SCOPE_LABELS: Record<MemoryScope, string> = {
  document: 'This document',
  organization: 'This organization',
  apiKey: 'All content',
};
/** Velt: a side needs 2 supporting records. */
const MIN_SUPPORT = 2;
const STALE_AFTER_MS = 183 * 86_400_000;
const STALE_SHARE = 0.7;

const round = (value: number): number => Math.round(value * 100) / 100;

function reasons(side: Precedent[]): string[] {
  const counts = new Map<string, number>();
  for (const precedent of side) {
    const reason = precedent.reasoning.trim().slice(0, 120);
    if (reason !== '') counts.set(reason, (counts.get(reason) ?? 0) + 1);
  }
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3)
    .map(([reason]) => reason);
}

/**
 * Velt's suggest vote over precedents: approved, agree, endorse and document_approved count toward
 * approve; rejected, disagree and document_rejected toward reject; the rest toward neither. The side
 * with more similarity-weighted support leads when it has at least 2 records; the other side is the
 * conflict when it has at least 2 too.
 */
export function suggest(
  precedents: readonly Precedent[],
  { scope, now, knowledgeUpdatedRecently }: { scope: MemoryScope; now: number; knowledgeUpdatedRecently: boolean },
): { primary: Suggestion | null; conflict: Suggestion | null } {
  const approve = precedents.filter((p) => APPROVING.includes(p.decision as JudgmentDecision));
  const reject = precedents.filter((p) => REJECTING.includes(p.decision as JudgmentDecision));
  const weight = (side: Precedent[]) => side.reduce((sum, p) => sum + Math.max(p.similarity, 0), 0);
  const total = weight(approve) + weight(reject);
  const [lead, other] =
    weight(approve) >= weight(reject)
      ? [
          { side: approve, recommendation: 'approve' as const },
          { side: reject, recommendation: 'reject' as const },
        ]
      : [
          { side: reject, recommendation: 'reject' as const },
          { side: approve, recommendation: 'approve' as const },
        ];
  if (lead.side.length < MIN_SUPPORT) return { primary: null, conflict: null };
  const split = other.side.length >= MIN_SUPPORT;
  const of = (side: Precedent[], recommendation: 'approve' | 'reject', caveats: string[]): Suggestion => ({
    recommendation,
    confidence: total === 0 ? 0 : round(weight(side) / total),
    basedOn: side.length,
    scope,
    scopeLabel: SCOPE_LABELS[scope],
    topReasons: reasons(side),
    uniqueReviewers: new Set(side.map((p) => p.reviewerId).filter((id) => id !== null)).size,
    caveats,
  });
  const stale = lead.side.filter((p) => now - p.createdAt > STALE_AFTER_MS).length / lead.side.length > STALE_SHARE;
  const primaryCaveats = [
    ...(split ? [`Conflict: ${other.side.length} records support ${other.recommendation}.`] : []),
    ...(knowledgeUpdatedRecently ? ['A knowledge source was updated in the last 48 hours.'] : []),
    ...(stale ? ['Stale pattern: >70% of supporting data is older than 6 months'] : []),
  ];
  return {
    primary: of(lead.side, lead.recommendation, primaryCaveats),
    conflict: split
      ? of(other.side, other.recommendation, [
          `Minority view: ${other.side.length} records support ${other.recommendation} against ${lead.side.length} for ${lead.recommendation}.`,
        ])
      : null,
  };
}
