import { Queue } from 'bullmq';
import { createHmac } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { createTestEnvironment, REDIS_URL, TestEnvironment } from './support/test-environment';
import { RunningApi, RunningProcess, startApi, startWorker } from './support/processes';
import { apiKeyHeaders, createWorkspace, Credentials, post } from './support/http-client';
import { eventually } from './support/eventually';
import { seedDocument } from './support/seed';
import { WebhookReceiver } from './support/webhook-receiver';

const LONG = 120_000;
/** Short locks so a step held by a killed worker is taken over quickly, a fast sweep and short retries. */
const WORKER_ENV = {
  WORKFLOW_LOCK_DURATION_MS: '2000',
  WORKFLOW_STALLED_INTERVAL_MS: '1000',
  WORKFLOW_SWEEP_INTERVAL_MS: '500',
  WORKFLOW_RETRY_DELAY_MS: '100',
  WORKFLOW_STEP_MAX_ATTEMPTS: '3',
  WEBHOOK_RETRY_SCHEDULE_MS: '200,200',
  WEBHOOK_SWEEP_INTERVAL_MS: '500',
};
const SECRET = 'receiver-secret-0123456789';

interface StepView {
  stepId: string;
  nodeId: string;
  nodeType: string;
  status: string;
  groupId: string | null;
  output: Record<string, unknown>;
  error: { code: string; message: string } | null;
}

interface ExecutionView {
  executionId: string;
  status: string;
  definitionVersion: number;
  failureReason: { code: string; message: string } | null;
  steps: StepView[];
}

interface EventView {
  eventId: string;
  seq: number;
  type: string;
  stepId: string | null;
  data?: Record<string, unknown>;
}

