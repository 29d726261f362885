import { JudgmentDecision } from './entities/memory-judgment.entity';

/** Velt's suggest rules: the decisions that count toward approve, and toward reject; the rest count toward neither. */
export const APPROVING: readonly JudgmentDecision[] = ['approved', 'agree', 'endorse', 'document_approved'];
export const REJECTING: readonly JudgmentDecision[] = ['rejected', 'disagree', 'document_rejected'];

/** SQL list literals of the two sides, for aggregates. */
export const APPROVING_SQL = APPROVING.map((decision) => `'${decision}'`).join(', ');
export const REJECTING_SQL = REJECTING.map((decision) => `'${decision}'`).join(', ');
