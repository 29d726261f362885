import { actionTypeOf, EventEnvelope, EventScope, PayloadBuilders } from '../domain-event';

/** Where an execution's own events go besides the registry's sinks: its dispatch `webhookUrl`, or its definition's `webhookConfig`. */
export interface WorkflowReceiver {
  url: string;
  /** AES-GCM under SECRET_KEY; the delivery decrypts it per attempt. */
  secretCiphertext: string;
  eventTypes: string[] | null;
}

/** One event of an execution's stream (Velt's ApprovalEventView), as every sink gets it. */
export interface WorkflowEventData extends EventScope {
  executionId: string;
  definitionId: string;
  eventId: string;
  seq: number;
  stepId: string | null;
  correlationId: string;
  timestamp: number;
  data: Record<string, unknown> | null;
  /** Who made the change (a reviewer's decision, a cancel), when a person did; sinks that file decisions by person read it. */
  actorId?: string | null;
  receiver: WorkflowReceiver | null;
}

export type WorkflowDomainEvent = WorkflowEventData & EventEnvelope;

/** Velt's ApprovalEventView plus the execution it belongs to: what the execution's webhook receives. */
export function workflowEventView(event: WorkflowDomainEvent): Record<string, unknown> {
  return {
    eventId: event.eventId,
    executionId: event.executionId,
    definitionId: event.definitionId,
    seq: event.seq,
    type: event.trigger,
    stepId: event.stepId,
    timestamp: event.timestamp,
    correlationId: event.correlationId,
    data: event.data,
  };
}

function raw(event: WorkflowDomainEvent): Record<string, unknown> {
  return {
    event: event.trigger,
    actionType: actionTypeOf(event.trigger),
    notificationSource: 'workflow',
    ...workflowEventView(event),
    metadata: { apiKey: event.apiKeyId, organizationId: event.organizationId, documentId: event.documentId },
  };
}

function processed(event: WorkflowDomainEvent): Record<string, unknown> {
  return { ...workflowEventView(event), actionType: actionTypeOf(event.trigger), event: event.trigger };
}

export const WORKFLOW_PAYLOADS: PayloadBuilders<WorkflowEventData> = { raw, processed };

/** Velt's externally visible approval-engine event types (customize-behavior "Event reference"). */
export const WORKFLOW_EVENT_TYPES = [
  'execution.dispatched',
  'execution.completed',
  'execution.failed',
  'execution.cancelled',
  'step.awaiting-approval',
  'step.completed',
  'step.failed',
  'step.breached',
  'step.cancelled',
  'group.quorum-met',
  'loop.iteration-started',
  'loop.exhausted',
] as const;
export type WorkflowEventType = (typeof WORKFLOW_EVENT_TYPES)[number];
