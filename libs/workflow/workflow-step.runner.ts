import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AppConfig, decryptSecret } from '@app/common';
import { RowJobRunner } from '@app/queue';
import { WorkflowAgentEndpoint } from './entities/workflow-agent-endpoint.entity';
import { StepStatus, WorkflowStep } from './entities/workflow-step.entity';
import { settle } from './routing';
import { agentConfigOf, awaitAgent, startLocalStep } from './step-actions';
import { isTerminal, Transition } from './transition';
import { bodySignature, callWebhook, WebhookCallRequest, WebhookCallResult } from './webhook-call';
import { WorkflowTransitions } from './workflow-transitions.service';

/** A webhook step's transient failure (5xx, timeout, network): thrown so BullMQ retries the job with backoff. */
export class WorkflowStepRetryError extends Error {}

/** An SLA job may fire a few milliseconds before the deadline it was scheduled for. */
const DEADLINE_SLACK_MS = 50;
const DEFAULT_TIMEOUT_MS = 10_000;

interface WebhookConfig {
  url: string;
  mode?: 'sync' | 'async';
  method?: 'GET' | 'POST';
  authMode?: 'hmac' | 'token' | 'none';
  authTokenHeader?: string;
  timeoutMs?: number;
  expectedStatusCodes?: number[];
  bodyTemplate?: 'envelope' | 'pass-through' | 'none';
  requestHeaders?: Record<string, string>;
}

type Settlement = { status: StepStatus } | { call: WebhookCallRequest; async: boolean };

/**
 * Worker side of the review workflows: runs one step, the row deciding what runs. A human, agent or
 * notification step moves in one transaction, so it happens once whatever the worker does. A webhook
 * step is claimed (`running`) in one transaction, called, and settled in another that only a still
 * `running` step passes: a worker killed mid-call leaves it `running`, the job is taken over and the
 * call made again with the same `idempotency-key`; the step settles, and its events are written, once.
 */
@Injectable()
export class WorkflowStepRunner implements RowJobRunner<StepStatus> {
  private readonly logger = new Logger(WorkflowStepRunner.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly transitions: WorkflowTransitions,
    private readonly config: AppConfig,
  ) {}

  async run(key: string): Promise<StepStatus | null> {
    const row = await this.dataSource
      .getRepository(WorkflowStep)
      .findOne({ where: { key }, select: { executionId: true, stepId: true, apiKeyId: true } });
    if (!row) return null;
    const next = await this.transitions.run(row.apiKeyId, row.executionId, (transition) =>
      this.advance(transition, row.stepId),
    );
    if ('status' in next) return next.status;
    const result = await callWebhook(next.call);
    const settled = await this.transitions.run(row.apiKeyId, row.executionId, (transition) =>
      this.settleCall(transition, row.stepId, result, next.async),
    );
    if (typeof settled === 'object') throw new WorkflowStepRetryError(settled.retry);
    return settled;
  }

  async unsettled(quietSeconds: number, limit: number): Promise<string[]> {
    // Two reads, each on its partial index: quiet unsettled steps, and steps past their deadline.
    const rows: { key: string }[] = await this.dataSource.query(
      `(SELECT key, updated_at FROM workflow_step
         WHERE status IN ('pending', 'running') AND updated_at < now() - make_interval(secs => $1)
         ORDER BY updated_at LIMIT $2)
       UNION
       (SELECT key, updated_at FROM workflow_step
         WHERE status IN ('pending', 'running', 'waiting') AND deadline_at < $3::bigint
         ORDER BY deadline_at LIMIT $2)
       ORDER BY updated_at LIMIT $2`,
      [quietSeconds, limit, String(Date.now())],
    );
    return rows.map((row) => row.key);
  }