describe('review workflows (Velt approval engine)', () => {
  let world: TestEnvironment;
  let api: RunningApi;
  let worker: RunningProcess | null = null;
  let who: Credentials;
  const receivers: WebhookReceiver[] = [];

  const call = <T = unknown>(path: string, data: unknown, as: Credentials = who) =>
    post<T>(api.url, path, data, apiKeyHeaders(as));

  async function receiver(): Promise<WebhookReceiver> {
    const started = await WebhookReceiver.start();
    receivers.push(started);
    return started;
  }

  async function define(definition: Record<string, unknown>): Promise<void> {
    const created = await call('/v2/workflow/definitions/create', definition);
    expect(created.body.error).toBeUndefined();
    expect(created.status).toBe(200);
  }

  async function dispatch(data: Record<string, unknown>): Promise<string> {
    const dispatched = await call<{ executionId: string; deduplicated: boolean }>(
      '/v2/workflow/executions/dispatch',
      data,
    );
    expect(dispatched.status).toBe(200);
    return dispatched.body.result.data.executionId;
  }

  async function execution(executionId: string): Promise<ExecutionView> {
    const got = await call<ExecutionView>('/v2/workflow/executions/get', { executionId });
    expect(got.status).toBe(200);
    return got.body.result.data;
  }

  /** Waits until the execution has a step of `nodeId` in `status` (the newest one), and returns it. */
  async function stepOf(executionId: string, nodeId: string, status: string, count = 1): Promise<StepView> {
    return eventually(
      async () => {
        const steps = (await execution(executionId)).steps.filter((step) => step.nodeId === nodeId);
        const matching = steps.filter((step) => step.status === status);
        if (steps.length < count || matching.length === 0 || steps[count - 1].status !== status)
          throw new Error(`${nodeId}: ${JSON.stringify(steps.map((step) => step.status))}`);
        return steps[count - 1];
      },
      { timeoutMs: 30_000, intervalMs: 100 },
    );
  }

  async function finished(executionId: string): Promise<ExecutionView> {
    return eventually(
      async () => {
        const view = await execution(executionId);
        if (view.status === 'running' || view.status === 'pending') throw new Error(`still ${view.status}`);
        return view;
      },
      { timeoutMs: 40_000, intervalMs: 100 },
    );
  }

  async function events(executionId: string): Promise<EventView[]> {
    const all: EventView[] = [];
    let sinceSeq = 0;
    for (;;) {
      const page = await call<{ events: EventView[]; nextCursor: number; hasMore: boolean }>(
        '/v2/workflow/executions/getEvents',
        { executionId, sinceSeq, pageSize: 3 },
      );
      expect(page.status).toBe(200);
      all.push(...page.body.result.data.events);
      sinceSeq = page.body.result.data.nextCursor;
      if (!page.body.result.data.hasMore) return all;
    }
  }

  const decide = (executionId: string, stepId: string, reviewerId: string, decision: 'approve' | 'reject') =>
    call<{ recorded: boolean; aggregatorStatus: string; resumeScheduled: boolean; rejectionReason?: string }>(
      '/v2/workflow/steps/recordReviewerDecision',
      { executionId, stepId, reviewerId, decision, reason: `${reviewerId} says ${decision}` },
    );

  beforeAll(async () => {
    world = await createTestEnvironment();
    // Both processes enqueue steps (dispatch and decisions in the API), so both get the retry settings.
    api = await startApi(world.env, WORKER_ENV);
    worker = await startWorker(world.env, WORKER_ENV);
    who = await createWorkspace(api.url);
  }, LONG);

  afterAll(async () => {
    await worker?.stop();
    await api?.stop();
    for (const started of receivers) await started.down();
    await world?.dispose();
  }, LONG);

  it(
    'runs a two-reviewer human step, an async webhook step and a reject loop to completion; its event stream is gap-free and matches the signed webhooks',
    async () => {
      const author = await receiver();
      const publisher = await receiver();
      const events$ = await receiver();
      await define({
        definitionId: 'copy-review',
        name: 'Copy review',
        nodes: [
          { nodeId: 'draft', type: 'webhook', config: { url: author.url('/draft'), mode: 'async' } },
          {
            nodeId: 'review',
            type: 'human',
            config: {
              reviewers: [
                { userId: 'u_legal', mandatory: true },
                { userId: 'u_brand', mandatory: true },
              ],
            },
          },
          { nodeId: 'publish', type: 'webhook', config: { url: publisher.url('/publish') } },
        ],
        edges: [
          { from: 'draft', to: 'review' },
          { from: 'review', to: 'publish', on: 'approve' },
          { from: 'review', to: 'draft', on: 'reject', loop: { maxIterations: 2 } },
        ],
      });
      const executionId = await dispatch({
        definitionId: 'copy-review',
        triggerContext: { documentUrl: 'https://example.com/doc' },
        webhookUrl: events$.url('/events'),
        webhookSecret: SECRET,
      });

      // Iteration 1: the author's async webhook is called back through steps/resolve, then one reviewer rejects.
      const draft1 = await stepOf(executionId, 'draft', 'waiting');
      expect(author.received).toHaveLength(1);
      const firstCall = author.json<{ executionId: string; stepId: string; callback: { stepId: string } }>(0);
      expect(firstCall).toMatchObject({ executionId, stepId: draft1.stepId, callback: { stepId: draft1.stepId } });
      expect(author.received[0].headers['x-svc-signature']).toBe(
        `sha256=${createHmac('sha256', SECRET).update(author.received[0].body).digest('hex')}`,
      );
      const resolved = await call('/v2/workflow/steps/resolve', {
        executionId,
        stepId: draft1.stepId,
        action: 'force-complete',
        actorId: 'author-service',
        output: { text: 'first draft' },
      });
      expect(resolved.status).toBe(200);
      const review1 = await stepOf(executionId, 'review', 'waiting');
      expect((await decide(executionId, review1.stepId, 'u_legal', 'approve')).body.result.data).toEqual({
        recorded: true,
        aggregatorStatus: 'pending',
        resumeScheduled: false,
      });
      expect((await decide(executionId, review1.stepId, 'u_legal', 'approve')).body.result.data).toMatchObject({
        recorded: false,
        rejectionReason: 'idempotent',
      });
      expect((await decide(executionId, review1.stepId, 'u_nobody', 'approve')).body.result.data).toMatchObject({
        recorded: false,
        rejectionReason: 'unknown-responder',
      });
      expect((await decide(executionId, review1.stepId, 'u_brand', 'reject')).body.result.data).toEqual({
        recorded: true,
        aggregatorStatus: 'rejected',
        resumeScheduled: true,
      });

      // Iteration 2: the draft is asked again with the rejection threaded in; both approve; publish runs once.
      const draft2 = await stepOf(executionId, 'draft', 'waiting', 2);
      expect(author.received).toHaveLength(2);
      const secondCall = author.json<{ input: { iteration: number; previousAttempts: Array<{ rejectedBy: string }> } }>(
        1,
      );
      expect(secondCall.input.iteration).toBe(2);
      expect(secondCall.input.previousAttempts).toEqual([expect.objectContaining({ rejectedBy: 'u_brand' })]);
      await call('/v2/workflow/steps/resolve', {
        executionId,
        stepId: draft2.stepId,
        action: 'force-complete',
        actorId: 'author-service',
        output: { text: 'second draft' },
      });
      const review2 = await stepOf(executionId, 'review', 'waiting', 2);
      await decide(executionId, review2.stepId, 'u_legal', 'approve');
      expect((await decide(executionId, review2.stepId, 'u_brand', 'approve')).body.result.data).toMatchObject({
        aggregatorStatus: 'resolved',
      });
      const done = await finished(executionId);
      expect(done.status).toBe('completed');
      expect(publisher.received).toHaveLength(1);
      expect(done.steps.map((step) => [step.nodeId, step.status])).toEqual([
        ['draft', 'completed'],
        ['review', 'completed'],
        ['draft', 'completed'],
        ['review', 'completed'],
        ['publish', 'completed'],
      ]);

      const stream = await events(executionId);
      expect(stream.map((event) => event.seq)).toEqual(stream.map((_, index) => index + 1));
      expect(stream.map((event) => event.type)).toEqual([
        'execution.dispatched',
        'step.awaiting-approval',
        'step.completed',
        'step.awaiting-approval',
        'step.completed',
        'loop.iteration-started',
        'step.awaiting-approval',
        'step.completed',
        'step.awaiting-approval',
        'step.completed',
        'step.completed',
        'execution.completed',
      ]);

      // Every event reached the execution's receiver, signed (Standard Webhooks, and Velt's sha256 body signature).
      const verifier = new Webhook(Buffer.from(SECRET, 'utf8').toString('base64'));
      const delivered = await eventually(
        () => {
          const unique = new Map<number, EventView>();
          for (const request of events$.received) {
            const headers = Object.fromEntries(
              Object.entries(request.headers).map(([name, value]) => [name, String(value)]),
            );
            const event = verifier.verify(request.body, headers) as EventView & { executionId: string };
            expect(event.executionId).toBe(executionId);
            expect(headers['x-svc-signature']).toBe(
              `sha256=${createHmac('sha256', SECRET).update(request.body).digest('hex')}`,
            );
            unique.set(event.seq, event);
          }
          if (unique.size < stream.length) throw new Error(`${unique.size} of ${stream.length} delivered`);
          return [...unique.values()].sort((a, b) => a.seq - b.seq);
        },
        { timeoutMs: 20_000, intervalMs: 100 },
      );
      expect(delivered.map(({ eventId, seq, type, stepId }) => ({ eventId, seq, type, stepId }))).toEqual(
        stream.map(({ eventId, seq, type, stepId }) => ({ eventId, seq, type, stepId })),
      );
    },
    LONG,
  );

  it(
    'starts nothing new for a duplicate dispatch with the same idempotency key',
    async () => {
      await define({
        definitionId: 'idempotent-run',
        name: 'Idempotent',
        nodes: [
          { nodeId: 'review', type: 'human', config: { reviewerIds: ['u1'] } },
          {
            nodeId: 'notify',
            type: 'notification',
            config: { channel: 'email', recipients: ['a@example.com'], bodyTemplate: 'x' },
          },
        ],
        edges: [{ from: 'review', to: 'notify', on: 'reject' }],
      });
      const data = { definitionId: 'idempotent-run', idempotencyKey: 'campaign-42-dispatch' };
      const answers = await Promise.all(
        [1, 2, 3].map(() =>
          call<{ executionId: string; deduplicated: boolean }>('/v2/workflow/executions/dispatch', data),
        ),
      );
      const ids = new Set(answers.map((answer) => answer.body.result.data.executionId));
      expect(ids.size).toBe(1);
      expect(answers.filter((answer) => !answer.body.result.data.deduplicated)).toHaveLength(1);
      const again = await call<{ executionId: string; deduplicated: boolean }>(
        '/v2/workflow/executions/dispatch',
        data,
      );
      expect(again.body.result.data).toMatchObject({ executionId: [...ids][0], deduplicated: true });
      const rows = await world.query<{ count: string }>(
        `SELECT count(*) FROM workflow_execution WHERE idempotency_key = 'campaign-42-dispatch'`,
      );
      expect(rows[0].count).toBe('1');
      await stepOf([...ids][0], 'review', 'waiting');
      expect((await execution([...ids][0])).steps).toHaveLength(1);
    },
    LONG,
  );

  it(
    'fires the breach route when a step passes its SLA',
    async () => {
      await define({
        definitionId: 'sla-escalation',
        name: 'SLA',
        nodes: [
          { nodeId: 'review', type: 'human', config: { reviewerIds: ['u1'] }, slaMs: 1500 },
          {
            nodeId: 'rework',
            type: 'notification',
            config: { channel: 'email', recipients: ['a@example.com'], bodyTemplate: 'rework' },
          },
          {
            nodeId: 'escalate',
            type: 'notification',
            config: {
              channel: 'email',
              recipients: ['boss@example.com'],
              bodyTemplate: 'Overdue: {{step.nodeId}} after {{execution.triggerContext.asset}}',
            },
          },
        ],
        edges: [
          { from: 'review', to: 'rework', on: 'reject' },
          {
            from: 'review',
            to: 'escalate',
            on: 'custom',
            when: JSON.stringify({ op: 'eq', args: [{ var: 'step.status' }, 'breached'] }),
          },
        ],
      });
      const executionId = await dispatch({ definitionId: 'sla-escalation', triggerContext: { asset: 'asset_8f3' } });
      const done = await finished(executionId);
      expect(done.status).toBe('completed');
      expect(done.steps.map((step) => [step.nodeId, step.status])).toEqual([
        ['review', 'breached'],
        ['escalate', 'completed'],
      ]);
      expect(done.steps[1].output.body).toBe('Overdue: escalate after asset_8f3');
      const types = (await events(executionId)).map((event) => event.type);
      expect(types).toEqual([
        'execution.dispatched',
        'step.awaiting-approval',
        'step.breached',
        'step.completed',
        'execution.completed',
      ]);
    },
    LONG,
  );

  it(
    'resolves a cancelOnQuorum group at quorum and cancels the rest',
    async () => {
      const reviewer = (nodeId: string) => ({ nodeId, type: 'human', config: { reviewerIds: [`u_${nodeId}`] } });
      await define({
        definitionId: 'quorum-review',
        name: 'Quorum',
        nodes: [
          { nodeId: 'start', type: 'agent', config: { agentId: '__mock__', urlPath: 'documentUrl' } },
          reviewer('legal'),
          reviewer('brand'),
          reviewer('finance'),
          {
            nodeId: 'rework',
            type: 'notification',
            config: { channel: 'email', recipients: ['a@example.com'], bodyTemplate: 'no' },
          },
          {
            nodeId: 'publish',
            type: 'notification',
            config: { channel: 'email', recipients: ['a@example.com'], bodyTemplate: 'yes' },
          },
        ],
        edges: [
          { from: 'start', to: { kind: 'group', groupId: 'panel' } },
          { from: 'legal', to: 'rework', on: 'reject' },
          { from: 'brand', to: 'rework', on: 'reject' },
          { from: 'finance', to: 'rework', on: 'reject' },
          { from: { kind: 'group', groupId: 'panel' }, to: 'publish', on: 'approve' },
        ],
        groups: [
          {
            groupId: 'panel',
            memberNodeIds: ['legal', 'brand', 'finance'],
            expectedSteps: 3,
            quorum: 2,
            onQuorumMet: 'cancelOnQuorum',
          },
        ],
      });
      const executionId = await dispatch({ definitionId: 'quorum-review' });
      const legal = await stepOf(executionId, 'legal', 'waiting');
      const brand = await stepOf(executionId, 'brand', 'waiting');
      await stepOf(executionId, 'finance', 'waiting');
      await decide(executionId, legal.stepId, 'u_legal', 'approve');
      await decide(executionId, brand.stepId, 'u_brand', 'approve');
      const done = await finished(executionId);
      expect(done.status).toBe('completed');
      const byNode = Object.fromEntries(done.steps.map((step) => [step.nodeId, step]));
      expect(byNode.finance.status).toBe('cancelled');
      expect(byNode.publish).toMatchObject({ status: 'completed', stepId: 'group_panel__to__publish' });
      expect(done.steps.filter((step) => step.nodeId === 'publish')).toHaveLength(1);
      expect(done.steps.some((step) => step.nodeId === 'rework')).toBe(false);
      const stream = await events(executionId);
      const quorum = stream.find((event) => event.type === 'group.quorum-met');
      expect(quorum?.data).toEqual({ groupId: 'panel', total: 2, quorum: 2, completedTotal: 2, expectedSteps: 3 });
      const cancelled = stream.find((event) => event.type === 'step.cancelled');
      expect(cancelled).toMatchObject({
        stepId: byNode.finance.stepId,
        data: { actorId: 'system:group-quorum', reason: 'group-quorum-met' },
      });
      // A decision after the quorum changes nothing.
      expect((await decide(executionId, byNode.finance.stepId, 'u_finance', 'approve')).body.result.data).toMatchObject(
        {
          recorded: false,
          rejectionReason: 'already-terminal',
        },
      );
    },
    LONG,
  );

  it(
    'cancel stops pending steps and a finished run stays as it was',
    async () => {
      await define({
        definitionId: 'cancel-me',
        name: 'Cancel',
        nodes: [
          { nodeId: 'review', type: 'human', config: { reviewerIds: ['u1'] } },
          {
            nodeId: 'next',
            type: 'notification',
            config: { channel: 'email', recipients: ['a@example.com'], bodyTemplate: 'x' },
          },
        ],
        edges: [{ from: 'review', to: 'next', on: 'reject' }],
      });
      const executionId = await dispatch({ definitionId: 'cancel-me' });
      const review = await stepOf(executionId, 'review', 'waiting');
      const cancelled = await call('/v2/workflow/executions/cancel', { executionId, reason: 'Campaign postponed' });
      expect(cancelled.body.result.data).toEqual({ cancelled: true, executionId });
      const view = await execution(executionId);
      expect(view.status).toBe('cancelled');
      expect(view.steps[0].status).toBe('cancelled');
      expect((await decide(executionId, review.stepId, 'u1', 'reject')).status).toBe(200);
      expect((await execution(executionId)).steps).toHaveLength(1);
      const again = await call('/v2/workflow/executions/cancel', { executionId });
      expect(again.body.result.data).toEqual({ cancelled: false, executionId });
      const types = (await events(executionId)).map((event) => event.type);
      expect(types.slice(-2)).toEqual(['step.cancelled', 'execution.cancelled']);
    },
    LONG,
  );

  it(
    'runs every step once when a worker is SIGKILLed in the middle of a webhook step',
    async () => {
      const slow = await receiver();
      // The first call is held long enough for the kill; the repeat answers at once.
      slow.reply = (_request, index) => ({ status: 200, delayMs: index === 0 ? 30_000 : 0 });
      await define({
        definitionId: 'crash-safe',
        name: 'Crash safe',
        nodes: [
          { nodeId: 'prepare', type: 'agent', config: { agentId: '__mock__', url: 'https://example.com' } },
          { nodeId: 'call', type: 'webhook', config: { url: slow.url('/slow'), timeoutMs: 60000 } },
          {
            nodeId: 'after',
            type: 'notification',
            config: { channel: 'email', recipients: ['a@example.com'], bodyTemplate: '{{input.httpStatus}}' },
          },
        ],
        edges: [
          { from: 'prepare', to: 'call' },
          { from: 'call', to: 'after' },
        ],
      });
      await worker!.stop();
      const victim = await startWorker(world.env, WORKER_ENV);
      worker = victim;
      const executionId = await dispatch({ definitionId: 'crash-safe' });
      await eventually(() => expect(slow.received).toHaveLength(1), { timeoutMs: 20_000 });
      await victim.stop('SIGKILL');
      worker = await startWorker(world.env, WORKER_ENV);
      const done = await finished(executionId);
      expect(done.status).toBe('completed');
      expect(done.steps.map((step) => [step.nodeId, step.status])).toEqual([
        ['prepare', 'completed'],
        ['call', 'completed'],
        ['after', 'completed'],
      ]);
      const runs = await world.query<{ node_id: string; runs: number }>(
        `SELECT node_id, runs FROM workflow_step WHERE execution_id = $1 ORDER BY created_at`,
        [executionId],
      );
      // The webhook was called again after the kill (with the same idempotency key); every other step ran once.
      expect(runs).toEqual([
        { node_id: 'prepare', runs: 1 },
        { node_id: 'call', runs: 2 },
        { node_id: 'after', runs: 1 },
      ]);
      expect(new Set(slow.received.map((request) => request.headers['idempotency-key'])).size).toBe(1);
      const stream = await events(executionId);
      expect(stream.map((event) => event.type)).toEqual([
        'execution.dispatched',
        'step.completed',
        'step.completed',
        'step.completed',
        'execution.completed',
      ]);
      expect(new Set(stream.map((event) => event.stepId).filter(Boolean)).size).toBe(3);
    },
    LONG,
  );

  it(
    "tells reviewers in their inbox, lists a reviewer's decisions in users/data/get and anonymises them with users/data/delete",
    async () => {
      await seedDocument(world, who.apiKey, 'acme', 'brief');
      await define({
        definitionId: 'gdpr-review',
        name: 'GDPR',
        nodes: [
          { nodeId: 'review', type: 'human', config: { reviewerIds: ['u_alice', 'u_bob'] } },
          {
            nodeId: 'rework',
            type: 'notification',
            config: { channel: 'email', recipients: ['a@example.com'], bodyTemplate: 'x' },
          },
        ],
        edges: [{ from: 'review', to: 'rework', on: 'reject' }],
      });
      const executionId = await dispatch({ definitionId: 'gdpr-review', organizationId: 'acme', documentId: 'brief' });
      const review = await stepOf(executionId, 'review', 'waiting');
      const inbox = await call<Array<Record<string, unknown>>>('/v2/notifications/get', {
        organizationId: 'acme',
        documentId: 'brief',
        userId: 'u_bob',
      });
      expect(inbox.body.result.data).toEqual([
        expect.objectContaining({
          displayHeadlineMessageTemplate: 'Review requested: review',
          notificationSource: 'workflow',
          notificationSourceData: expect.objectContaining({ executionId, stepId: review.stepId }) as object,
        }),
      ]);
      await decide(executionId, review.stepId, 'u_bob', 'approve');
      await decide(executionId, review.stepId, 'u_alice', 'reject');
      await finished(executionId);
      const exported = await call<{ workflows: Array<Record<string, unknown>> }>('/v2/users/data/get', {
        organizationId: 'acme',
        userId: 'u_alice',
      });
      expect(exported.body.result.data.workflows).toEqual([
        {
          executionId,
          definitionId: 'gdpr-review',
          stepId: review.stepId,
          decision: 'reject',
          reason: 'u_alice says reject',
          createdAt: expect.any(Number) as number,
        },
      ]);
      const started = await call<{ jobId: string }>('/v2/users/data/delete', { userIds: ['u_alice'] });
      expect(started.status).toBe(200);
      await eventually(
        async () => {
          const status = await call<{ isDeleteCompleted: boolean }>('/v2/users/data/delete/status', {
            jobId: started.body.result.data.jobId,
          });
          expect(status.body.result.data.isDeleteCompleted).toBe(true);
        },
        { timeoutMs: 30_000, intervalMs: 200 },
      );
      const after = await call<{ workflows: unknown[] }>('/v2/users/data/get', {
        organizationId: 'acme',
        userId: 'u_alice',
      });
      expect(after.body.result.data.workflows).toEqual([]);
      const mentions = await world.query<{ n: string }>(
        `SELECT (SELECT count(*) FROM workflow_step_response WHERE responder_id = 'u_alice' OR response_key = 'u_alice')
            + (SELECT count(*) FROM workflow_event WHERE actor_id = 'u_alice')
            + (SELECT count(*) FROM workflow_step WHERE output->>'rejectedBy' = 'u_alice') AS n`,
      );
      expect(mentions[0].n).toBe('0');
      // Bob's decision, and the decisions themselves, stay.
      const kept = await world.query<{ responder_id: string; decision: string }>(
        `SELECT responder_id, decision FROM workflow_step_response WHERE execution_id = $1 ORDER BY decision`,
        [executionId],
      );
      expect(kept).toEqual([
        { responder_id: 'u_bob', decision: 'approve' },
        { responder_id: '', decision: 'reject' },
      ]);
    },
    LONG,
  );

  it(
    'retries a webhook step on 5xx, fails it on 4xx or when its attempts run out, and routes the failure',
    async () => {
      const flaky = await receiver();
      flaky.reply = (request, index) => ({ status: request.headers['x-svc-step-id'] && index < 2 ? 503 : 200 });
      const broken = await receiver();
      broken.reply = () => ({ status: 500 });
      const refusing = await receiver();
      refusing.reply = () => ({ status: 404 });
      const notify = {
        channel: 'email',
        recipients: ['ops@example.com'],
        bodyTemplate: 'failed: {{input.httpStatus}}',
      };
      await define({
        definitionId: 'flaky-hooks',
        name: 'Flaky',
        nodes: [{ nodeId: 'call', type: 'webhook', config: { url: flaky.url('/flaky') } }],
        edges: [],
      });
      await define({
        definitionId: 'broken-hooks',
        name: 'Broken',
        nodes: [{ nodeId: 'call', type: 'webhook', config: { url: broken.url('/broken') } }],
        edges: [],
      });
      await define({
        definitionId: 'refused-hooks',
        name: 'Refused',
        nodes: [
          { nodeId: 'call', type: 'webhook', config: { url: refusing.url('/refused') } },
          { nodeId: 'alert', type: 'notification', config: notify },
        ],
        edges: [{ from: 'call', to: 'alert' }],
      });
      const [flakyRun, brokenRun, refusedRun] = await Promise.all(
        ['flaky-hooks', 'broken-hooks', 'refused-hooks'].map((definitionId) => dispatch({ definitionId })),
      );
      const flakyDone = await finished(flakyRun);
      expect(flakyDone.status).toBe('completed');
      expect(flaky.received).toHaveLength(3);
      const brokenDone = await finished(brokenRun);
      expect(brokenDone).toMatchObject({ status: 'failed', failureReason: { code: 'step-failed' } });
      expect(brokenDone.steps[0]).toMatchObject({
        status: 'failed',
        error: { code: 'webhook-retryable', message: 'The receiver answered 500.' },
      });
      expect(broken.received).toHaveLength(3);
      expect((await events(brokenRun)).map((event) => event.type)).toEqual([
        'execution.dispatched',
        'step.failed',
        'execution.failed',
      ]);
      // A 4xx is the caller's configuration: no retry; the failure takes the always route.
      const refusedDone = await finished(refusedRun);
      expect(refusedDone.status).toBe('completed');
      expect(refusedDone.steps.map((step) => [step.nodeId, step.status])).toEqual([
        ['call', 'failed'],
        ['alert', 'completed'],
      ]);
      expect(refusedDone.steps[1].output.body).toBe('failed: 404');
      expect(refusing.received).toHaveLength(1);
    },
    LONG,
  );

  it(
    'stops a loop at maxIterations and takes its exhausted route, or fails the run without one',
    async () => {
      const nodes = [
        { nodeId: 'draft', type: 'agent', config: { agentId: '__mock__', url: 'https://example.com' } },
        { nodeId: 'boss', type: 'human', config: { reviewerIds: ['u_boss'] } },
        {
          nodeId: 'publish',
          type: 'notification',
          config: { channel: 'email', recipients: ['a@example.com'], bodyTemplate: 'ok' },
        },
        {
          nodeId: 'escalate',
          type: 'notification',
          config: { channel: 'email', recipients: ['b@example.com'], bodyTemplate: 'escalated' },
        },
      ];
      const edges = [
        { from: 'draft', to: 'boss' },
        { from: 'boss', to: 'publish', on: 'approve' },
        { from: 'boss', to: 'draft', on: 'reject', loop: { maxIterations: 1 } },
      ];
      await define({
        definitionId: 'capped-loop',
        name: 'Capped',
        nodes,
        edges: [...edges, { from: 'boss', to: 'escalate', on: 'exhausted' }],
      });
      await define({ definitionId: 'capped-loop-bare', name: 'Capped, no route', nodes: nodes.slice(0, 3), edges });
      for (const [definitionId, outcome] of [
        ['capped-loop', 'completed'],
        ['capped-loop-bare', 'failed'],
      ]) {
        const executionId = await dispatch({ definitionId });
        for (const round of [1, 2]) {
          const boss = await stepOf(executionId, 'boss', 'waiting', round);
          await decide(executionId, boss.stepId, 'u_boss', 'reject');
        }
        const done = await finished(executionId);
        expect(done.status).toBe(outcome);
        const stream = await events(executionId);
        expect(stream.filter((event) => event.type.startsWith('loop.'))).toEqual([
          expect.objectContaining({
            type: 'loop.iteration-started',
            data: { loopId: 'loop_boss__to__draft', iteration: 2, triggeredBy: 'rejection' },
          }),
          expect.objectContaining({
            type: 'loop.exhausted',
            data: {
              loopId: 'loop_boss__to__draft',
              iteration: 2,
              lastRejectedBy: 'u_boss',
              lastRejectionReason: 'u_boss says reject',
            },
          }),
        ]);
        expect(done.steps.filter((step) => step.nodeId === 'draft')).toHaveLength(2);
        if (outcome === 'completed')
          expect(done.steps.at(-1)).toMatchObject({ nodeId: 'escalate', status: 'completed' });
        else expect(done.failureReason?.code).toBe('loop-exhausted');
      }
    },
    LONG,
  );

  it(
    'breaches a step whose SLA job was lost: the sweep finds it by its deadline',
    async () => {
      await define({
        definitionId: 'sla-lost-job',
        name: 'SLA, lost job',
        nodes: [
          { nodeId: 'review', type: 'human', config: { reviewerIds: ['u1'] }, slaMs: 1000 },
          {
            nodeId: 'after',
            type: 'notification',
            config: { channel: 'email', recipients: ['a@example.com'], bodyTemplate: 'x' },
          },
        ],
        edges: [
          { from: 'review', to: 'after', on: 'always' },
          { from: 'review', to: 'after', on: 'reject' },
        ],
      });
      const executionId = await dispatch({ definitionId: 'sla-lost-job' });
      await stepOf(executionId, 'review', 'waiting');
      const [{ key }] = await world.query<{ key: string }>('SELECT key FROM workflow_step WHERE execution_id = $1', [
        executionId,
      ]);
      const queue = new Queue('workflow', { connection: { url: REDIS_URL }, prefix: `${world.name}:bull` });
      try {
        const slaJob = await queue.getJob(`sla-${key}`);
        expect(slaJob).toBeDefined();
        await slaJob!.remove();
      } finally {
        await queue.close();
      }
      const done = await finished(executionId);
      expect(done.steps.map((step) => [step.nodeId, step.status])).toEqual([
        ['review', 'breached'],
        ['after', 'completed'],
      ]);
    },
    LONG,
  );
});
