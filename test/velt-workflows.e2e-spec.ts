import { createTestEnvironment, TestEnvironment } from './support/test-environment';
import { RunningApi, RunningProcess, startApi, startWorker } from './support/processes';
import { apiKeyHeaders, createWorkspace, Credentials, post } from './support/http-client';
import { eventually } from './support/eventually';
import { requestData, veltPage } from './support/velt-fixtures';

const LONG = 90_000;
const WORKER_ENV = {
  WORKFLOW_SWEEP_INTERVAL_MS: '500',
  WEBHOOK_RETRY_SCHEDULE_MS: '200',
  WEBHOOK_SWEEP_INTERVAL_MS: '500',
};

interface StepView {
  stepId: string;
  nodeId: string;
  status: string;
  output: Record<string, unknown>;
}

interface ExecutionView {
  executionId: string;
  status: string;
  steps: StepView[];
}

/** Velt's `{ result: <data> }` example body: the part our envelope carries as `result.data`. */
function veltResult(name: string): Record<string, unknown> {
  return (veltPage('v2', name).responseExample as unknown as { result: Record<string, unknown> }).result;
}

const examples = (name: string) => veltPage('v2', name).requestExamples.map(requestData);

/** Velt's setup page, "Build your first workflow", step 1. */
const DOC_SIGNOFF = {
  definitionId: 'doc-signoff',
  name: 'Document sign-off',
  scope: { level: 'apiKey' },
  nodes: [
    {
      nodeId: 'manager-approval',
      type: 'human',
      config: {
        reviewers: [{ userId: 'u_manager_01', mandatory: true }],
        commentBody: 'Please review and approve this document.',
      },
    },
    { nodeId: 'rework-notice', type: 'agent', config: { agentId: '__mock__', urlPath: 'documentUrl' } },
  ],
  edges: [{ from: 'manager-approval', to: 'rework-notice', on: 'reject' }],
};

/** Velt's setup page, "A realistic workflow". */
const REALISTIC = {
  definitionId: 'marketing-copy-approval',
  name: 'Marketing copy approval',
  scope: { level: 'apiKey' },
  nodes: [
    { nodeId: 'agent-draft', type: 'agent', config: { agentId: 'copy-agent-v1', urlPath: 'documentUrl' } },
    { nodeId: 'human-legal', type: 'human', config: { reviewers: [{ userId: 'u_legal_01', mandatory: true }] } },
    { nodeId: 'human-brand', type: 'human', config: { reviewers: [{ userId: 'u_brand_01', mandatory: true }] } },
    { nodeId: 'agent-publish', type: 'agent', config: { agentId: 'publish-agent-v1', urlPath: 'documentUrl' } },
  ],
  edges: [
    { from: 'agent-draft', to: 'human-legal' },
    { from: 'agent-draft', to: 'human-brand' },
    { from: 'human-legal', to: 'agent-publish' },
    { from: 'human-brand', to: 'agent-publish' },
    {
      from: { kind: 'group', groupId: 'parallel-review' },
      to: 'agent-draft',
      on: 'reject',
      loop: { maxIterations: 3 },
    },
  ],
  groups: [
    {
      groupId: 'parallel-review',
      memberNodeIds: ['human-legal', 'human-brand'],
      expectedSteps: 2,
      quorum: 2,
      onQuorumMet: 'joinOnQuorum',
    },
  ],
};

