import { defineTrigger, EventEnvelope, EventScope, PayloadForm, TriggerDefinition } from './domain-event';
import { CommentEvent } from './sources/comment-event';
import { COMMENT_PAYLOADS } from './sources/comment.source';
import { ACCESS_PAYLOADS } from './sources/access.source';
import { CRDT_PAYLOADS } from './sources/crdt.source';
import { CRDT_VERSION_PAYLOADS } from './sources/crdt-version.source';
import { DOCUMENT_MIGRATED_PAYLOADS, DOCUMENT_PAYLOADS } from './sources/document.source';
import { ORGANIZATION_PAYLOADS } from './sources/organization.source';
import { WORKFLOW_PAYLOADS, WorkflowDomainEvent } from './sources/workflow.source';

/** The spec's nine comment triggers are on unless a configuration switches them off, as they always were. */
const COMMENT = defineTrigger('comment', COMMENT_PAYLOADS, { enabledByDefault: true });
/** Comment triggers beyond the spec's nine (thread subscriptions): off for webhooks unless enabled. */
const COMMENT_OPT_IN = defineTrigger('comment', COMMENT_PAYLOADS, { enabledByDefault: false });
/** Beyond the spec's Events table: off for webhooks unless enabled, so existing receivers see no new payloads. */
const ORGANIZATION = defineTrigger('organization', ORGANIZATION_PAYLOADS, { enabledByDefault: false });
const DOCUMENT = defineTrigger('document', DOCUMENT_PAYLOADS, { enabledByDefault: false });
const ACCESS = defineTrigger('access', ACCESS_PAYLOADS, { enabledByDefault: false });
/** Emitted by the compaction that folds an editor's edits in, so it is debounced as compaction is. */
const CRDT = defineTrigger('crdt', CRDT_PAYLOADS, { enabledByDefault: false });
const CRDT_VERSION = defineTrigger('crdt', CRDT_VERSION_PAYLOADS, { enabledByDefault: false });
/** Review workflow (Velt's approval engine) transitions: an execution's own receiver gets them whatever the configuration says. */
const WORKFLOW = defineTrigger('workflow', WORKFLOW_PAYLOADS, { enabledByDefault: false });

/**
 * Every trigger the service emits: its source and payload builders. Adding a trigger is one entry here
 * plus one `emit` in the transaction that makes the change. Triggers beyond the spec's Events table are
 * off unless a webhook configuration enables them, so existing receivers never see a new payload shape.
 */
export const EVENT_TRIGGERS = {
  'comment_annotation.add': COMMENT,
  'comment.add': COMMENT,
  'comment.update': COMMENT,
  'comment.delete': COMMENT,
  'comment_annotation.status_change': COMMENT,
  'comment_annotation.assign': COMMENT,
  'comment_annotation.priority_change': COMMENT,
  'comment.reaction_add': COMMENT,
  'comment.reaction_delete': COMMENT,
  'comment_annotation.subscribe': COMMENT_OPT_IN,
  'comment_annotation.unsubscribe': COMMENT_OPT_IN,
  'document.migrated': defineTrigger('document', DOCUMENT_MIGRATED_PAYLOADS, { enabledByDefault: false }),
  'organization.add': ORGANIZATION,
  'organization.update': ORGANIZATION,
  'organization.delete': ORGANIZATION,
  'document.add': DOCUMENT,
  'document.update': DOCUMENT,
  'document.delete': DOCUMENT,
  'access.grant_add': ACCESS,
  'access.grant_remove': ACCESS,
  'crdt.update_data': CRDT,
  'crdt.version_save': CRDT_VERSION,
  'crdt.version_restore': CRDT_VERSION,
  'execution.dispatched': WORKFLOW,
  'execution.completed': WORKFLOW,
  'execution.failed': WORKFLOW,
  'execution.cancelled': WORKFLOW,
  'step.awaiting-approval': WORKFLOW,
  'step.completed': WORKFLOW,
  'step.failed': WORKFLOW,
  'step.breached': WORKFLOW,
  'step.cancelled': WORKFLOW,
  'group.quorum-met': WORKFLOW,
  'loop.iteration-started': WORKFLOW,
  'loop.exhausted': WORKFLOW,
};

export type EventTrigger = keyof typeof EVENT_TRIGGERS;
export type EventSource = (typeof EVENT_TRIGGERS)[EventTrigger]['source'];

/** The triggers of one source, e.g. `TriggerOf<'comment'>`. */
export type TriggerOf<Source extends EventSource> = {
  [T in EventTrigger]: (typeof EVENT_TRIGGERS)[T]['source'] extends Source ? T : never;
}[EventTrigger];

type DataOf<T extends EventTrigger> =
  (typeof EVENT_TRIGGERS)[T] extends TriggerDefinition<string, infer Data> ? Data : never;

/** What a domain emits: a trigger and the data its source needs, checked per trigger. */
export type EmittedEvent = { [T in EventTrigger]: { trigger: T } & DataOf<T> }[EventTrigger];

/** An emitted event as sinks receive it. */
export type DomainEvent = EmittedEvent & EventEnvelope<EventTrigger>;

export const EVENT_TRIGGER_NAMES = Object.keys(EVENT_TRIGGERS) as EventTrigger[];

export function isEventTrigger(name: string): name is EventTrigger {
  return Object.hasOwn(EVENT_TRIGGERS, name);
}

export function isEnabledByDefault(trigger: EventTrigger): boolean {
  return EVENT_TRIGGERS[trigger].enabledByDefault;
}

/** The payload of `event` in one form, built by its source's builder. */
export function eventPayload(event: DomainEvent, form: PayloadForm): Record<string, unknown> {
  // Each entry's builder takes its own source's data; the union of entries cannot say so, so it is widened here.
  const definition = EVENT_TRIGGERS[event.trigger] as TriggerDefinition<EventSource, EventScope>;
  return definition.payloads[form](event);
}

/** Whether `event` comes from the comment domain (the sinks that tell people about comments start here). */
export function isCommentEvent(event: DomainEvent): event is DomainEvent & CommentEvent {
  return EVENT_TRIGGERS[event.trigger].source === 'comment';
}

/** Whether `event` is a review workflow transition. */
export function isWorkflowEvent(event: DomainEvent): event is DomainEvent & WorkflowDomainEvent {
  return EVENT_TRIGGERS[event.trigger].source === 'workflow';
}
