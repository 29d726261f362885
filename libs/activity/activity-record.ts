import { DomainEvent, FieldChanges } from '@app/events';
import { Activity } from './entities/activity.entity';

/** Velt's ActivityFeatureType: what activities/add accepts. */
export const CUSTOM_FEATURE_TYPES = ['comment', 'reaction', 'recorder', 'crdt', 'custom'] as const;

/** Velt's feature types and the sources of our events that Velt does not log (filters of activities/get). */
export const ACTIVITY_FEATURE_TYPES = [
  ...CUSTOM_FEATURE_TYPES,
  'organization',
  'document',
  'access',
  'workflow',
] as const;

/** An activity as written: every column but its tenant and id. */
export type ActivityContent = Omit<Activity, 'apiKeyId' | 'id' | 'immutable'>;

/** What an event says, as an activity: actor, target, change and snapshots, by its source. */
export function activityOf(event: DomainEvent): ActivityContent {
  const base = {
    organizationId: event.organizationId,
    documentId: event.documentId,
    timestamp: String(event.occurredAt.getTime()),
    actionType: event.trigger,
    eventType: null,
    displayMessageTemplate: null,
    displayMessageTemplateData: null,
    actionIcon: null,
    isActivityResolverUsed: null,
  };
  switch (event.trigger) {
    case 'document.migrated':
      return {
        ...base,
        // Filed with the document's log, which the migration moved to the new id.
        documentId: event.newDocumentId,
        featureType: 'document',
        ...actor(null),
        targetEntityId: event.documentId,
        targetSubEntityId: null,
        changes: { documentId: { from: event.documentId, to: event.newDocumentId } },
        entityData: { migrationId: event.migrationId },
        entityTargetData: null,
        metadata: {},
      };
    case 'organization.add':
    case 'organization.update':
    case 'organization.delete':
      return {
        ...base,
        featureType: 'organization',
        ...actor(event.actionUser),
        targetEntityId: event.organizationId,
        targetSubEntityId: null,
        changes: event.changes ?? null,
        entityData: event.organization,
        entityTargetData: null,
        metadata: {},
      };
    case 'document.add':
    case 'document.update':
    case 'document.delete':
      return {
        ...base,
        featureType: 'document',
        ...actor(event.actionUser),
        targetEntityId: event.documentId,
        targetSubEntityId: null,
        changes: event.changes ?? null,
        entityData: event.document,
        entityTargetData: null,
        metadata: { documentName: event.document.documentName },
      };
    case 'access.grant_add':
    case 'access.grant_remove':
      return {
        ...base,
        featureType: 'access',
        ...actor(event.actionUser),
        targetEntityId: event.resource.id,
        targetSubEntityId: event.grant.userId,
        changes: event.changes ?? null,
        entityData: event.resource,
        entityTargetData: event.grant,
        metadata: {},
      };
    case 'crdt.update_data':
      return {
        ...base,
        featureType: 'crdt',
        ...actor(event.crdtData.lastUpdatedBy === null ? null : { userId: event.crdtData.lastUpdatedBy }),
        targetEntityId: event.crdtData.id,
        targetSubEntityId: null,
        changes: null,
        entityData: null,
        entityTargetData: null,
        metadata: {},
      };
    case 'crdt.version_save':
    case 'crdt.version_restore':
      return {
        ...base,
        featureType: 'crdt',
        ...actor(event.actionUser),
        targetEntityId: event.version.editorId,
        targetSubEntityId: event.version.versionId,
        changes: null,
        entityData: event.version,
        entityTargetData: null,
        metadata: {},
      };
    case 'execution.dispatched':
    case 'execution.completed':
    case 'execution.failed':
    case 'execution.cancelled':
    case 'step.awaiting-approval':
    case 'step.completed':
    case 'step.failed':
    case 'step.breached':
    case 'step.cancelled':
    case 'group.quorum-met':
    case 'loop.iteration-started':
    case 'loop.exhausted': {
      // A review workflow transition: the execution is the target, the step (when there is one) its sub-entity.
      const actorId = typeof event.data?.actorId === 'string' ? event.data.actorId : null;
      return {
        ...base,
        featureType: 'workflow',
        ...actor(actorId === null ? null : { userId: actorId }),
        targetEntityId: event.executionId,
        targetSubEntityId: event.stepId,
        changes: null,
        entityData: { definitionId: event.definitionId, seq: event.seq, data: event.data },
        entityTargetData: null,
        metadata: { correlationId: event.correlationId },
      };
    }
    default: {
      // The comment triggers: the annotation is the target, the comment (when there is one) its sub-entity.
      const annotation = { ...event.annotation };
      // The thread's comments would repeat in every activity of it; the comment acted on is entityTargetData.
      delete annotation.comments;
      return {
        ...base,
        featureType: 'comment',
        ...actor(event.actionUser),
        targetEntityId: event.annotation.annotationId,
        targetSubEntityId: event.comment ? String(event.comment.commentId) : null,
        changes: commentChanges(event) ?? null,
        entityData: annotation,
        entityTargetData: event.comment,
        metadata: event.documentName == null ? {} : { documentName: event.documentName },
      };
    }
  }
}

function actor(user: { userId: string } | null): Pick<ActivityContent, 'actorUserId' | 'actionUser'> {
  return { actorUserId: user?.userId ?? null, actionUser: user };
}

type CommentEvent = Extract<DomainEvent, { annotation: unknown }>;

/** The comment webhook fields (oldStatus/newStatus, newPriority, reaction) as Velt's from/to changes. */
function commentChanges(event: CommentEvent): FieldChanges | undefined {
  const change = event.change ?? {};
  const changes: FieldChanges = {};
  if (change.oldStatus !== undefined || change.newStatus !== undefined)
    changes.status = { from: change.oldStatus ?? null, to: change.newStatus ?? null };
  if (change.newPriority !== undefined) changes.priority = { from: null, to: change.newPriority };
  if (change.reaction) {
    changes.reaction =
      event.trigger === 'comment.reaction_delete'
        ? { from: change.reaction, to: null }
        : { from: null, to: change.reaction };
  }
  if (event.trigger === 'comment.add' || event.trigger === 'comment_annotation.add')
    changes.commentText = { from: null, to: event.comment?.commentText ?? null };
  if (event.trigger === 'comment.delete') changes.commentText = { from: event.comment?.commentText ?? null, to: null };
  return Object.keys(changes).length > 0 ? changes : undefined;
}

/** Velt's ActivityRecord: absent optional fields are left out, metadata carries the tenant and scope. */
export function activityView(row: Activity): Record<string, unknown> {
  const record: Record<string, unknown> = {
    id: row.id,
    featureType: row.featureType,
    actionType: row.actionType,
    eventType: row.eventType,
    actionUser: row.actionUser,
    timestamp: Number(row.timestamp),
    metadata: {
      ...row.metadata,
      apiKey: row.apiKeyId,
      organizationId: row.organizationId,
      ...(row.documentId === '' ? {} : { documentId: row.documentId }),
    },
    targetEntityId: row.targetEntityId,
    targetSubEntityId: row.targetSubEntityId,
    changes: row.changes,
    entityData: row.entityData,
    entityTargetData: row.entityTargetData,
    displayMessageTemplate: row.displayMessageTemplate,
    displayMessageTemplateData: row.displayMessageTemplateData,
    actionIcon: row.actionIcon,
    immutable: row.immutable,
    isActivityResolverUsed: row.isActivityResolverUsed,
  };
  return Object.fromEntries(Object.entries(record).filter(([key, value]) => value !== null || key === 'actionUser'));
}
