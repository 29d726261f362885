import { EntityManager } from 'typeorm';
import { WorkflowStepResponse } from './entities/workflow-step-response.entity';
import { WorkflowStep } from './entities/workflow-step.entity';
import { NodeDef } from './graph';
import { settle } from './routing';
import { Transition } from './transition';

export interface Reviewer {
  userId: string;
  mandatory: boolean;
}

/** `reviewers[]`, or the legacy `reviewerIds[]` where every entry is mandatory. */
export function reviewersOf(node: NodeDef): Reviewer[] {
  const config = node.config as { reviewers?: Reviewer[]; reviewerIds?: string[] };
  return config.reviewers ?? (config.reviewerIds ?? []).map((userId) => ({ userId, mandatory: true }));
}

export function resumeKeyOf(step: WorkflowStep): string {
  return `human:${step.executionId}:${step.stepId}`;
}

/** `{{dot.path}}` substitution over `input`, `execution` and `step`; no code runs. Missing tokens render empty. */
export function renderTemplate(template: string, roots: Record<string, unknown>): string {
  return template.replace(/\{\{\s*([A-Za-z0-9_.-]+)\s*\}\}/g, (_match, path: string) => {
    let value: unknown = roots;
    for (const part of path.split('.')) {
      if (value === null || typeof value !== 'object' || !Object.hasOwn(value, part)) return '';
      value = (value as Record<string, unknown>)[part];
    }
    if (value === undefined || value === null) return '';
    return typeof value === 'string' ? value : JSON.stringify(value);
  });
}

/**
 * Starts a pending step whose work is a state change (human, agent, notification), inside the
 * transition: a worker killed before commit leaves it pending, one killed after has nothing to redo.
 */
export async function startLocalStep(transition: Transition, step: WorkflowStep): Promise<void> {
  const node = transition.execution.graph.nodes[step.nodeId];
  const started = { startedAt: String(transition.now), runs: step.runs + 1 };
  if (node.type === 'human') {
    const reviewers = reviewersOf(node);
    const config = node.config as { reviewerEmails?: string[]; commentBody?: string };
    await transition.updateStep(step, {
      ...started,
      status: 'waiting',
      output: {
        reviewers,
        reviewerIds: reviewers.map((reviewer) => reviewer.userId),
        reviewerEmails: config.reviewerEmails ?? [],
        commentBody: config.commentBody ?? null,
        resumeKey: resumeKeyOf(step),
      },
    });
    await transition.event('step.awaiting-approval', step.stepId, {
      waitingForReviewers: reviewers.length,
      mandatoryCount: reviewers.filter((reviewer) => reviewer.mandatory).length,
      resumeKey: resumeKeyOf(step),
    });
    const execution = transition.execution;
    const headline = `Review requested: ${node.name ?? node.nodeId}`;
    const body = config.commentBody ?? `${execution.definitionId} waits for your decision.`;
    await transition.notify(
      `workflow-${step.key}`,
      reviewers.map((reviewer) => reviewer.userId),
      headline,
      body,
      {
        executionId: execution.executionId,
        definitionId: execution.definitionId,
        stepId: step.stepId,
        resumeKey: resumeKeyOf(step),
      },
    );
    // The address is the reviewer's stored profile in the execution's organization; the sender applies their settings.
    await transition.mail(
      'review',
      step.stepId,
      reviewers.map((reviewer) => ({ userId: reviewer.userId, email: null })),
      headline,
      `${body}\n\nExecution ${execution.executionId}, step ${step.stepId}.`,
    );
    return;
  }
  if (node.type === 'agent') {
    const config = node.config as { agentId: string; url?: string; urlPath?: string; pollIntervalMs?: number };
    const resolvedUrl = config.url ?? resolvePath(transition.execution.triggerContext, config.urlPath);
    await transition.updateStep(step, started);
    if (config.agentId === '__mock__') {
      await settle(
        transition,
        step,
        'completed',
        { agentId: config.agentId, synthetic: true, decision: 'approve', resolvedUrl },
        null,
        { agentId: config.agentId, synthetic: true, decision: 'approve' },
      );
      return;
    }
    await awaitAgent(transition, step, {});
    return;
  }
  await notifyStep(transition, step);
}

