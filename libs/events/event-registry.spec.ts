import { DomainEvent, EVENT_TRIGGER_NAMES, EVENT_TRIGGERS, eventPayload, isEnabledByDefault, isEventTrigger } from './event-registry';

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

  describe('comment payloads (DESIGN §5), unchanged from before the registry', () => {
    const user = { userId: 'u1', name: 'Ann' };
    const event: DomainEvent = {
      ...envelope,
      trigger: 'comment.reaction_add',
      actionUser: user,
      annotation: { annotationId: 'a1' },
      comment: { commentId: 'c1', commentText: 'hi', from: user, toContactsTagged: [{ userId: 'u2' }], reaction: { icon: '👍', user } },
    };

    it('raw: the event as it happened', () => {
      const payload = eventPayload(event, 'raw');
      expect(payload).toEqual({
        event: 'comment.reaction_add',
        actionType: 'reaction_add',
        notificationSource: 'comment',
        actionUser: user,
        commentAnnotation: { annotationId: 'a1' },
        targetComment: event.comment,
        metadata: { apiKey: 'key-1', organizationId: 'org-1', documentId: 'doc-1' },
        timestamp: occurredAt.getTime(),
      });
      expect(Object.keys(payload)).toEqual(['event', 'actionType', 'notificationSource', 'actionUser', 'commentAnnotation', 'targetComment', 'metadata', 'timestamp']);
    });

    it('processed: flattened for notification use', () => {
      const payload = eventPayload(event, 'processed');
      expect(payload).toEqual({
        from: user,
        commentText: 'hi',
        toContactsTagged: [{ userId: 'u2' }],
        documentId: 'doc-1',
        organizationId: 'org-1',
        targetAnnotationId: 'a1',
        targetCommentId: 'c1',
        actionType: 'reaction_add',
        event: 'comment.reaction_add',
        timestamp: occurredAt.getTime(),
      });
      expect(Object.keys(payload)).toEqual([
        'from', 'commentText', 'toContactsTagged', 'documentId', 'organizationId', 'targetAnnotationId', 'targetCommentId', 'actionType', 'event', 'timestamp',
      ]);
    });

    it('processed without a comment (annotation triggers) has null comment fields', () => {
      const annotationOnly: DomainEvent = { ...envelope, trigger: 'comment_annotation.status_change', actionUser: null, annotation: { annotationId: 'a1' }, comment: null };
      expect(eventPayload(annotationOnly, 'processed')).toMatchObject({ from: null, commentText: null, toContactsTagged: [], targetCommentId: null, actionType: 'status_change' });
      expect(eventPayload(annotationOnly, 'raw')).toMatchObject({ actionUser: null, targetComment: null });
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