describe("Velt's approval-engine examples replayed", () => {
  let world: TestEnvironment;
  let api: RunningApi;
  let worker: RunningProcess;

  const call = <T = unknown>(who: Credentials, path: string, data: unknown) =>
    post<T>(api.url, path, data, apiKeyHeaders(who));

  async function waiting(who: Credentials, executionId: string, nodeId: string, count = 1): Promise<StepView> {
    return eventually(
      async () => {
        const view = await call<ExecutionView>(who, '/v2/workflow/executions/get', { executionId });
        const steps = view.body.result.data.steps.filter((step) => step.nodeId === nodeId);
        if (steps.length < count || steps[count - 1].status !== 'waiting') throw new Error(`${nodeId} not waiting`);
        return steps[count - 1];
      },
      { timeoutMs: 20_000, intervalMs: 100 },
    );
  }

  async function finished(who: Credentials, executionId: string): Promise<ExecutionView> {
    return eventually(
      async () => {
        const view = (await call<ExecutionView>(who, '/v2/workflow/executions/get', { executionId })).body.result.data;
        if (view.status === 'running') throw new Error('running');
        return view;
      },
      { timeoutMs: 20_000, intervalMs: 100 },
    );
  }

  async function types(who: Credentials, executionId: string): Promise<string[]> {
    const page = await call<{ events: Array<{ type: string }> }>(who, '/v2/workflow/executions/getEvents', {
      executionId,
      sinceSeq: 0,
      pageSize: 100,
    });
    return page.body.result.data.events.map((event) => event.type);
  }

  beforeAll(async () => {
    world = await createTestEnvironment();
    api = await startApi(world.env);
    worker = await startWorker(world.env, WORKER_ENV);
  }, LONG);

  afterAll(async () => {
    await worker?.stop();
    await api?.stop();
    await world?.dispose();
  }, LONG);

  it(
    "answers the definitions pages' requests with their documented bodies",
    async () => {
      const who = await createWorkspace(api.url);
      const [create, cron] = examples('workflow-definitions-create');
      const created = await call<Record<string, unknown>>(who, '/v2/workflow/definitions/create', create);
      expect(created.status).toBe(200);
      const timestamps = { createdAt: expect.any(Number) as number, updatedAt: expect.any(Number) as number };
      expect(created.body.result.data).toEqual({
        ...(JSON.parse(JSON.stringify(veltResult('workflow-definitions-get'))) as object),
        ...timestamps,
      });
      // Triggers start runs by themselves in Velt; here they are refused, loudly.
      const triggered = await call(who, '/v2/workflow/definitions/create', cron);
      expect(triggered.status).toBe(400);
      expect(triggered.body.error.status).toBe('FAILED_PRECONDITION');
      expect(triggered.body.error.message).toContain('triggers');

      const got = await call(who, '/v2/workflow/definitions/get', examples('workflow-definitions-get')[0]);
      expect(got.body.result.data).toEqual(created.body.result.data);
      const [firstPage] = examples('workflow-definitions-list');
      const listed = await call<{ items: unknown[]; nextCursor: number | null }>(
        who,
        '/v2/workflow/definitions/list',
        firstPage,
      );
      expect(listed.body.result.data).toEqual({ items: [created.body.result.data], nextCursor: null });
      const afterCursor = await call<{ items: unknown[] }>(
        who,
        '/v2/workflow/definitions/list',
        examples('workflow-definitions-list')[1],
      );
      expect(afterCursor.body.result.data.items).toEqual([]);
      // A null cursor is refused by its path, as Velt refuses explicit nulls (the fuzz suite once found it a 500).
      const nullCursor = await call(who, '/v2/workflow/definitions/list', { ...firstPage, cursor: null });
      expect(nullCursor.body.error).toEqual({ status: 'INVALID_ARGUMENT', message: 'data.cursor must not be null.' });

      const updated = await call(who, '/v2/workflow/definitions/update', examples('workflow-definitions-update')[0]);
      expect(updated.body.result.data).toEqual({ ...veltResult('workflow-definitions-update'), ...timestamps });
      const conflict = await call(who, '/v2/workflow/definitions/update', examples('workflow-definitions-update')[0]);
      expect(conflict.body.error).toEqual({
        status: 'FAILED_PRECONDITION',
        message: 'Version conflict: expected 1, current 2',
      });

      const [dispatch] = examples('workflow-executions-dispatch');
      const dispatched = await call<{ executionId: string; correlationId: string; deduplicated: boolean }>(
        who,
        '/v2/workflow/executions/dispatch',
        dispatch,
      );
      expect(dispatched.body.result.data).toMatchObject({ correlationId: 'corr_campaign_42', deduplicated: false });
      expect(dispatched.body.result.data.executionId).toMatch(/^exec_\d+_[a-z0-9]{8}$/);
      const replay = await call(who, '/v2/workflow/executions/dispatch', dispatch);
      expect(replay.body.result.data).toEqual({ ...dispatched.body.result.data, deduplicated: true });
      // Definitions with in-flight executions cannot be deleted.
      const [softDelete, purge] = examples('workflow-definitions-delete');
      expect((await call(who, '/v2/workflow/definitions/delete', softDelete)).body.error.status).toBe(
        'FAILED_PRECONDITION',
      );
      const executionId = dispatched.body.result.data.executionId;
      const [cancelExample] = examples('workflow-executions-cancel');
      const cancelled = await call(who, '/v2/workflow/executions/cancel', { ...cancelExample, executionId });
      expect(cancelled.body.result.data).toEqual({ ...veltResult('workflow-executions-cancel'), executionId });
      const stream = await call<{ events: Array<{ type: string; data?: Record<string, unknown> }> }>(
        who,
        '/v2/workflow/executions/getEvents',
        { ...examples('workflow-executions-getEvents')[1], executionId },
      );
      expect(stream.body.result.data.events.at(-1)).toMatchObject({
        type: 'execution.cancelled',
        data: { reason: 'Campaign postponed' },
      });
      const listedRuns = await call<{ items: Array<{ executionId: string; steps: unknown[] }> }>(
        who,
        '/v2/workflow/executions/list',
        { ...examples('workflow-executions-list')[0], status: 'cancelled' },
      );
      expect(listedRuns.body.result.data.items).toEqual([expect.objectContaining({ executionId, steps: [] })]);
      const deleted = await call(who, '/v2/workflow/definitions/delete', softDelete);
      expect(deleted.body.result.data).toEqual(veltResult('workflow-definitions-delete'));
      expect((await call(who, '/v2/workflow/definitions/get', examples('workflow-definitions-get')[0])).status).toBe(
        404,
      );
      expect(
        (await call(who, '/v2/workflow/executions/dispatch', { definitionId: 'marketing-copy-approval' })).body.error
          .status,
      ).toBe('FAILED_PRECONDITION');
      // Re-creating a deleted id starts again at version 1; purge removes it entirely.
      const again = await call<{ version: number }>(who, '/v2/workflow/definitions/create', create);
      expect(again.body.result.data.version).toBe(1);
      expect((await call(who, '/v2/workflow/definitions/delete', purge)).body.result.data).toEqual({
        deleted: true,
        purged: true,
        definitionId: 'marketing-copy-approval',
      });
    },
    LONG,
  );

  it(
    "runs the setup page's first workflow: dispatch, record a decision, get the outcome",
    async () => {
      const who = await createWorkspace(api.url);
      expect((await call(who, '/v2/workflow/definitions/create', DOC_SIGNOFF)).status).toBe(200);
      const dispatched = await call<{ executionId: string; deduplicated: boolean }>(
        who,
        '/v2/workflow/executions/dispatch',
        {
          definitionId: 'doc-signoff',
          idempotencyKey: 'doc-123-signoff',
          triggerContext: { documentUrl: 'https://app.acme.com/docs/123' },
        },
      );
      const { executionId } = dispatched.body.result.data;
      const step = await waiting(who, executionId, 'manager-approval');
      expect(step.stepId).toMatch(/^step_manager-approval_\d+_[a-z0-9]{6}$/);
      expect(step.output).toMatchObject({ commentBody: 'Please review and approve this document.' });
      const decision = {
        executionId,
        stepId: step.stepId,
        reviewerId: 'u_manager_01',
        decision: 'approve',
        reason: 'Looks good for launch.',
      };
      const recorded = await call(who, '/v2/workflow/steps/recordReviewerDecision', decision);
      expect(recorded.body.result.data).toEqual({
        recorded: true,
        aggregatorStatus: 'resolved',
        resumeScheduled: true,
      });
      const again = await call(who, '/v2/workflow/steps/recordReviewerDecision', decision);
      expect(again.body.result.data).toMatchObject({ recorded: false });
      const done = await finished(who, executionId);
      expect(done.status).toBe('completed');
      expect(await types(who, executionId)).toEqual([
        'execution.dispatched',
        'step.awaiting-approval',
        'step.completed',
        'execution.completed',
      ]);
    },
    LONG,
  );

  it(
    "runs the setup page's realistic workflow: joinOnQuorum publishes once, a rejection loops the stage",
    async () => {
      const who = await createWorkspace(api.url);
      expect((await call(who, '/v2/workflow/definitions/create', REALISTIC)).status).toBe(200);
      const dispatched = await call<{ executionId: string }>(who, '/v2/workflow/executions/dispatch', {
        definitionId: 'marketing-copy-approval',
        triggerContext: { documentUrl: 'https://acme.com/launch' },
      });
      const { executionId } = dispatched.body.result.data;
      const resolveAgent = async (nodeId: string, count = 1) => {
        const step = await waiting(who, executionId, nodeId, count);
        const [responseId] = step.output.responseIds as string[];
        const resolved = await call(who, '/v2/workflow/steps/recordAgentResolution', {
          ...examples('workflow-steps-recordAgentResolution')[0],
          executionId,
          stepId: step.stepId,
          responseId,
        });
        expect(resolved.body.result.data).toEqual(veltResult('workflow-steps-recordAgentResolution'));
      };
      const review = async (nodeId: string, reviewerId: string, decision: string, count = 1) => {
        const step = await waiting(who, executionId, nodeId, count);
        await call(who, '/v2/workflow/steps/recordReviewerDecision', {
          executionId,
          stepId: step.stepId,
          reviewerId,
          decision,
        });
      };
      await resolveAgent('agent-draft');
      await review('human-legal', 'u_legal_01', 'approve');
      await review('human-brand', 'u_brand_01', 'reject');
      // The group missed its quorum: the stage rewinds to agent-draft with one shared counter.
      await resolveAgent('agent-draft', 2);
      await review('human-legal', 'u_legal_01', 'approve', 2);
      await review('human-brand', 'u_brand_01', 'approve', 2);
      await resolveAgent('agent-publish');
      const done = await finished(who, executionId);
      expect(done.status).toBe('completed');
      expect(done.steps.filter((step) => step.nodeId === 'agent-publish')).toEqual([
        expect.objectContaining({ stepId: 'group_parallel-review__to__agent-publish__i1', status: 'completed' }),
      ]);
      expect(await types(who, executionId)).toEqual([
        'execution.dispatched',
        'step.awaiting-approval',
        'step.completed',
        'step.awaiting-approval',
        'step.awaiting-approval',
        'step.completed',
        'step.completed',
        'loop.iteration-started',
        'step.awaiting-approval',
        'step.completed',
        'step.awaiting-approval',
        'step.awaiting-approval',
        'step.completed',
        'step.completed',
        'group.quorum-met',
        'step.awaiting-approval',
        'step.completed',
        'execution.completed',
      ]);
    },
    LONG,
  );

  it(
    "refuses the patterns page's anti-patterns with their rule and accepts its recommended shapes",
    async () => {
      const who = await createWorkspace(api.url);
      const node = (nodeId: string, type = 'human') =>
        type === 'human'
          ? { nodeId, type, config: { reviewers: [{ userId: `u_${nodeId}`, mandatory: true }] } }
          : { nodeId, type, config: { agentId: 'a', urlPath: 'documentUrl' } };
      const create = (definitionId: string, nodes: unknown[], edges: unknown[], groups?: unknown[]) =>
        call(who, '/v2/workflow/definitions/create', { definitionId, name: definitionId, nodes, edges, groups });
      const refusals: Array<[string, Promise<Awaited<ReturnType<typeof create>>>]> = [
        [
          'loop-node-in-multiple-loops',
          create(
            'multi-loop',
            [node('agent-draft', 'agent'), node('human-legal'), node('human-brand'), node('human-finance')],
            [
              { from: 'agent-draft', to: 'human-legal' },
              { from: 'agent-draft', to: 'human-brand' },
              { from: 'agent-draft', to: 'human-finance' },
              { from: 'human-legal', to: 'agent-draft', on: 'reject', loop: { maxIterations: 3 } },
              { from: 'human-brand', to: 'agent-draft', on: 'reject', loop: { maxIterations: 3 } },
              { from: 'human-finance', to: 'agent-draft', on: 'reject', loop: { maxIterations: 3 } },
            ],
          ),
        ],
        [
          'missing-breach-edge',
          create(
            'sla-only-reject',
            [{ ...node('human-review'), slaMs: 86400000 }, node('rework', 'agent')],
            [{ from: 'human-review', to: 'rework', on: 'reject' }],
          ),
        ],
        ['APPROVAL_HUMAN_NODE_REQUIRES_REJECT_PATH', create('final-approver', [node('human-final-approver')], [])],
        [
          'JSON-AST',
          create(
            'js-when',
            [node('x', 'agent'), node('y', 'agent')],
            [{ from: 'x', to: 'y', on: 'custom', when: "output.decision == 'approve'" }],
          ),
        ],
      ];
      for (const [rule, answer] of refusals) {
        const response = await answer;
        expect(response.status).toBe(400);
        expect(response.body.error.message).toContain(rule);
      }
      const stage = {
        groupId: 'compliance-review',
        memberNodeIds: ['human-legal', 'human-brand', 'human-finance'],
        expectedSteps: 3,
        quorum: 3,
        onQuorumMet: 'joinOnQuorum',
      };
      const accepted = await create(
        'rewind-stage',
        [
          node('agent-draft', 'agent'),
          node('human-legal'),
          node('human-brand'),
          node('human-finance'),
          node('agent-publish', 'agent'),
          { nodeId: 'human-cco', type: 'human', config: { reviewerIds: ['u_cco'] } },
          node('terminal', 'agent'),
        ],
        [
          { from: 'agent-draft', to: { kind: 'group', groupId: 'compliance-review' } },
          { from: { kind: 'group', groupId: 'compliance-review' }, to: 'agent-publish', on: 'approve' },
          {
            from: { kind: 'group', groupId: 'compliance-review' },
            to: 'agent-draft',
            on: 'reject',
            loop: { maxIterations: 3 },
          },
          { from: { kind: 'group', groupId: 'compliance-review' }, to: 'human-cco', on: 'exhausted' },
          { from: 'human-cco', to: 'terminal', on: 'reject' },
        ],
        [stage],
      );
      expect(accepted.body.error).toBeUndefined();
      const sendBack = await create(
        'send-back',
        [
          node('agent-draft', 'agent'),
          node('human-boss'),
          node('agent-publish', 'agent'),
          node('human-skip-level-mgr'),
          node('end', 'agent'),
        ],
        [
          { from: 'agent-draft', to: 'human-boss' },
          { from: 'human-boss', to: 'agent-publish', on: 'approve' },
          { from: 'human-boss', to: 'agent-draft', on: 'reject', loop: { maxIterations: 3 } },
          { from: 'human-boss', to: 'human-skip-level-mgr', on: 'exhausted' },
          { from: 'human-skip-level-mgr', to: 'end', on: 'reject' },
        ],
      );
      expect(sendBack.body.error).toBeUndefined();
      const agentInQuorum = await create(
        'agent-in-quorum',
        [node('agent-summarize', 'agent'), node('human-legal'), node('after', 'agent')],
        [
          { from: 'agent-summarize', to: 'after' },
          { from: 'human-legal', to: 'after' },
          { from: 'human-legal', to: 'after', on: 'reject' },
        ],
        [
          {
            groupId: 'x',
            memberNodeIds: ['agent-summarize', 'human-legal'],
            expectedSteps: 2,
            quorum: 2,
            onQuorumMet: 'joinOnQuorum',
          },
        ],
      );
      expect(agentInQuorum.body.error).toBeUndefined();
    },
    LONG,
  );
});
