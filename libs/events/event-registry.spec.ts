import {
  DomainEvent,
  EVENT_TRIGGER_NAMES,
  EVENT_TRIGGERS,
  EventTrigger,
  eventPayload,
  isEnabledByDefault,
  isEventTrigger,
} from './event-registry';
import { COMMENT_ACTION_TYPES } from './sources/comment.source';
import { changedFields } from './sources/entity-payloads';

describe('event trigger registry', () => {
  const occurredAt = new Date('2026-11-22T10:00:00Z');
  const envelope = { apiKeyId: 'key-1', occurredAt, organizationId: 'org-1', documentId: 'doc-1' };

  it("holds the spec's nine comment triggers, on by default, the thread subscription ones, off by default, and document.migrated, off by default", () => {
    const comment = EVENT_TRIGGER_NAMES.filter((trigger) => EVENT_TRIGGERS[trigger].source === 'comment');
    const spec: EventTrigger[] = [
      'comment_annotation.add',
      'comment.add',
      'comment.update',
      'comment.delete',
      'comment_annotation.status_change',
      'comment_annotation.assign',
      'comment_annotation.priority_change',
      'comment.reaction_add',
      'comment.reaction_delete',
    ];
    const subscriptions: EventTrigger[] = ['comment_annotation.subscribe', 'comment_annotation.unsubscribe'];
    expect(comment).toEqual([...spec, ...subscriptions]);
    expect(spec.every(isEnabledByDefault)).toBe(true);
    expect(subscriptions.some(isEnabledByDefault)).toBe(false);
    expect(EVENT_TRIGGERS['document.migrated'].source).toBe('document');
    expect(isEnabledByDefault('document.migrated')).toBe(false);
  });

  it('holds organization, document, access, CRDT data and CRDT version triggers, all off by default so webhook receivers see no new payloads', () => {
    const bySource = (source: string) =>
      EVENT_TRIGGER_NAMES.filter((trigger) => EVENT_TRIGGERS[trigger].source === source);
    expect(bySource('organization')).toEqual(['organization.add', 'organization.update', 'organization.delete']);
    expect(bySource('document')).toEqual(['document.migrated', 'document.add', 'document.update', 'document.delete']);
    expect(bySource('access')).toEqual(['access.grant_add', 'access.grant_remove']);
    expect(bySource('crdt')).toEqual(['crdt.update_data', 'crdt.version_save', 'crdt.version_restore']);
    for (const trigger of [
      ...bySource('organization'),
      ...bySource('document'),
      ...bySource('access'),
      ...bySource('crdt'),
    ])
      expect(isEnabledByDefault(trigger)).toBe(false);
  });

  it('knows exactly its own trigger names', () => {
    for (const name of EVENT_TRIGGER_NAMES) expect(isEventTrigger(name)).toBe(true);
    for (const name of [
      'comment.created',
      'comment',
      '',
      'constructor',
      'toString',
      '__proto__',
      'document.migrated ',
    ]) {
      expect(isEventTrigger(name)).toBe(false);
    }
  });

  it('builds every payload of every trigger under its own event name', () => {
    const data: Record<string, object> = {
      comment: { actionUser: null, annotation: { annotationId: 'a1' }, comment: null },
      organization: {
        actionUser: null,
        organization: { organizationId: 'org-1', organizationName: 'Org', metadata: {} },
      },
      document: {
        actionUser: null,
        newDocumentId: 'doc-2',
        migrationId: 'm1',
        document: {
          documentId: 'doc-1',
          documentName: 'Doc',
          folderId: null,
          accessType: 'public',
          disabled: false,
          metadata: {},
        },
      },
      access: {
        actionUser: null,
        resource: { type: 'organization', id: 'org-1', organizationId: 'org-1' },
        grant: { userId: 'u1', accessRole: 'editor', expiresAt: null },
      },
      crdt: {
        crdtData: {
          id: 'body',
          data: 'hi',
          lastUpdatedBy: 'u1',
          sessionId: null,
          lastUpdate: occurredAt.toISOString(),
        },
      },
      workflow: {
        executionId: 'exec_1',
        definitionId: 'def-1',
        eventId: 'evt_1',
        seq: 1,
        stepId: null,
        correlationId: 'corr_1',
        timestamp: occurredAt.getTime(),
        data: null,
        receiver: null,
      },
    };
    for (const trigger of EVENT_TRIGGER_NAMES) {
      const event = { ...envelope, trigger, ...data[EVENT_TRIGGERS[trigger].source] } as DomainEvent;
      expect(eventPayload(event, 'raw')).toMatchObject({
        event: trigger,
        notificationSource: EVENT_TRIGGERS[trigger].source,
        timestamp: occurredAt.getTime(),
      });
      expect(eventPayload(event, 'processed')).toMatchObject({ event: trigger, timestamp: occurredAt.getTime() });
    }
  });

  describe("comment payloads: Velt's basic webhook format, raw and processed", () => {
    const user = { userId: 'u1', name: 'Ann' };
    const comment = {
      commentId: 2,
      commentText: 'hi',
      commentHtml: '<p>hi</p>',
      from: user,
      to: [{ userId: 'u2' }],
      taggedUserContacts: [{ userId: 'u2' }],
    };
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

    it("maps each trigger to the actionType of Velt's basic webhooks", () => {
      expect(
        Object.fromEntries(
          EVENT_TRIGGER_NAMES.filter((t) => EVENT_TRIGGERS[t].source === 'comment').map((t) => [
            t,
            COMMENT_ACTION_TYPES[t],
          ]),
        ),
      ).toEqual({
        'comment_annotation.add': 'newlyAdded',
        'comment.add': 'added',
        'comment.update': 'updated',
        'comment.delete': 'deleted',
        'comment_annotation.status_change': 'statusChanged',
        'comment_annotation.assign': 'assigned',
        'comment_annotation.priority_change': 'priorityChanged',
        'comment.reaction_add': 'reactionAdded',
        'comment.reaction_delete': 'reactionDeleted',
        'comment_annotation.subscribe': 'subscribed',
        'comment_annotation.unsubscribe': 'unsubscribed',
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
        metadata: {
          apiKey: 'key-1',
          organizationId: 'org-1',
          documentId: 'doc-1',
          clientOrganizationId: 'org-1',
          clientDocumentId: 'doc-1',
          documentName: 'Plan',
        },
        timestamp: occurredAt.getTime(),
      });
    });

    it("a private thread carries Velt's visibility mirror and the users it hides the event from; a public one neither", () => {
      const restricted = { type: 'restricted', userIds: ['u1'] };
      const mention: DomainEvent = {
        ...envelope,
        trigger: 'comment.add',
        actionUser: user,
        annotation: { annotationId: 'a1', from: user, visibilityConfig: restricted, comments: [comment] },
        comment: { ...comment, to: [{ userId: 'u2' }, { userId: 'u1' }] },
        platform: 'sdk',
      };
      expect(eventPayload(mention, 'raw')).toMatchObject({
        visibility: restricted,
        accessDeniedUsers: ['u2'],
        platform: 'sdk',
      });
      expect(eventPayload(mention, 'processed')).toMatchObject({ visibility: restricted, accessDeniedUsers: ['u2'] });
      const open: DomainEvent = {
        ...mention,
        annotation: { ...mention.annotation, visibilityConfig: { type: 'public' } },
        platform: undefined,
      };
      expect(eventPayload(open, 'raw')).not.toHaveProperty('visibility');
      expect(eventPayload(open, 'raw')).not.toHaveProperty('accessDeniedUsers');
      expect(eventPayload(open, 'raw')).not.toHaveProperty('platform');
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
        ...envelope,
        trigger: 'comment_annotation.status_change',
        actionUser: null,
        annotation,
        comment: null,
        change: { oldStatus: open, newStatus: resolved },
      };
      const raw = eventPayload(statusChange, 'raw');
      expect(raw).not.toHaveProperty('targetComment');
      expect(raw).toMatchObject({
        actionType: 'statusChanged',
        oldStatus: open,
        newStatus: resolved,
        metadata: { apiKey: 'key-1', organizationId: 'org-1', documentId: 'doc-1', clientDocumentId: 'doc-1' },
      });
      expect(eventPayload(statusChange, 'processed')).toMatchObject({
        from: null,
        commentText: null,
        toContactsTagged: [],
        targetCommentId: null,
        oldStatus: open,
        newStatus: resolved,
        actionType: 'statusChanged',
      });
    });
  });

  it("crdt.update_data raw: Velt's CRDT basic webhook, off by default", () => {
    const crdtData = {
      id: 'body',
      data: ['a'],
      lastUpdatedBy: 'u1',
      sessionId: null,
      lastUpdate: occurredAt.toISOString(),
    };
    const event: DomainEvent = { ...envelope, trigger: 'crdt.update_data', crdtData };
    expect(isEnabledByDefault('crdt.update_data')).toBe(false);
    expect(eventPayload(event, 'raw')).toEqual({
      event: 'crdt.update_data',
      actionType: 'updateData',
      notificationSource: 'crdt',
      actionUser: { userId: 'u1' },
      metadata: {
        apiKey: 'key-1',
        organizationId: 'org-1',
        documentId: 'doc-1',
        clientOrganizationId: 'org-1',
        clientDocumentId: 'doc-1',
      },
      crdtData,
      accessDeniedUsers: [],
      timestamp: occurredAt.getTime(),
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

  describe('organization, document and access payloads: the comment notifications envelope around the entity', () => {
    const actionUser = { userId: 'u9', name: 'Admin' };

    it('organization.update raw: the organization, what changed, metadata without a document', () => {
      const organization = {
        organizationId: 'org-1',
        organizationName: 'New',
        metadata: { tier: 'gold' },
        disabled: false,
      };
      const changes = { organizationName: { from: 'Old', to: 'New' } };
      const event: DomainEvent = {
        ...envelope,
        documentId: '',
        trigger: 'organization.update',
        actionUser,
        organization,
        changes,
      };
      expect(eventPayload(event, 'raw')).toEqual({
        event: 'organization.update',
        actionType: 'update',
        notificationSource: 'organization',
        actionUser,
        organization,
        changes,
        metadata: { apiKey: 'key-1', organizationId: 'org-1' },
        timestamp: occurredAt.getTime(),
      });
      expect(eventPayload(event, 'processed')).toEqual({
        from: actionUser,
        organizationId: 'org-1',
        organizationName: 'New',
        changes,
        actionType: 'update',
        event: 'organization.update',
        timestamp: occurredAt.getTime(),
      });
    });

    it('document.add raw and processed carry the document and its name', () => {
      const document = {
        documentId: 'doc-1',
        documentName: 'Plan',
        folderId: 'f1',
        accessType: 'public',
        disabled: false,
        metadata: {},
      };
      const event: DomainEvent = { ...envelope, trigger: 'document.add', actionUser: null, document };
      expect(eventPayload(event, 'raw')).toEqual({
        event: 'document.add',
        actionType: 'add',
        notificationSource: 'document',
        actionUser: null,
        document,
        metadata: { apiKey: 'key-1', organizationId: 'org-1', documentId: 'doc-1', documentName: 'Plan' },
        timestamp: occurredAt.getTime(),
      });
      expect(eventPayload(event, 'processed')).toEqual({
        from: null,
        organizationId: 'org-1',
        documentId: 'doc-1',
        documentName: 'Plan',
        folderId: 'f1',
        actionType: 'add',
        event: 'document.add',
        timestamp: occurredAt.getTime(),
      });
    });

    it('access.grant_remove: the resource, the grant and the role going to null', () => {
      const resource = { type: 'folder' as const, id: 'f1', organizationId: 'org-1' };
      const grant = { userId: 'u1', accessRole: 'viewer', expiresAt: null };
      const changes = { accessRole: { from: 'viewer', to: null } };
      const event: DomainEvent = {
        ...envelope,
        documentId: '',
        trigger: 'access.grant_remove',
        actionUser: null,
        resource,
        grant,
        changes,
      };
      expect(eventPayload(event, 'raw')).toMatchObject({
        notificationSource: 'access',
        actionType: 'grant_remove',
        resource,
        grant,
        changes,
        metadata: { apiKey: 'key-1', organizationId: 'org-1' },
      });
      expect(eventPayload(event, 'raw')).not.toHaveProperty('metadata.documentId');
      expect(eventPayload(event, 'processed')).toEqual({
        from: null,
        organizationId: 'org-1',
        resourceType: 'folder',
        resourceId: 'f1',
        userId: 'u1',
        accessRole: 'viewer',
        expiresAt: null,
        changes,
        actionType: 'grant_remove',
        event: 'access.grant_remove',
        timestamp: occurredAt.getTime(),
      });
    });
  });

  describe('changedFields', () => {
    it('lists only the fields whose value differs, as from/to, with absent values as null', () => {
      expect(changedFields({ a: 1, b: { x: 1 }, c: null }, { a: 1, b: { x: 2 }, c: 'set' })).toEqual({
        b: { from: { x: 1 }, to: { x: 2 } },
        c: { from: null, to: 'set' },
      });
      expect(changedFields({ a: 1 }, { a: 1 })).toBeUndefined();
    });
  });
});