  /** The job gave up (a webhook step out of retries): the step fails and routes as a failure. */
  async abandon(key: string): Promise<void> {
    const row = await this.dataSource
      .getRepository(WorkflowStep)
      .findOne({ where: { key }, select: { executionId: true, stepId: true, apiKeyId: true } });
    if (!row) return;
    await this.transitions.run(row.apiKeyId, row.executionId, async (transition) => {
      const step = transition.steps.get(row.stepId)!;
      if (!transition.running || (step.status !== 'pending' && step.status !== 'running')) return;
      const error = step.error ?? { code: 'retries-exhausted', message: 'The step ran out of attempts.' };
      await settle(transition, step, 'failed', step.output, error, { reason: error.code, retryClass: 'exhausted' });
    });
  }

  private async advance(transition: Transition, stepId: string): Promise<Settlement> {
    const step = transition.steps.get(stepId)!;
    if (!transition.running || isTerminal(step.status)) return { status: step.status };
    if (step.deadlineAt !== null && Number(step.deadlineAt) <= transition.now + DEADLINE_SLACK_MS) {
      await settle(
        transition,
        step,
        'breached',
        step.output,
        { code: 'sla-breached', message: 'SLA breached.' },
        {
          reason: 'sla-breached',
        },
      );
      return { status: 'breached' };
    }
    if (step.status === 'waiting') return { status: 'waiting' };
    const agentEndpoint = step.nodeType === 'agent' ? await this.agentEndpointOf(transition, step) : null;
    if (agentEndpoint) {
      await transition.updateStep(step, {
        status: 'running',
        runs: step.runs + 1,
        startedAt: step.startedAt ?? String(transition.now),
      });
      return { call: this.agentRequest(transition, step, agentEndpoint), async: false };
    }
    if (step.nodeType !== 'webhook') {
      await startLocalStep(transition, step);
      return { status: step.status };
    }
    await transition.updateStep(step, {
      status: 'running',
      runs: step.runs + 1,
      startedAt: step.startedAt ?? String(transition.now),
    });
    const config = transition.execution.graph.nodes[step.nodeId].config as unknown as WebhookConfig;
    return { call: this.request(transition, step, config), async: config.mode === 'async' };
  }

  /** The API key's agent endpoint, for an agent step that is not `__mock__`. */
  private async agentEndpointOf(transition: Transition, step: WorkflowStep): Promise<WorkflowAgentEndpoint | null> {
    if (agentConfigOf(transition, step).agentId === '__mock__') return null;
    return transition.manager.findOne(WorkflowAgentEndpoint, { where: { apiKeyId: step.apiKeyId } });
  }

