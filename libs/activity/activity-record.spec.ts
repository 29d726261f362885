import { DomainEvent } from '@app/events';
import { activityOf, activityView } from './activity-record';
import { Activity } from './entities/activity.entity';

describe('events as activities', () => {
  const occurredAt = new Date('2026-11-22T10:00:00Z');
  const envelope = { apiKeyId: 'key-1', occurredAt, organizationId: 'org-1', documentId: 'doc-1' };
  const ann = { userId: 'u1', name: 'Ann' };

  it('a comment: the actor, the annotation as target and entity (without its thread), the comment as sub-entity', () => {
    const comment = { commentId: 7, commentText: 'hi' };
    const event: DomainEvent = {
      ...envelope,
      trigger: 'comment.add',
      actionUser: ann,
      annotation: { annotationId: 'a1', comments: [comment] },
      comment,
      documentName: 'Plan',
    };
    expect(activityOf(event)).toMatchObject({
      featureType: 'comment',
      actionType: 'comment.add',
      actorUserId: 'u1',
      actionUser: ann,
      targetEntityId: 'a1',
      targetSubEntityId: '7',
      changes: { commentText: { from: null, to: 'hi' } },
      entityData: { annotationId: 'a1' },
      entityTargetData: comment,
      metadata: { documentName: 'Plan' },
      timestamp: String(occurredAt.getTime()),
    });
  });

  it('a status change: from/to', () => {
    const event: DomainEvent = {
      ...envelope,
      trigger: 'comment_annotation.status_change',
      actionUser: ann,
      annotation: { annotationId: 'a1' },
      comment: null,
      change: { oldStatus: 'OPEN', newStatus: 'RESOLVED' },
    };
    expect(activityOf(event)).toMatchObject({
      targetSubEntityId: null,
      changes: { status: { from: 'OPEN', to: 'RESOLVED' } },
    });
  });

  it('a grant: the resource as target, the user as sub-entity, the role change', () => {
    const event: DomainEvent = {
      ...envelope,
      documentId: '',
      trigger: 'access.grant_add',
      actionUser: null,
      resource: { type: 'folder', id: 'f1', organizationId: 'org-1' },
      grant: { userId: 'u2', accessRole: 'viewer', expiresAt: null },
      changes: { accessRole: { from: null, to: 'viewer' } },
    };
    expect(activityOf(event)).toMatchObject({
      featureType: 'access',
      actorUserId: null,
      targetEntityId: 'f1',
      targetSubEntityId: 'u2',
      changes: { accessRole: { from: null, to: 'viewer' } },
    });
  });

  it("views a row as Velt's ActivityRecord: numbers for time, scope in metadata, absent fields left out", () => {
    const row = {
      ...activityOf({
        ...envelope,
        documentId: '',
        trigger: 'organization.add',
        actionUser: null,
        organization: { organizationId: 'org-1', organizationName: 'Org', metadata: {} },
      }),
      apiKeyId: 'key-1',
      id: 'act-1',
      immutable: false,
    } as Activity;
    expect(activityView(row)).toEqual({
      id: 'act-1',
      featureType: 'organization',
      actionType: 'organization.add',
      actionUser: null,
      timestamp: occurredAt.getTime(),
      metadata: { apiKey: 'key-1', organizationId: 'org-1' },
      targetEntityId: 'org-1',
      entityData: { organizationId: 'org-1', organizationName: 'Org', metadata: {} },
      immutable: false,
    });
  });
});
