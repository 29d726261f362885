import { createHash } from 'node:crypto';
import { EntityManager } from 'typeorm';
import { ApiError, newId } from '@app/common';
import { SystemEmailRecipient, SystemEmailResult, SystemEmails } from '@app/email';
import { Emit, WorkflowEventType } from '@app/events';
import { SystemNotifications } from '@app/notification';
import { WorkflowEvent } from './entities/workflow-event.entity';
import { WorkflowExecution } from './entities/workflow-execution.entity';
import { StepStatus, TERMINAL_STEP_STATUSES, WorkflowStep } from './entities/workflow-step.entity';
import { row } from './row';

/** Velt's step ids are at most 200 characters (recordAgentResolution). */
const MAX_STEP_ID = 200;

/** What to enqueue once a transition has committed: step jobs, and SLA jobs with their delay. */
export interface Wakeups {
  steps: string[];
  deadlines: { key: string; delayMs: number }[];
}

/** A step's BullMQ job id: short, and free of the `:` BullMQ refuses in custom ids. */
export function stepKey(executionId: string, stepId: string): string {
  return createHash('sha256').update(`${executionId}\u0000${stepId}`).digest('base64url').slice(0, 32);
}

/** Velt's per-edge fan-out id `<parent>__to__<child>`, hashed when a long loop would make it too long. */
export function childStepId(parentStepId: string, childNodeId: string): string {
  const id = `${parentStepId}__to__${childNodeId}`;
  if (id.length <= MAX_STEP_ID) return id;
  return `step_${childNodeId}_${createHash('sha256').update(id).digest('hex').slice(0, 16)}`;
}

export function isTerminal(status: StepStatus): boolean {
  return TERMINAL_STEP_STATUSES.includes(status);
}

/**
 * One transition of one execution, inside the outbox's transaction with the execution row locked:
 * the steps are read once, every change is written through it, and each event takes the next `seq`.
 */
export class Transition {
  readonly wakeups: Wakeups = { steps: [], deadlines: [] };
  /** Work for the moment after commit (socket pushes, e-mail jobs). */
  readonly afterCommit: Array<() => void | Promise<void>> = [];
  /** Write in-app notifications and e-mails on this transition; set by WorkflowTransitions. */
  notices: SystemNotifications | null = null;
  emails: SystemEmails | null = null;
  readonly now = Date.now();
  private dirtyExecution = false;

  private constructor(
    readonly manager: EntityManager,
    private readonly emit: Emit,
    readonly execution: WorkflowExecution,
    readonly steps: Map<string, WorkflowStep>,
  ) {}

  /** Locks the execution (NOT_FOUND when it is not this key's) and reads its steps. */
  static async open(manager: EntityManager, emit: Emit, apiKeyId: string, executionId: string): Promise<Transition> {
    const execution = await manager.findOne(WorkflowExecution, {
      where: { apiKeyId, executionId },
      lock: { mode: 'pessimistic_write' },
    });
    if (!execution) throw ApiError.notFound('Execution not found.');
    return Transition.of(manager, emit, execution);
  }

  static async of(manager: EntityManager, emit: Emit, execution: WorkflowExecution): Promise<Transition> {
    const steps = await manager.find(WorkflowStep, { where: { executionId: execution.executionId } });
    return new Transition(manager, emit, execution, new Map(steps.map((step) => [step.stepId, step])));
  }

  get running(): boolean {
    return this.execution.status === 'running' || this.execution.status === 'pending';
  }

  /** Tells users in their in-app inbox, when the execution names an existing document; answers whether it did. */
  async notify(
    id: string,
    userIds: string[],
    headline: string,
    body: string,
    sourceData: Record<string, unknown>,
  ): Promise<boolean> {
    const { organizationId, documentId, apiKeyId } = this.execution;
    if (!this.notices || !organizationId || !documentId || userIds.length === 0) return false;
    const push = await this.notices.write(this.manager, {
      apiKeyId,
      organizationId,
      documentId,
      id,
      userIds,
      headline,
      body,
      source: 'workflow',
      sourceData,
    });
    if (push) this.afterCommit.push(push);
    return push !== null;
  }

