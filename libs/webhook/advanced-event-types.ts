import { DomainEvent, EventTrigger, eventPayload } from '@app/events';

/** Svix's operational event, sent when a delivery to an endpoint gives up (Velt: "Failed delivery handling"). */
export const ATTEMPT_EXHAUSTED = 'message.attempt.exhausted';

/**
 * Velt's advanced webhook event types (webhooks/advanced) and what fires each here: a trigger of the
 * event registry, the operational exhaustion event, or nothing (a feature not served; the name is
 * accepted in `filterTypes` so Velt configurations work unchanged). The document, organization and
 * access types are ours.
 */
export const ADVANCED_EVENT_TYPES: Readonly<Record<string, EventTrigger | typeof ATTEMPT_EXHAUSTED | null>> = {
  'comment_annotation.add': 'comment_annotation.add',
  'comment_annotation.assign': 'comment_annotation.assign',
  'comment_annotation.status_change': 'comment_annotation.status_change',
  'comment_annotation.priority_change': 'comment_annotation.priority_change',
  'comment_annotation.custom_list_change': null,
  'comment_annotation.subscribe': 'comment_annotation.subscribe',
  'comment_annotation.unsubscribe': 'comment_annotation.unsubscribe',
  'comment_annotation.accept': null,
  'comment_annotation.reject': null,
  'comment_annotation.approve': null,
  'comment_annotation.suggestion_accept': null,
  'comment_annotation.suggestion_reject': null,
  'comment.add': 'comment.add',
  'comment.update': 'comment.update',
  'comment.delete': 'comment.delete',
  'comment.reaction_add': 'comment.reaction_add',
  'comment.reaction_delete': 'comment.reaction_delete',
  'huddle.create': null,
  'huddle.join': null,
  'crdt.update_data': 'crdt.update_data',
  'recorder.done': null,
  'execution.dispatched': 'execution.dispatched',
  'execution.completed': 'execution.completed',
  'execution.failed': 'execution.failed',
  'execution.cancelled': 'execution.cancelled',
  'step.awaiting-approval': 'step.awaiting-approval',
  'step.completed': 'step.completed',
  'step.failed': 'step.failed',
  'step.breached': 'step.breached',
  'step.cancelled': 'step.cancelled',
  'group.quorum-met': 'group.quorum-met',
  'loop.iteration-started': 'loop.iteration-started',
  'loop.exhausted': 'loop.exhausted',
  'document.migrated': 'document.migrated',
  'document.add': 'document.add',
  'document.update': 'document.update',
  'document.delete': 'document.delete',
  'organization.add': 'organization.add',
  'organization.update': 'organization.update',
  'organization.delete': 'organization.delete',
  'access.grant_add': 'access.grant_add',
  'access.grant_remove': 'access.grant_remove',
  'crdt.version_save': 'crdt.version_save',
  'crdt.version_restore': 'crdt.version_restore',
  [ATTEMPT_EXHAUSTED]: ATTEMPT_EXHAUSTED,
};

export const ADVANCED_EVENT_TYPE_NAMES = Object.keys(ADVANCED_EVENT_TYPES);

/** The event types that never fire here, for the OpenAPI description. */
export const INERT_EVENT_TYPE_NAMES = ADVANCED_EVENT_TYPE_NAMES.filter((name) => ADVANCED_EVENT_TYPES[name] === null);

const TYPE_OF_TRIGGER = new Map(
  Object.entries(ADVANCED_EVENT_TYPES).flatMap(([type, fired]) => (fired ? [[fired, type] as const] : [])),
);

/** The event type a registry trigger is delivered as. */
export function eventTypeOf(trigger: EventTrigger): string {
  return TYPE_OF_TRIGGER.get(trigger) ?? trigger;
}

/** Whether an endpoint filtering on `filterTypes` (null: everything) takes `eventType`. */
export function endpointTakes(filterTypes: readonly string[] | null, eventType: string): boolean {
  return filterTypes === null || filterTypes.includes(eventType);
}

/** Velt's advanced envelope, without the `webhookId` each delivery puts first. */
export interface AdvancedEnvelope {
  event: string;
  actionType: string;
  source: string;
  data: Record<string, unknown>;
}

/** A domain event in Velt's advanced envelope: the raw payload's fields move under `data`. */
export function advancedEnvelope(event: DomainEvent): AdvancedEnvelope {
  const { actionType, notificationSource, ...data } = eventPayload(event, 'raw');
  delete data.event;
  return {
    event: eventTypeOf(event.trigger),
    actionType: String(actionType),
    source: String(notificationSource),
    data,
  };
}
