import { GroupDef, RuntimeEdge } from './graph';
import { evaluate } from './predicate';
import { StepStatus, WorkflowStep } from './entities/workflow-step.entity';
import { childStepId, isTerminal, Transition } from './transition';

/** Statuses on which an `always` edge fires (Velt: the fan-out-eligible statuses). */
const FAN_OUT: readonly StepStatus[] = ['completed', 'skipped', 'breached', 'failed'];

export const SYSTEM_GROUP_QUORUM = 'system:group-quorum';
export const SYSTEM_LOOP_RESTART = 'system:loop-restart';
export const SYSTEM_EXECUTION = 'system:execution';

function edgeFires(transition: Transition, edge: RuntimeEdge, step: WorkflowStep): boolean {
  if (edge.loopId !== null || edge.role === 'exhausted') return false;
  if (edge.role === 'always') return FAN_OUT.includes(step.status);
  if (edge.role === 'approve' || edge.role === 'reject')
    return step.status === 'completed' && step.output.decision === edge.role;
  return Boolean(
    evaluate(edge.when, {
      output: step.output,
      step: { stepId: step.stepId, nodeId: step.nodeId, status: step.status, retryCount: Math.max(0, step.runs - 1) },
      execution: { input: transition.execution.triggerContext },
    }),
  );
}

/** The successor steps of `edge` (one per member when it enters a group). */
async function follow(
  transition: Transition,
  edge: RuntimeEdge,
  parentStepId: string,
  input: Record<string, unknown>,
  iteration: number,
): Promise<void> {
  const graph = transition.execution.graph;
  const targets = edge.toKind === 'group' ? graph.groups[edge.to].memberNodeIds : [edge.to];
  for (const target of targets)
    await transition.createStep(target, childStepId(parentStepId, target), input, iteration);
}

/** Marks a step terminal, writes its event, routes its edges, and rolls the execution up. */
export async function settle(
  transition: Transition,
  step: WorkflowStep,
  status: 'completed' | 'failed' | 'breached' | 'skipped',
  output: Record<string, unknown>,
  error: { code: string; message: string } | null,
  eventData: Record<string, unknown>,
  actorId: string | null = null,
): Promise<void> {
  await transition.updateStep(step, { status, output, error, completedAt: String(transition.now) });
  const type = status === 'breached' ? 'step.breached' : status === 'failed' ? 'step.failed' : 'step.completed';
  await transition.event(type, step.stepId, eventData, actorId);
  await route(transition, step);
  await rollup(transition);
}

/** Cancels a non-terminal step: its edges never fire, it still counts toward its group's completion. */
export async function cancelStep(
  transition: Transition,
  step: WorkflowStep,
  actorId: string,
  reason: string | null,
): Promise<void> {
  await transition.updateStep(step, { status: 'cancelled', completedAt: String(transition.now) });
  await transition.event('step.cancelled', step.stepId, { actorId, reason }, actorId);
  if (step.groupId) await countGroupMember(transition, step);
}

async function route(transition: Transition, step: WorkflowStep): Promise<void> {
  if (!transition.running) return;
  const graph = transition.execution.graph;
  const group = step.groupId ? graph.groups[step.groupId] : null;
  const fromNode = graph.edges.filter((edge) => edge.fromKind === 'node' && edge.from === step.nodeId);
  let handled = false;
  const loopEdge = fromNode.find((edge) => edge.loopId !== null);
  if (
    loopEdge &&
    step.status === 'completed' &&
    step.output.decision === 'reject' &&
    step.output.rejectorMandatory === true
  ) {
    await loopBack(transition, loopEdge, step, step.output);
    handled = true;
  } else if (!group || (group.onQuorumMet ?? 'waitAll') !== 'joinOnQuorum') {
    for (const edge of fromNode) {
      if (!edgeFires(transition, edge, step)) continue;
      await follow(transition, edge, step.stepId, step.output, step.iteration);
      handled = true;
    }
  }
  if (group) {
    await countGroupMember(transition, step);
    return;
  }
  if (!handled && (step.status === 'failed' || step.status === 'breached')) {
    await failExecution(transition, step.status === 'failed' ? 'step-failed' : 'step-breached', step);
  }
}

function groupKey(group: GroupDef, iteration: number): string {
  return `${group.groupId}#${iteration}`;
}

