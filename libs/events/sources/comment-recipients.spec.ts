import { commentRecipients } from './comment-recipients';
import { CommentEventData } from './comment-event';

describe('commentRecipients', () => {
  const base = { apiKeyId: 'key-1', occurredAt: new Date(0), organizationId: 'org-1', documentId: 'doc-1' };
  const ann = { id: 'ann', from: { userId: 'owner', email: 'owner@example.com' } };
  const bob = { userId: 'bob', name: 'Bob', email: 'bob@example.com' };
  const carol = { userId: 'carol' };

  function event(trigger: string, data: Partial<CommentEventData>) {
    const annotation = {
      annotationId: 'a1',
      from: ann.from,
      comments: [{ from: ann.from }, { from: carol }],
      ...data.annotation,
    };
    return { ...base, actionUser: { userId: 'actor' }, comment: null, ...data, annotation, trigger } as Parameters<
      typeof commentRecipients
    >[0];
  }

  it('tells the people a new thread mentions, and no one else', () => {
    const recipients = commentRecipients(event('comment_annotation.add', { comment: { commentId: 1, to: [bob] } }));
    expect(recipients).toEqual([{ user: bob, reason: 'mention' }]);
  });

  it('tells a reply to everyone in the thread, mentions first, never the one who wrote it', () => {
    const recipients = commentRecipients(
      event('comment.add', { actionUser: carol, comment: { commentId: 2, to: [bob] } }),
    );
    expect(recipients).toEqual([
      { user: bob, reason: 'mention' },
      { user: { userId: 'owner', email: 'owner@example.com' }, reason: 'reply' },
    ]);
    const mentionedParticipant = commentRecipients(
      event('comment.add', { actionUser: carol, comment: { commentId: 2, to: [{ userId: 'owner' }] } }),
    );
    expect(mentionedParticipant).toEqual([
      { user: { userId: 'owner', email: 'owner@example.com' }, reason: 'mention' },
    ]);
  });

  it('tells a reply and a status change to those who subscribed, and not to participants who unsubscribed, unless mentioned', () => {
    const subscriptions = {
      subscribedUsers: { h1: { user: bob, type: 'manual' } },
      unsubscribedUsers: { h2: { user: { userId: 'owner' }, type: 'manual' } },
    };
    const reply = commentRecipients(
      event('comment.add', { actionUser: carol, annotation: { annotationId: 'a1', ...subscriptions } }),
    );
    expect(reply).toEqual([{ user: bob, reason: 'reply' }]);
    const status = commentRecipients(
      event('comment_annotation.status_change', { annotation: { annotationId: 'a1', ...subscriptions } }),
    );
    expect(status).toEqual([
      { user: carol, reason: 'status' },
      { user: bob, reason: 'status' },
    ]);
    const mentioned = commentRecipients(
      event('comment.add', {
        actionUser: carol,
        annotation: { annotationId: 'a1', ...subscriptions },
        comment: { commentId: 3, to: [{ userId: 'owner' }] },
      }),
    );
    expect(mentioned).toEqual([
      { user: { userId: 'owner' }, reason: 'mention' },
      { user: bob, reason: 'reply' },
    ]);
  });

  it('tells no one of a subscription change', () => {
    expect(commentRecipients(event('comment_annotation.subscribe', { actionUser: bob }))).toEqual([]);
  });

  it('tells the assignee on assignment only when the change assigned someone', () => {
    const assigned = event('comment_annotation.assign', {
      annotation: { annotationId: 'a1', assignedTo: bob },
      change: { assigned: true },
    });
    expect(commentRecipients(assigned)).toEqual([{ user: bob, reason: 'assign' }]);
    const unassigned = event('comment_annotation.assign', {
      annotation: { annotationId: 'a1', assignedTo: bob },
      change: { assigned: false },
    });
    expect(commentRecipients(unassigned)).toEqual([]);
  });

  it('tells a status change to the thread and its assignee', () => {
    const recipients = commentRecipients(
      event('comment_annotation.status_change', {
        annotation: { annotationId: 'a1', assignedTo: bob },
        actionUser: { userId: 'owner' },
      }),
    );
    expect(recipients.map((r) => [r.user.userId, r.reason])).toEqual([
      ['carol', 'status'],
      ['bob', 'status'],
    ]);
  });

  it('tells no one about edits, deletions, priorities or reactions', () => {
    for (const trigger of [
      'comment.update',
      'comment.delete',
      'comment_annotation.priority_change',
      'comment.reaction_add',
    ]) {
      expect(commentRecipients(event(trigger, { comment: { commentId: 1, to: [bob] } }))).toEqual([]);
    }
  });

  it('tells about a restricted thread only its author and the users it names', () => {
    const restricted = {
      annotationId: 'a1',
      visibilityConfig: { type: 'restricted', userIds: ['bob'] },
      assignedTo: carol,
    };
    const recipients = commentRecipients(
      event('comment_annotation.status_change', { annotation: restricted, actionUser: { userId: 'someone' } }),
    );
    expect(recipients.map((r) => r.user.userId)).toEqual(['owner']);
    const mentions = commentRecipients(
      event('comment.add', { annotation: restricted, comment: { commentId: 3, to: [bob, { userId: 'dee' }] } }),
    );
    expect(mentions.map((r) => [r.user.userId, r.reason])).toEqual([
      ['bob', 'mention'],
      ['owner', 'reply'],
    ]);
    const shared = commentRecipients(
      event('comment.add', {
        annotation: { annotationId: 'a1', visibilityConfig: { type: 'public' } },
        comment: { commentId: 3, to: [{ userId: 'dee' }] },
      }),
    );
    expect(shared.map((r) => r.user.userId)).toContain('dee');
  });

  it('skips entries without a user id', () => {
    expect(
      commentRecipients(event('comment_annotation.add', { comment: { commentId: 1, to: [{ userId: '' }, bob] } })),
    ).toEqual([{ user: bob, reason: 'mention' }]);
  });
});
