import { CommentEventData, CommentRecipient, EventEnvelope } from '@app/events';
import { commentNotificationContent } from './comment-notification';

const ada = { userId: 'ada', name: 'Ada' };
const bob = { userId: 'bob', email: 'bob@example.com' };

function event(trigger: string, extra: Partial<CommentEventData> = {}): CommentEventData & EventEnvelope {
  return {
    trigger,
    apiKeyId: 'key',
    occurredAt: new Date(0),
    organizationId: 'acme',
    documentId: 'plan',
    documentName: 'Plan',
    actionUser: ada,
    annotation: { annotationId: 'a1', location: { id: 'loc-1' }, comments: [{ commentId: 1, commentText: 'First' }] },
    comment: { commentId: 2, commentText: 'Hello @bob', to: [bob] },
    ...extra,
  };
}

const mention: CommentRecipient[] = [{ user: bob, reason: 'mention' }];

describe('commentNotificationContent', () => {
  it('a mention: actor, headline, the comment text, and source data naming the annotation and comment', () => {
    expect(commentNotificationContent(event('comment.add'), mention)).toEqual({
      actionUser: ada,
      locationId: 'loc-1',
      headlineTemplate: '{actionUser} {actionMessage}',
      headlineTemplateData: { actionUser: ada, actionMessage: 'mentioned you in a comment', documentName: 'Plan' },
      bodyMessage: 'Hello @bob',
      sourceData: { annotationId: 'a1', commentId: 2, actionType: 'added', event: 'comment.add' },
    });
  });

  it('a reply that reaches a participant reads as a reply', () => {
    const recipients: CommentRecipient[] = [...mention, { user: { userId: 'cy' }, reason: 'reply' }];
    expect(commentNotificationContent(event('comment.add'), recipients).headlineTemplateData.actionMessage).toBe(
      'replied to a comment',
    );
  });

  it("an assignment carries the thread's first comment; a status change its new status and no body", () => {
    const assign = commentNotificationContent(event('comment_annotation.assign', { comment: null }), [
      { user: bob, reason: 'assign' },
    ]);
    expect(assign.bodyMessage).toBe('First');
    expect(assign.sourceData).toEqual({
      annotationId: 'a1',
      actionType: 'assigned',
      event: 'comment_annotation.assign',
    });
    const status = commentNotificationContent(
      event('comment_annotation.status_change', {
        comment: null,
        change: { newStatus: { id: 'resolved', name: 'Resolved' } },
      }),
      [{ user: bob, reason: 'status' }],
    );
    expect(status.headlineTemplateData.actionMessage).toBe('changed the status of a comment to Resolved');
    expect(status.bodyMessage).toBeNull();
  });

  it('an annotation without a location has no locationId', () => {
    expect(
      commentNotificationContent(event('comment_annotation.add', { annotation: { annotationId: 'a2' } }), mention)
        .locationId,
    ).toBeNull();
  });
});