/** Group accounting: approvals toward quorum, every terminal member toward completion (Velt's two counters). */
async function countGroupMember(transition: Transition, step: WorkflowStep): Promise<void> {
  if (!transition.running) return;
  const execution = transition.execution;
  const group = execution.graph.groups[step.groupId!];
  const policy = group.onQuorumMet ?? 'waitAll';
  const key = groupKey(group, step.iteration);
  const state = (execution.state.groups[key] ??= { completed: [], approved: [], quorumMet: false, decided: false });
  transition.touch();
  if (state.completed.includes(step.nodeId)) return;
  state.completed.push(step.nodeId);
  if (step.status === 'completed' && step.output.decision === 'approve') state.approved.push(step.nodeId);
  const required = group.requiredNodeIds ?? [];
  if (
    !state.quorumMet &&
    state.approved.length >= group.quorum &&
    required.every((node) => state.approved.includes(node))
  ) {
    state.quorumMet = true;
    await transition.event('group.quorum-met', null, {
      groupId: group.groupId,
      total: state.approved.length,
      quorum: group.quorum,
      completedTotal: state.completed.length,
      expectedSteps: group.expectedSteps,
    });
    if (policy !== 'waitAll') {
      for (const sibling of transition.steps.values()) {
        if (sibling.groupId !== group.groupId || sibling.iteration !== step.iteration || isTerminal(sibling.status))
          continue;
        await cancelStep(transition, sibling, SYSTEM_GROUP_QUORUM, 'group-quorum-met');
      }
      await fireGroupApproval(transition, group, step.iteration);
    }
  }
  if (!state.decided && state.completed.length >= group.expectedSteps) {
    state.decided = true;
    await decideGroup(transition, group, step.iteration);
  }
}

function groupSourceEdges(transition: Transition, group: GroupDef): RuntimeEdge[] {
  return transition.execution.graph.edges.filter((edge) => edge.fromKind === 'group' && edge.from === group.groupId);
}

function groupStepId(group: GroupDef, target: string, iteration: number): string {
  return `group_${group.groupId}__to__${target}${iteration > 0 ? `__i${iteration}` : ''}`;
}

/** On quorum, a cancelOnQuorum or joinOnQuorum group fires its collective approve successors once. */
async function fireGroupApproval(transition: Transition, group: GroupDef, iteration: number): Promise<void> {
  const graph = transition.execution.graph;
  const state = transition.execution.state.groups[groupKey(group, iteration)];
  const targets = new Set<string>();
  for (const edge of groupSourceEdges(transition, group)) {
    if (edge.loopId === null && (edge.role === 'approve' || edge.role === 'always')) targets.add(edge.to);
  }
  if ((group.onQuorumMet ?? 'waitAll') === 'joinOnQuorum') {
    // The group owns its members' fan-out, so each shared successor runs once.
    for (const edge of graph.edges) {
      if (edge.fromKind !== 'node' || !group.memberNodeIds.includes(edge.from) || edge.loopId !== null) continue;
      if (edge.role === 'approve' || edge.role === 'always') targets.add(edge.to);
    }
  }
  const groupOutputs = Object.fromEntries(
    [...transition.steps.values()]
      .filter((member) => member.groupId === group.groupId && member.iteration === iteration)
      .map((member) => [member.nodeId, member.output]),
  );
  const input = { groupOutputs, groupId: group.groupId, quorum: group.quorum, totalApproved: state.approved.length };
  for (const target of targets) {
    const members = graph.groups[target]?.memberNodeIds ?? [target];
    for (const member of members)
      await transition.createStep(member, groupStepId(group, member, iteration), input, iteration);
  }
}

/** All members terminal: a waitAll group routes by unanimity; a joinOnQuorum group that missed quorum loops back. */
async function decideGroup(transition: Transition, group: GroupDef, iteration: number): Promise<void> {
  const policy = group.onQuorumMet ?? 'waitAll';
  const state = transition.execution.state.groups[groupKey(group, iteration)];
  const edges = groupSourceEdges(transition, group);
  const members = [...transition.steps.values()].filter(
    (member) => member.groupId === group.groupId && member.iteration === iteration,
  );
  const rejection = members.find((member) => member.output.decision === 'reject');
  if (policy === 'waitAll') {
    const unanimous = group.memberNodeIds.every((node) => state.approved.includes(node));
    const role = unanimous ? 'approve' : 'reject';
    const input = { groupId: group.groupId, decision: role, approved: state.approved };
    for (const edge of edges) {
      if (edge.loopId !== null || !(edge.role === role || edge.role === 'always')) continue;
      const target = edge.to;
      for (const member of transition.execution.graph.groups[target]?.memberNodeIds ?? [target])
        await transition.createStep(member, groupStepId(group, member, iteration), input, iteration);
    }
    return;
  }
  if (state.quorumMet) return;
  const loopEdge = edges.find((edge) => edge.loopId !== null);
  if (loopEdge && rejection) {
    await loopBack(transition, loopEdge, rejection, rejection.output);
  }
}

