import { DomainEvent } from '@app/events';
import { judgmentOf } from './judgment-of-event';

const base = { apiKeyId: 'k', occurredAt: new Date(1000), organizationId: 'o', documentId: 'd' };
const annotation = { annotationId: 'a1', comments: [{ commentId: 1, commentText: 'Claim lacks a citation.' }] };
const comment = (trigger: string, extra: Record<string, unknown>) =>
  ({
    ...base,
    trigger,
    actionUser: { userId: 'u1', name: 'U' },
    annotation,
    comment: { commentId: 1, commentText: 'Claim lacks a citation.' },
    ...extra,
  }) as unknown as DomainEvent;

describe('judgments of events', () => {
  it('files a comment as a human comment judgment with its text as reasoning', () => {
    expect(judgmentOf(comment('comment.add', {}))).toMatchObject({
      decision: 'comment',
      judgeType: 'human',
      reviewerId: 'u1',
      reasoning: 'Claim lacks a citation.',
      annotationId: 'a1',
      createdAt: 1000,
    });
  });

  it('files an agent-authored comment as an agent judgment', () => {
    const event = comment('comment_annotation.add', {
      comment: { commentId: 1, commentText: 'x', agent: { agentId: 'ag', reason: { findingId: 'f1' } } },
    });
    expect(judgmentOf(event)).toMatchObject({
      judgeType: 'agent',
      reviewerId: null,
      agent: { agentId: 'ag', agentFields: { reason: { findingId: 'f1' } } },
    });
  });

  it('maps status changes and verdict reactions, and ignores the rest', () => {
    const resolved = comment('comment_annotation.status_change', {
      change: { newStatus: { id: 'RESOLVED', name: 'Resolved', type: 'terminal' } },
    });
    expect(judgmentOf(resolved)?.decision).toBe('resolve');
    const open = comment('comment_annotation.status_change', {
      change: { newStatus: { id: 'OPEN', type: 'default' } },
    });
    expect(judgmentOf(open)).toBeNull();
    const agree = comment('comment.reaction_add', { change: { reaction: { icon: '👍', user: { userId: 'u2' } } } });
    expect(judgmentOf(agree)).toMatchObject({ decision: 'agree', reviewerId: 'u2' });
    expect(judgmentOf(comment('comment.reaction_add', { change: { reaction: { icon: '🎉', user: {} } } }))).toBeNull();
    expect(judgmentOf(comment('comment.delete', {}))).toBeNull();
  });

  it('files a workflow step decision as approved or rejected by its reviewer', () => {
    const step = {
      ...base,
      trigger: 'step.completed',
      executionId: 'e',
      definitionId: 'def',
      stepId: 's',
      timestamp: 5,
      actorId: 'rev',
      data: { nodeType: 'human', decision: 'reject' },
    } as unknown as DomainEvent;
    expect(judgmentOf(step)).toMatchObject({
      decision: 'rejected',
      judgeType: 'human',
      reviewerId: 'rev',
      createdAt: 5,
    });
  });
});