  /** Writes e-mails to these people on this transition (when the API key's e-mail service is on); sent after commit. */
  async mail(
    reason: 'review' | 'workflow',
    stepId: string,
    recipients: SystemEmailRecipient[],
    subject: string,
    text: string,
  ): Promise<SystemEmailResult | null> {
    if (!this.emails || recipients.length === 0) return null;
    const { apiKeyId, organizationId, documentId, executionId, definitionId } = this.execution;
    const result = await this.emails.write(this.manager, {
      apiKeyId,
      organizationId,
      documentId,
      reason,
      event: reason === 'review' ? 'step.awaiting-approval' : 'step.notification',
      recipients,
      subject,
      text,
      source: { executionId, definitionId, stepId },
    });
    if (result.afterCommit) this.afterCommit.push(result.afterCommit);
    return result;
  }

  touch(): void {
    this.dirtyExecution = true;
  }

  /** Appends one event to the execution's stream and hands it to the event pipeline. */
  async event(
    type: WorkflowEventType,
    stepId: string | null,
    data: Record<string, unknown> | null,
    actorId: string | null = null,
  ): Promise<void> {
    const execution = this.execution;
    execution.lastSeq += 1;
    this.dirtyExecution = true;
    const eventId = `evt_${newId()}`;
    await this.manager.insert(
      WorkflowEvent,
      row<WorkflowEvent>({
        executionId: execution.executionId,
        seq: execution.lastSeq,
        eventId,
        apiKeyId: execution.apiKeyId,
        type,
        stepId,
        actorId,
        data,
        timestamp: String(this.now),
      }),
    );
    this.emit({
      trigger: type,
      organizationId: execution.organizationId ?? '',
      documentId: execution.documentId ?? '',
      executionId: execution.executionId,
      definitionId: execution.definitionId,
      eventId,
      seq: execution.lastSeq,
      stepId,
      correlationId: execution.correlationId,
      timestamp: this.now,
      data,
      actorId,
      receiver:
        execution.webhookUrl && execution.webhookSecretCiphertext
          ? {
              url: execution.webhookUrl,
              secretCiphertext: execution.webhookSecretCiphertext,
              eventTypes: execution.webhookEventTypes,
            }
          : null,
    });
  }

  /** A new pending step and its wake-up; an id that exists already (a replayed fan-out) is left alone. */
  async createStep(
    nodeId: string,
    stepId: string,
    input: Record<string, unknown>,
    iteration: number,
  ): Promise<WorkflowStep | null> {
    if (this.steps.has(stepId)) return null;
    const execution = this.execution;
    const node = execution.graph.nodes[nodeId];
    const groupId =
      Object.values(execution.graph.groups).find((group) => group.memberNodeIds.includes(nodeId))?.groupId ?? null;
    const key = stepKey(execution.executionId, stepId);
    const step: WorkflowStep = {
      executionId: execution.executionId,
      stepId,
      key,
      apiKeyId: execution.apiKeyId,
      nodeId,
      nodeType: node.type,
      status: 'pending',
      groupId,
      iteration,
      input,
      output: {},
      error: null,
      runs: 0,
      deadlineAt: node.slaMs !== undefined ? String(this.now + node.slaMs) : null,
      startedAt: null,
      completedAt: null,
      createdAt: String(this.now),
      updatedAt: new Date(this.now),
    };
    await this.manager.insert(WorkflowStep, row(step));
    this.steps.set(stepId, step);
    this.wakeups.steps.push(key);
    if (node.slaMs !== undefined) this.wakeups.deadlines.push({ key, delayMs: node.slaMs });
    return step;
  }

  async updateStep(step: WorkflowStep, change: Partial<WorkflowStep>): Promise<void> {
    Object.assign(step, change, { updatedAt: new Date() });
    await this.manager.update(
      WorkflowStep,
      { executionId: step.executionId, stepId: step.stepId },
      row<WorkflowStep>({ ...change, updatedAt: (() => 'now()') as unknown as Date }),
    );
  }

  /** Writes the execution row's counters and state; called once at the end of the transition. */
  async save(): Promise<void> {
    if (!this.dirtyExecution) return;
    const { status, state, lastSeq, completedAt, cancelledAt, failureReason } = this.execution;
    await this.manager.update(
      WorkflowExecution,
      { executionId: this.execution.executionId },
      row<WorkflowExecution>({ status, state, lastSeq, completedAt, cancelledAt, failureReason }),
    );
  }
}