/** A mandatory rejection re-enters the loop's entry node, or, at the cap, takes the exhausted route. */
async function loopBack(
  transition: Transition,
  edge: RuntimeEdge,
  rejecting: WorkflowStep,
  output: Record<string, unknown>,
): Promise<void> {
  const execution = transition.execution;
  const loop = execution.graph.loops.find((candidate) => candidate.loopId === edge.loopId)!;
  const state = (execution.state.loops[loop.loopId] ??= { restarts: 0, previousAttempts: [] });
  transition.touch();
  const rejectedBy = typeof output.rejectedBy === 'string' ? output.rejectedBy : null;
  const rejectionReason = typeof output.rejectionReason === 'string' ? output.rejectionReason : null;
  if (state.restarts >= loop.maxIterations) {
    await transition.event('loop.exhausted', rejecting.stepId, {
      loopId: loop.loopId,
      iteration: state.restarts + 1,
      ...(rejectedBy ? { lastRejectedBy: rejectedBy } : {}),
      ...(rejectionReason ? { lastRejectionReason: rejectionReason } : {}),
    });
    const exhausted = execution.graph.edges.filter(
      (candidate) =>
        candidate.role === 'exhausted' && candidate.fromKind === edge.fromKind && candidate.from === edge.from,
    );
    for (const route of exhausted) await follow(transition, route, rejecting.stepId, output, rejecting.iteration);
    if (exhausted.length === 0) await failExecution(transition, 'loop-exhausted', rejecting);
    return;
  }
  state.restarts += 1;
  state.previousAttempts.push({
    iteration: state.restarts,
    authorOutput: rejecting.input,
    rejectedBy,
    rejectorMandatory: output.rejectorMandatory === true,
    rejectionReason,
    rejectedAt: transition.now,
  });
  for (const step of transition.steps.values()) {
    if (loop.bodyNodeIds.includes(step.nodeId) && !isTerminal(step.status) && step.stepId !== rejecting.stepId)
      await cancelStep(transition, step, SYSTEM_LOOP_RESTART, 'loop-restart');
  }
  await transition.event('loop.iteration-started', rejecting.stepId, {
    loopId: loop.loopId,
    iteration: state.restarts + 1,
    triggeredBy: 'rejection',
  });
  await transition.createStep(
    loop.entryNodeId,
    childStepId(rejecting.stepId, loop.entryNodeId),
    { iteration: state.restarts + 1, loopId: loop.loopId, previousAttempts: state.previousAttempts },
    state.restarts,
  );
}

/** Every step terminal and nothing failed unhandled: the execution completes. */
export async function rollup(transition: Transition): Promise<void> {
  if (!transition.running) return;
  if ([...transition.steps.values()].some((step) => !isTerminal(step.status))) return;
  transition.execution.status = 'completed';
  transition.execution.completedAt = String(transition.now);
  transition.touch();
  await transition.event('execution.completed', null, null);
}

/** A failure with no recovery edge: the rest of the run is cancelled and the execution fails. */
export async function failExecution(transition: Transition, code: string, step: WorkflowStep | null): Promise<void> {
  if (!transition.running) return;
  const execution = transition.execution;
  execution.status = 'failed';
  execution.completedAt = String(transition.now);
  execution.failureReason = {
    code,
    message: step ? `Step ${step.stepId} (${step.nodeId}) ended ${step.status} with no route.` : code,
  };
  transition.touch();
  for (const other of transition.steps.values()) {
    if (!isTerminal(other.status)) {
      await transition.updateStep(other, { status: 'cancelled', completedAt: String(transition.now) });
      await transition.event('step.cancelled', other.stepId, { actorId: SYSTEM_EXECUTION, reason: code });
    }
  }
  await transition.event('execution.failed', null, null);
}

/** Cancel Execution: pending steps never run, and the run ends `cancelled`. False when it had already ended. */
export async function cancelExecution(transition: Transition, reason: string | null): Promise<boolean> {
  if (!transition.running) return false;
  for (const step of transition.steps.values()) {
    if (!isTerminal(step.status)) {
      await transition.updateStep(step, { status: 'cancelled', completedAt: String(transition.now) });
      await transition.event('step.cancelled', step.stepId, { actorId: SYSTEM_EXECUTION, reason });
    }
  }
  transition.execution.status = 'cancelled';
  transition.execution.cancelledAt = String(transition.now);
  transition.touch();
  await transition.event('execution.cancelled', null, reason ? { reason } : {});
  return true;
}