export interface AgentConfig {
  agentId: string;
  url?: string;
  urlPath?: string;
  pollIntervalMs?: number;
}

export function agentConfigOf(
  transition: Transition,
  step: WorkflowStep,
): AgentConfig & { resolvedUrl: string | null } {
  const config = transition.execution.graph.nodes[step.nodeId].config as unknown as AgentConfig;
  return { ...config, resolvedUrl: config.url ?? resolvePath(transition.execution.triggerContext, config.urlPath) };
}

/** No model runs here: the agent step waits for recordAgentResolution (docs/review-workflows.md "Our agent contract"). */
export async function awaitAgent(
  transition: Transition,
  step: WorkflowStep,
  extra: Record<string, unknown>,
): Promise<void> {
  const config = agentConfigOf(transition, step);
  const responseId = `resp_${step.key}`;
  await transition.updateStep(step, {
    status: 'waiting',
    output: {
      agentId: config.agentId,
      resolvedUrl: config.resolvedUrl,
      responseIds: [responseId],
      input: step.input,
      ...extra,
    },
  });
  await transition.event('step.awaiting-approval', step.stepId, {
    agentId: config.agentId,
    agentExecutionId: responseId,
    pollIntervalMs: config.pollIntervalMs ?? 15000,
  });
}

/**
 * A notification node's recipients: an entry with an `@` is an e-mail address; any other is a user id,
 * who gets an in-app notification and an e-mail at their profile's address.
 */
export function notificationRecipients(recipients: readonly string[]): {
  userIds: string[];
  emails: Array<{ userId: string | null; email: string | null }>;
} {
  const isAddress = (recipient: string) => recipient.includes('@');
  return {
    userIds: recipients.filter((recipient) => !isAddress(recipient)),
    emails: recipients.map((recipient) =>
      isAddress(recipient) ? { userId: null, email: recipient } : { userId: recipient, email: null },
    ),
  };
}

/**
 * A notification node: renders its templates and writes its e-mails and in-app notifications on the
 * transition that completes it, so they exist once whatever the worker does. Slack is not sent
 * (docs/review-workflows.md "Node kinds").
 */
async function notifyStep(transition: Transition, step: WorkflowStep): Promise<void> {
  const node = transition.execution.graph.nodes[step.nodeId];
  const config = node.config as {
    channel: 'email' | 'slack';
    bodyTemplate: string;
    subjectTemplate?: string;
    recipients?: string[];
    slackTarget?: string;
  };
  const execution = transition.execution;
  const roots = {
    input: step.input,
    execution: {
      executionId: execution.executionId,
      definitionId: execution.definitionId,
      correlationId: execution.correlationId,
      triggerContext: execution.triggerContext,
    },
    step: { stepId: step.stepId, nodeId: step.nodeId },
  };
  await transition.updateStep(step, { startedAt: String(transition.now), runs: step.runs + 1 });
  const recipients = config.recipients ?? [];
  const subject = config.subjectTemplate ? renderTemplate(config.subjectTemplate, roots) : null;
  const body = renderTemplate(config.bodyTemplate, roots);
  const title = subject || `${execution.definitionId}: ${node.name ?? node.nodeId}`;
  const { userIds, emails } = notificationRecipients(recipients);
  const inApp = await transition.notify(`workflow-${step.key}`, userIds, title, body, {
    executionId: execution.executionId,
    definitionId: execution.definitionId,
    stepId: step.stepId,
  });
  const email = config.channel === 'email' ? await transition.mail('workflow', step.stepId, emails, title, body) : null;
  await settle(
    transition,
    step,
    'completed',
    {
      channel: config.channel,
      recipients,
      slackTarget: config.slackTarget ?? null,
      subject,
      body,
      delivered: inApp || (email?.queued ?? 0) > 0,
      inAppRecipients: inApp ? userIds.length : 0,
      ...(email ? { email: { configured: email.configured, queued: email.queued, skipped: email.skipped } } : {}),
      ...(config.channel === 'slack' ? { slack: { sent: false, reason: 'slack-not-configured' } } : {}),
    },
    null,
    { channel: config.channel, nodeType: 'notification' },
  );
}

