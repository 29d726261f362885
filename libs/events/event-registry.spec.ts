import { DomainEvent, EVENT_TRIGGER_NAMES, EVENT_TRIGGERS, eventPayload, isEnabledByDefault, isEventTrigger } from './event-registry';
import { COMMENT_ACTION_TYPES } from './sources/comment.source';

describe('event trigger registry', () => {
  const occurredAt = new Date('2026-11-22T10:00:00Z');
  const envelope = { apiKeyId: 'key-1', occurredAt, organizationId: 'org-1', documentId: 'doc-1' };

  it("holds the spec's nine comment triggers, on by default, and document.migrated, off by default", () => {
    const comment = EVENT_TRIGGER_NAMES.filter((trigger) => EVENT_TRIGGERS[trigger].source === 'comment');
    expect(comment).toEqual([
      'comment_annotation.add',
      'comment.add',
      'comment.update',
      'comment.delete',
      'comment_annotation.status_change',
      'comment_annotation.assign',
      'comment_annotation.priority_change',
      'comment.reaction_add',
      'comment.reaction_delete',
    ]);
    expect(comment.every(isEnabledByDefault)).toBe(true);
    expect(EVENT_TRIGGERS['document.migrated'].source).toBe('document');
    expect(isEnabledByDefault('document.migrated')).toBe(false);
  });

  it('knows exactly its own trigger names', () => {
    for (const name of EVENT_TRIGGER_NAMES) expect(isEventTrigger(name)).toBe(true);
    for (const name of ['comment.created', 'comment', '', 'constructor', 'toString', '__proto__', 'document.migrated ']) {
      expect(isEventTrigger(name)).toBe(false);
    }
  });

  it('builds every payload of every trigger under its own event name', () => {
    const comment = { actionUser: null, annotation: { annotationId: 'a1' }, comment: null };
    const document = { newDocumentId: 'doc-2', migrationId: 'm1' };
    for (const trigger of EVENT_TRIGGER_NAMES) {
      const event = { ...envelope, trigger, ...(EVENT_TRIGGERS[trigger].source === 'comment' ? comment : document) } as DomainEvent;
      expect(eventPayload(event, 'raw')).toMatchObject({ event: trigger, notificationSource: EVENT_TRIGGERS[trigger].source, timestamp: occurredAt.getTime() });
      expect(eventPayload(event, 'processed')).toMatchObject({ event: trigger, timestamp: occurredAt.getTime() });
    }
  });

  describe("comment payloads: Velt's basic webhook format (DESIGN §5)", () => {
    const user = { userId: 'u1', name: 'Ann' };
    const comment = { commentId: 2, commentText: 'hi', commentHtml: '<p>hi</p>', from: user, to: [{ userId: 'u2' }], taggedUserContacts: [{ userId: 'u2' }] };
    const annotation = { annotationId: 'a1', comments: [comment] };
    const event: DomainEvent = {
      ...envelope,
      trigger: 'comment.reaction_add',
      documentName: 'Plan',
      actionUser: user,
      annotation,
      comment,
      change: { reaction: { icon: '👍', user } },
    };

    it('maps each trigger to the actionType of Velt\'s basic webhooks', () => {
      expect(Object.fromEntries(EVENT_TRIGGER_NAMES.filter((t) => EVENT_TRIGGERS[t].source === 'comment').map((t) => [t, COMMENT_ACTION_TYPES[t]]))).toEqual({
        'comment_annotation.add': 'newlyAdded',
        'comment.add': 'added',
        'comment.update': 'updated',
        'comment.delete': 'deleted',
        'comment_annotation.status_change': 'statusChanged',
        'comment_annotation.assign': 'assigned',
        'comment_annotation.priority_change': 'priorityChanged',
        'comment.reaction_add': 'reactionAdded',
        'comment.reaction_delete': 'reactionDeleted',
      });
    });

    it('raw: WebhookV1Payload with the annotation, its target comment and metadata with documentName', () => {
      const payload = eventPayload(event, 'raw');
      expect(payload).toEqual({
        event: 'comment.reaction_add',
        actionType: 'reactionAdded',
        notificationSource: 'comment',
        actionUser: user,
        commentAnnotation: annotation,
        targetComment: comment,
        reaction: { icon: '👍', user },
        metadata: { apiKey: 'key-1', organizationId: 'org-1', documentId: 'doc-1', documentName: 'Plan' },
        timestamp: occurredAt.getTime(),
      });
    });

    it('processed: flattened for notification use', () => {
      expect(eventPayload(event, 'processed')).toEqual({
        from: user,
        commentText: 'hi',
        commentHtml: '<p>hi</p>',
        toContactsTagged: [{ userId: 'u2' }],
        documentId: 'doc-1',
        organizationId: 'org-1',
        documentName: 'Plan',
        targetAnnotationId: 'a1',
        targetCommentId: 2,
        reaction: { icon: '👍', user },
        actionType: 'reactionAdded',
        event: 'comment.reaction_add',
        timestamp: occurredAt.getTime(),
      });
    });

    it('annotation triggers carry no targetComment, and their change (oldStatus/newStatus) on both forms', () => {
      const open = { id: 'OPEN', name: 'Open', type: 'default' };
      const resolved = { id: 'RESOLVED', name: 'Resolved', type: 'terminal' };
      const statusChange: DomainEvent = {
        ...envelope, trigger: 'comment_annotation.status_change', actionUser: null, annotation, comment: null, change: { oldStatus: open, newStatus: resolved },
      };
      const raw = eventPayload(statusChange, 'raw');
      expect(raw).not.toHaveProperty('targetComment');
      expect(raw).toMatchObject({ actionType: 'statusChanged', oldStatus: open, newStatus: resolved, metadata: { apiKey: 'key-1', organizationId: 'org-1', documentId: 'doc-1' } });
      expect(eventPayload(statusChange, 'processed')).toMatchObject({
        from: null, commentText: null, toContactsTagged: [], targetCommentId: null, oldStatus: open, newStatus: resolved, actionType: 'statusChanged',
      });
    });
  });

  describe('document.migrated payloads', () => {
    const event: DomainEvent = { ...envelope, trigger: 'document.migrated', newDocumentId: 'doc-2', migrationId: 'm1' };

    it('raw: the migration inside the comment notifications envelope', () => {
      expect(eventPayload(event, 'raw')).toEqual({
        event: 'document.migrated',
        actionType: 'migrated',
        notificationSource: 'document',
        organizationId: 'org-1',
        documentId: 'doc-1',
        newDocumentId: 'doc-2',
        migrationId: 'm1',
        metadata: { apiKey: 'key-1', organizationId: 'org-1', documentId: 'doc-1' },
        timestamp: occurredAt.getTime(),
      });
    });

    it('processed: the migration flattened', () => {
      expect(eventPayload(event, 'processed')).toEqual({
        organizationId: 'org-1',
        documentId: 'doc-1',
        newDocumentId: 'doc-2',
        migrationId: 'm1',
        actionType: 'migrated',
        event: 'document.migrated',
        timestamp: occurredAt.getTime(),
      });
    });
  });
});
