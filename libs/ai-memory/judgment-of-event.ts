import { CommentEvent, DomainEvent, isCommentEvent, isWorkflowEvent, WorkflowDomainEvent } from '@app/events';
import { JudgeType, JudgmentDecision } from './entities/memory-judgment.entity';

/** A judgment as the memory sink records it, before its id and embedding. */
export interface JudgmentContent {
  organizationId: string;
  documentId: string;
  annotationId: string | null;
  decision: JudgmentDecision;
  judgeType: JudgeType;
  contentType: string | null;
  reviewerId: string | null;
  actionUser: Record<string, unknown> | null;
  reasoning: string;
  content: string | null;
  confidence: number;
  agent: Record<string, unknown> | null;
  source: string;
  createdAt: number;
}

/** Reactions that read as a verdict on the comment (our reading: Velt names the decisions, not the icons). */
const REACTION_DECISIONS: Record<string, JudgmentDecision> = {
  '+1': 'agree',
  thumbsup: 'agree',
  thumbs_up: 'agree',
  '👍': 'agree',
  '-1': 'disagree',
  thumbsdown: 'disagree',
  thumbs_down: 'disagree',
  '👎': 'disagree',
  star: 'endorse',
  '⭐': 'endorse',
  check: 'endorse',
  '✅': 'endorse',
};

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
const record = (value: unknown): Record<string, unknown> | null =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;

/** Velt's `agent` block of a judgment, from a comment's agent block. */
function agentOf(block: Record<string, unknown> | null): Record<string, unknown> | null {
  if (!block) return null;
  const { agentId, agentType, executionId, ...agentFields } = block;
  return { agentId: agentId ?? null, agentType: agentType ?? null, executionId: executionId ?? null, agentFields };
}

function commentDecision(event: CommentEvent): JudgmentDecision | null {
  switch (event.trigger) {
    case 'comment_annotation.add':
    case 'comment.add':
      return 'comment';
    case 'comment_annotation.status_change': {
      const status = record(event.change?.newStatus);
      if (status?.type === 'terminal' || status?.id === 'RESOLVED') return 'resolve';
      if (status?.type === 'ongoing' || status?.id === 'IN_PROGRESS') return 'in_progress';
      return null;
    }
    case 'comment.reaction_add':
      return REACTION_DECISIONS[event.change?.reaction?.icon ?? ''] ?? null;
    default:
      return null;
  }
}

function fromComment(event: CommentEvent): JudgmentContent | null {
  const decision = commentDecision(event);
  if (!decision) return null;
  const comments = Array.isArray(event.annotation.comments) ? (event.annotation.comments as unknown[]) : [];
  const first = record(comments[0]);
  const agentBlock = decision === 'comment' ? record(event.comment?.agent) : null;
  // A REST status change names no actor; its resolver (resolvedByUserId) decided it.
  const resolver = decision === 'resolve' ? text(event.annotation.resolvedByUserId) : null;
  const actor = event.change?.reaction?.user ?? event.actionUser ?? (resolver ? { userId: resolver } : null);
  const reason = record(agentBlock?.reason);
  const reasoning =
    decision === 'comment'
      ? (event.comment?.commentText ?? '')
      : decision === 'resolve' || decision === 'in_progress'
        ? `Thread marked ${text(record(event.change?.newStatus)?.name) ?? decision}.`
        : `Reacted ${event.change?.reaction?.icon ?? ''} to: ${event.comment?.commentText ?? ''}`;
  const context = record(event.annotation.context);
  const confidence = typeof reason?.confidence === 'number' ? reason.confidence : 1;
  return {
    organizationId: event.organizationId,
    documentId: event.documentId,
    annotationId: event.annotation.annotationId,
    decision,
    judgeType: agentBlock ? 'agent' : 'human',
    contentType: text(context?.contentType) ?? text(event.annotation.type) ?? 'comment',
    reviewerId: agentBlock ? null : (actor?.userId ?? null),
    actionUser: agentBlock ? null : actor ? { ...actor } : null,
    reasoning: text(reason?.text) ?? text(reason?.message) ?? reasoning,
    content: text(first?.commentText),
    confidence: Math.min(Math.max(confidence, 0), 1),
    agent: agentOf(agentBlock),
    source: event.trigger,
    createdAt: event.occurredAt.getTime(),
  };
}

/** A human or agent workflow step's final decision: Velt's approved / rejected. */
function fromWorkflow(event: WorkflowDomainEvent): JudgmentContent | null {
  if (event.trigger !== 'step.completed') return null;
  const data = event.data ?? {};
  if (data.decision !== 'approve' && data.decision !== 'reject') return null;
  const agent = data.nodeType === 'agent';
  const reviewerId = text(event.actorId);
  return {
    organizationId: event.organizationId,
    documentId: event.documentId,
    annotationId: null,
    decision: data.decision === 'approve' ? 'approved' : 'rejected',
    judgeType: agent ? 'agent' : 'human',
    contentType: 'workflow',
    reviewerId: agent ? null : reviewerId,
    actionUser: agent || !reviewerId ? null : { userId: reviewerId },
    reasoning: `${data.decision === 'approve' ? 'Approved' : 'Rejected'} step ${event.stepId ?? ''} of workflow ${event.definitionId}.`,
    content: `Workflow ${event.definitionId}, execution ${event.executionId}`,
    confidence: 1,
    agent: agent
      ? { agentId: data.agentId ?? null, agentType: 'workflow', executionId: event.executionId, agentFields: {} }
      : null,
    source: event.trigger,
    createdAt: event.timestamp,
  };
}

/**
 * What an event means to memory (Velt: every review decision becomes a judgment): comments, status
 * changes to in progress or resolved, verdict reactions, and workflow step decisions. Other events
 * are not decisions.
 */
export function judgmentOf(event: DomainEvent): JudgmentContent | null {
  if (isCommentEvent(event)) return fromComment(event);
  if (isWorkflowEvent(event)) return fromWorkflow(event);
  return null;
}