function resolvePath(root: Record<string, unknown>, path: string | undefined): string | null {
  if (!path) return null;
  let value: unknown = root;
  for (const part of path.split('.')) {
    if (value === null || typeof value !== 'object') return null;
    value = (value as Record<string, unknown>)[part];
  }
  if (typeof value !== 'string') return null;
  return /^https?:\/\//.test(value) ? value : `https://${value}`;
}

export interface DecisionResult {
  recorded: boolean;
  aggregatorStatus: 'pending' | 'resolved' | 'rejected' | null;
  resumeScheduled: boolean;
  rejectionReason?: 'idempotent' | 'already-terminal' | 'unknown-responder' | 'aggregator-missing';
}

/** Velt's aggregator: resolved when every mandatory reviewer approved, rejected on any rejection. */
export async function recordDecision(
  transition: Transition,
  step: WorkflowStep,
  reviewerId: string,
  decision: 'approve' | 'reject',
  reason: string | null,
): Promise<DecisionResult> {
  const node = transition.execution.graph.nodes[step.nodeId];
  const reviewers = reviewersOf(node);
  const responses = await responsesOf(transition.manager, step);
  const current = aggregate(reviewers, responses);
  if (step.status !== 'waiting')
    return {
      recorded: false,
      aggregatorStatus: current.status,
      resumeScheduled: false,
      rejectionReason: 'already-terminal',
    };
  const reviewer = reviewers.find((candidate) => candidate.userId === reviewerId);
  if (!reviewer)
    return {
      recorded: false,
      aggregatorStatus: 'pending',
      resumeScheduled: false,
      rejectionReason: 'unknown-responder',
    };
  if (responses.some((response) => response.responseKey === reviewerId))
    return { recorded: false, aggregatorStatus: current.status, resumeScheduled: false, rejectionReason: 'idempotent' };
  const response: WorkflowStepResponse = {
    executionId: step.executionId,
    stepId: step.stepId,
    responseKey: reviewerId,
    apiKeyId: step.apiKeyId,
    responderId: reviewerId,
    decision,
    reason,
    createdAt: String(transition.now),
  };
  await transition.manager.insert(WorkflowStepResponse, response);
  responses.push(response);
  const after = aggregate(reviewers, responses);
  if (after.status === 'pending') return { recorded: true, aggregatorStatus: 'pending', resumeScheduled: false };
  const rejection = after.status === 'rejected' ? response : null;
  const output = {
    ...step.output,
    aggregatorStatus: after.status,
    approveCount: after.approveCount,
    rejectCount: after.rejectCount,
    totalResponses: responses.length,
    mandatoryCount: after.mandatoryCount,
    mandatoryApproveCount: after.mandatoryApproveCount,
    decision: after.status === 'resolved' ? 'approve' : 'reject',
    approved: after.status === 'resolved',
    resumedAt: transition.now,
    ...(rejection
      ? { rejectedBy: rejection.responderId, rejectorMandatory: reviewer.mandatory, rejectionReason: rejection.reason }
      : {}),
  };
  await settle(
    transition,
    step,
    'completed',
    output,
    null,
    { aggregatorStatus: after.status, nodeType: 'human', decision: output.decision },
    reviewerId,
  );
  return { recorded: true, aggregatorStatus: after.status, resumeScheduled: true };
}

async function responsesOf(manager: EntityManager, step: WorkflowStep): Promise<WorkflowStepResponse[]> {
  return manager.find(WorkflowStepResponse, { where: { executionId: step.executionId, stepId: step.stepId } });
}

function aggregate(reviewers: Reviewer[], responses: WorkflowStepResponse[]) {
  const mandatory = reviewers.filter((reviewer) => reviewer.mandatory);
  const approveCount = responses.filter((response) => response.decision === 'approve').length;
  const rejectCount = responses.length - approveCount;
  const mandatoryApproveCount = mandatory.filter((reviewer) =>
    responses.some((response) => response.responseKey === reviewer.userId && response.decision === 'approve'),
  ).length;
  const status: 'pending' | 'resolved' | 'rejected' =
    rejectCount > 0 ? 'rejected' : mandatoryApproveCount === mandatory.length ? 'resolved' : 'pending';
  return { status, approveCount, rejectCount, mandatoryCount: mandatory.length, mandatoryApproveCount };
}
