import { Injectable } from '@nestjs/common';
import { ApiError, ErrorCode } from '@app/common';
import { CancelStepDto, RecordAgentResolutionDto, RecordReviewerDecisionDto, ResolveStepDto } from './dto/step.dto';
import { WorkflowStepResponse } from './entities/workflow-step-response.entity';
import { WorkflowStep } from './entities/workflow-step.entity';
import { cancelStep, rollup, settle } from './routing';
import { recordDecision, reviewersOf } from './step-actions';
import { isTerminal, Transition } from './transition';
import { WorkflowTransitions } from './workflow-transitions.service';

function precondition(message: string): ApiError {
  return new ApiError(ErrorCode.FAILED_PRECONDITION, message);
}

function stepOf(transition: Transition, stepId: string): WorkflowStep {
  const step = transition.steps.get(stepId);
  if (!step) throw ApiError.notFound('Step not found.');
  return step;
}

/** The steps routes: reviewer decisions, agent resolutions, operator overrides and cancels. */
@Injectable()
export class StepService {
  constructor(private readonly transitions: WorkflowTransitions) {}

  recordReviewerDecision(apiKeyId: string, dto: RecordReviewerDecisionDto) {
    return this.transitions.run(apiKeyId, dto.executionId, async (transition) => {
      const step = stepOf(transition, dto.stepId);
      if (step.nodeType !== 'human') throw precondition('The step is not a human step.');
      if (!isTerminal(step.status) && step.status !== 'waiting') throw precondition('The step is not waiting.');
      return recordDecision(transition, step, dto.reviewerId, dto.decision, dto.reason ?? null);
    });
  }

  recordAgentResolution(apiKeyId: string, dto: RecordAgentResolutionDto) {
    return this.transitions.run(apiKeyId, dto.executionId, async (transition) => {
      const step = stepOf(transition, dto.stepId);
      if (step.nodeType !== 'agent') throw precondition('The step is not an agent step.');
      const known = (step.output.responseIds as string[] | undefined) ?? [];
      if (!known.includes(dto.responseId))
        throw ApiError.invalid("responseId is not one of the step's output.responseIds.");
      const replay = await transition.manager.exists(WorkflowStepResponse, {
        where: { executionId: step.executionId, stepId: step.stepId, responseKey: dto.responseId },
      });
      if (replay) return { recorded: false, aggregatorStatus: step.output.resolution ?? null, resumeScheduled: false };
      if (step.status !== 'waiting') throw precondition('The step is not waiting.');
      await transition.manager.insert(WorkflowStepResponse, {
        executionId: step.executionId,
        stepId: step.stepId,
        responseKey: dto.responseId,
        apiKeyId,
        responderId: dto.actorId,
        decision: dto.resolution,
        reason: dto.reason ?? null,
        createdAt: String(transition.now),
      });
      const decision = dto.resolution === 'resolved' ? 'approve' : 'reject';
      await settle(
        transition,
        step,
        'completed',
        {
          ...step.output,
          resolution: dto.resolution,
          resolvedBy: dto.actorId,
          reason: dto.reason ?? null,
          agentExecutionStatus: 'completed',
          decision,
        },
        null,
        {
          agentExecutionId: dto.responseId,
          agentExecutionStatus: 'completed',
          decision,
          source: 'recordAgentResolution',
        },
        dto.actorId,
      );
      return { recorded: true, aggregatorStatus: dto.resolution, resumeScheduled: true };
    });
  }

  async resolve(apiKeyId: string, dto: ResolveStepDto) {
    const reviewerAction = dto.action.startsWith('reviewer-');
    try {
      await this.transitions.run(apiKeyId, dto.executionId, (transition) => this.applyResolve(transition, dto));
    } catch (error) {
      // Velt: the force-* actions answer a missing execution or step with FAILED_PRECONDITION.
      if (!reviewerAction && error instanceof ApiError && error.code === ErrorCode.NOT_FOUND)
        throw precondition('resolveStep not applied: step-not-found');
      throw error;
    }
    return { resolved: true, executionId: dto.executionId, stepId: dto.stepId, action: dto.action };
  }

  private async applyResolve(transition: Transition, dto: ResolveStepDto): Promise<void> {
    const step = stepOf(transition, dto.stepId);
    if (isTerminal(step.status) || !transition.running) throw precondition('The step is already terminal.');
    const action = dto.action;
    const decisionAction = action !== 'force-complete' && action !== 'force-fail';
    if (decisionAction && step.status !== 'waiting') throw precondition(`${action} needs a waiting step.`);
    if (!decisionAction && step.status !== 'waiting' && step.status !== 'running')
      throw precondition(`${action} needs a running or waiting step.`);
    if (action.startsWith('reviewer-')) {
      if (step.nodeType !== 'human') throw precondition(`${action} applies to human steps only.`);
      const reviewers = reviewersOf(transition.execution.graph.nodes[step.nodeId]);
      if (!reviewers.some((reviewer) => reviewer.userId === dto.actorId))
        throw new ApiError(ErrorCode.PERMISSION_DENIED, "actorId is not one of the step's reviewers.");
    }
    await transition.manager.insert(WorkflowStepResponse, {
      executionId: step.executionId,
      stepId: step.stepId,
      responseKey: `resolve:${action}:${transition.now}`,
      apiKeyId: step.apiKeyId,
      responderId: dto.actorId,
      decision: action,
      reason: dto.reason ?? null,
      createdAt: String(transition.now),
    });
    const supplied = dto.output ?? {};
    if (decisionAction) {
      const decision = action.endsWith('approve') ? 'approve' : 'reject';
      // Authority of record: the engine's decision keys win over the caller's output.
      const output = {
        ...step.output,
        ...supplied,
        decision,
        approved: decision === 'approve',
        approvalReply: dto.reason ?? null,
        overriddenAt: transition.now,
      };
      await settle(
        transition,
        step,
        'completed',
        output,
        null,
        { nodeType: step.nodeType, decision, source: action, actorId: dto.actorId },
        dto.actorId,
      );
      return;
    }
    const output = { ...supplied, overriddenAt: supplied.overriddenAt ?? transition.now };
    if (action === 'force-complete') {
      await settle(
        transition,
        step,
        'completed',
        output,
        null,
        { nodeType: step.nodeType, source: action, actorId: dto.actorId },
        dto.actorId,
      );
      return;
    }
    await settle(
      transition,
      step,
      'failed',
      output,
      { code: 'force-fail', message: dto.reason ?? 'Failed by an operator.' },
      { reason: 'force-fail', actorId: dto.actorId },
      dto.actorId,
    );
  }

  async cancel(apiKeyId: string, dto: CancelStepDto) {
    await this.transitions.run(apiKeyId, dto.executionId, async (transition) => {
      const step = stepOf(transition, dto.stepId);
      if (isTerminal(step.status) || !transition.running) throw precondition('The step is already terminal.');
      await cancelStep(transition, step, dto.actorId, dto.reason ?? null);
      await rollup(transition);
    });
    return { cancelled: true, executionId: dto.executionId, stepId: dto.stepId };
  }
}