  /** Our agent contract's call: the step as the webhook envelope, signed with the endpoint's secret. */
  private agentRequest(
    transition: Transition,
    step: WorkflowStep,
    endpoint: WorkflowAgentEndpoint,
  ): WebhookCallRequest {
    const execution = transition.execution;
    const agent = agentConfigOf(transition, step);
    const body = JSON.stringify({
      executionId: execution.executionId,
      definitionId: execution.definitionId,
      correlationId: execution.correlationId,
      stepId: step.stepId,
      nodeId: step.nodeId,
      agentId: agent.agentId,
      resolvedUrl: agent.resolvedUrl,
      responseId: `resp_${step.key}`,
      input: step.input,
      triggerContext: execution.triggerContext,
      callback: {
        route: '/v2/workflow/steps/recordAgentResolution',
        executionId: execution.executionId,
        stepId: step.stepId,
      },
    });
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'user-agent': 'collab-backend-workflows/1',
      'idempotency-key': step.key,
      'x-svc-execution-id': execution.executionId,
      'x-svc-step-id': step.stepId,
    };
    if (endpoint.secretCiphertext)
      headers['x-svc-signature'] = bodySignature(
        body,
        decryptSecret(endpoint.secretCiphertext, this.config.encryptionKey),
      );
    return {
      url: endpoint.url,
      method: 'POST',
      headers,
      body,
      timeoutMs: endpoint.timeoutMs,
      allowPrivateNetworks: this.config.webhookAllowPrivateNetworks,
    };
  }

  /**
   * The agent endpoint answered: `resolution` (resolved/rejected) or `decision` (approve/reject) in a
   * 2xx JSON body completes the step; any other 2xx leaves it waiting for recordAgentResolution.
   */
  private async settleAgent(
    transition: Transition,
    step: WorkflowStep,
    result: WebhookCallResult,
  ): Promise<StepStatus | { retry: string }> {
    if ('error' in result) return this.retry(transition, step, result.error, result.latencyMs, null);
    const endpoint = { httpStatus: result.httpStatus, latencyMs: result.latencyMs };
    if (result.httpStatus >= 200 && result.httpStatus < 300) {
      const answer = (result.responseJson ?? {}) as { resolution?: unknown; decision?: unknown; reason?: unknown };
      const decision =
        answer.resolution === 'resolved' || answer.decision === 'approve'
          ? 'approve'
          : answer.resolution === 'rejected' || answer.decision === 'reject'
            ? 'reject'
            : null;
      if (decision === null) {
        await awaitAgent(transition, step, { agentEndpoint: endpoint });
        return 'waiting';
      }
      const agent = agentConfigOf(transition, step);
      await settle(
        transition,
        step,
        'completed',
        {
          agentId: agent.agentId,
          resolvedUrl: agent.resolvedUrl,
          input: step.input,
          agentEndpoint: endpoint,
          responseJson: result.responseJson,
          resolution: decision === 'approve' ? 'resolved' : 'rejected',
          reason: typeof answer.reason === 'string' ? answer.reason : null,
          agentExecutionStatus: 'completed',
          decision,
        },
        null,
        { agentId: agent.agentId, decision, source: 'agent-endpoint', httpStatus: result.httpStatus },
      );
      return 'completed';
    }
    if (result.httpStatus >= 400 && result.httpStatus < 500) {
      await settle(
        transition,
        step,
        'failed',
        { agentEndpoint: endpoint, responseText: result.responseText },
        { code: 'agent-endpoint-http-error', message: `The agent endpoint answered ${result.httpStatus}.` },
        { httpStatus: result.httpStatus, latencyMs: result.latencyMs, retryClass: 'terminal' },
      );
      return 'failed';
    }
    return this.retry(
      transition,
      step,
      `The agent endpoint answered ${result.httpStatus}.`,
      result.latencyMs,
      result.httpStatus,
    );
  }

  private request(transition: Transition, step: WorkflowStep, config: WebhookConfig): WebhookCallRequest {
    const execution = transition.execution;
    const method = config.method ?? 'POST';
    const template = config.bodyTemplate ?? 'envelope';
    const callback = {
      route: '/v2/workflow/steps/resolve',
      executionId: execution.executionId,
      stepId: step.stepId,
    };
    const payload =
      template === 'envelope'
        ? {
            executionId: execution.executionId,
            definitionId: execution.definitionId,
            correlationId: execution.correlationId,
            stepId: step.stepId,
            nodeId: step.nodeId,
            input: step.input,
            triggerContext: execution.triggerContext,
            ...(config.mode === 'async' ? { callback } : {}),
          }
        : { ...step.input, ...(config.mode === 'async' ? { _svc: callback } : {}) };
    const body = template === 'none' || method === 'GET' ? null : JSON.stringify(payload);
    const headers: Record<string, string> = {
      ...(config.requestHeaders ?? {}),
      'content-type': 'application/json',
      'user-agent': 'collab-backend-workflows/1',
      // The same on every attempt, so a receiver can drop the repeat of a call a killed worker had made.
      'idempotency-key': step.key,
      'x-svc-execution-id': execution.executionId,
      'x-svc-step-id': step.stepId,
    };
    const authMode = config.authMode ?? 'hmac';
    if (authMode === 'hmac' && execution.webhookSecretCiphertext) {
      const secret = decryptSecret(execution.webhookSecretCiphertext, this.config.encryptionKey);
      headers['x-svc-signature'] = bodySignature(body ?? '', secret);
    }
    if (authMode === 'token' && config.authTokenHeader) {
      const tokens = execution.triggerContext.webhookAuth as Record<string, unknown> | undefined;
      const token = tokens?.[step.nodeId];
      if (typeof token === 'string') headers[config.authTokenHeader.toLowerCase()] = token;
    }
    return {
      url: config.url,
      method,
      headers,
      body,
      timeoutMs: config.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      allowPrivateNetworks: this.config.webhookAllowPrivateNetworks,
    };
  }

  private async settleCall(
    transition: Transition,
    stepId: string,
    result: WebhookCallResult,
    async: boolean,
  ): Promise<StepStatus | { retry: string }> {
    const step = transition.steps.get(stepId)!;
    // Settled meanwhile (an operator resolved it, the run was cancelled, another worker finished it).
    if (!transition.running || step.status !== 'running') return step.status;
    if (step.nodeType === 'agent') return this.settleAgent(transition, step, result);
    const config = transition.execution.graph.nodes[step.nodeId].config as unknown as WebhookConfig;
    if ('error' in result) return this.retry(transition, step, result.error, result.latencyMs, null);
    const expected = config.expectedStatusCodes;
    const success = expected
      ? expected.includes(result.httpStatus)
      : result.httpStatus >= 200 && result.httpStatus < 300;
    const output = {
      httpStatus: result.httpStatus,
      responseHeaders: result.responseHeaders,
      ...(result.responseJson !== null ? { responseJson: result.responseJson } : {}),
      responseText: result.responseText,
    };
    if (success) {
      if (async) {
        await transition.updateStep(step, { status: 'waiting', output: { ...output, mode: 'async' } });
        await transition.event('step.awaiting-approval', step.stepId, { mode: 'async', httpStatus: result.httpStatus });
        return 'waiting';
      }
      const node = transition.execution.graph.nodes[step.nodeId];
      if (node.requireNonEmptyOutput && result.responseText.length === 0) {
        await settle(
          transition,
          step,
          'failed',
          output,
          {
            code: 'webhook-node-empty-response',
            message: 'The receiver answered with an empty body.',
          },
          { reason: 'webhook-node-empty-response' },
        );
        return 'failed';
      }
      const decision = (result.responseJson as { decision?: unknown } | null)?.decision;
      await settle(
        transition,
        step,
        'completed',
        { ...output, ...(decision === 'approve' || decision === 'reject' ? { decision } : {}) },
        null,
        { httpStatus: result.httpStatus, latencyMs: result.latencyMs, nodeType: 'webhook' },
      );
      return 'completed';
    }
    if (result.httpStatus >= 400 && result.httpStatus < 500) {
      await settle(
        transition,
        step,
        'failed',
        output,
        { code: 'webhook-http-error', message: `The receiver answered ${result.httpStatus}.` },
        { httpStatus: result.httpStatus, latencyMs: result.latencyMs, retryClass: 'terminal' },
      );
      return 'failed';
    }
    return this.retry(
      transition,
      step,
      `The receiver answered ${result.httpStatus}.`,
      result.latencyMs,
      result.httpStatus,
    );
  }

  /** Leaves the step `running` with its last error; the caller throws after commit so BullMQ retries, and abandon fails it at the end. */
  private async retry(
    transition: Transition,
    step: WorkflowStep,
    message: string,
    latencyMs: number,
    httpStatus: number | null,
  ): Promise<{ retry: string }> {
    await transition.updateStep(step, { error: { code: 'webhook-retryable', message } });
    this.logger.warn(
      { executionId: step.executionId, stepId: step.stepId, httpStatus, latencyMs },
      'Webhook step will retry',
    );
    return { retry: message };
  }
}
