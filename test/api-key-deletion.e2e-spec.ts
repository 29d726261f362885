import { eventually } from './support/eventually';
import { apiKeyHeaders, createWorkspace, Credentials, post, workspaceHeaders } from './support/http-client';
import { RunningApi, RunningProcess, startApi, startWorker } from './support/processes';
import { createTestEnvironment, TestEnvironment } from './support/test-environment';

const LONG = 120_000;

/** The tables this issue found keeping a deleted key's rows; each must hold some before the deletion, so the walk proves something. */
const ONCE_LEFT_BEHIND = [
  'audit_event',
  'crdt_version_policy',
  'webhook_delivery',
  'webhook_event',
  'workflow_agent_endpoint',
  'workflow_definition',
  'workflow_definition_version',
  'workflow_event',
  'workflow_execution',
  'workflow_step',
  'workflow_step_response',
];

/** Deleting an API key's row deletes every row keyed by it, in every table, and nothing of another key. */
describe('API key deletion', () => {
  let world: TestEnvironment;
  let api: RunningApi;
  let worker: RunningProcess;

  const call = async <T = unknown>(who: Credentials, path: string, data: unknown): Promise<T> => {
    const response = await post<T>(api.url, path, data, apiKeyHeaders(who));
    expect([path, response.status, response.body.error]).toEqual([path, 200, undefined]);
    return response.body.result.data;
  };

  /** Rows in each table with an API-key column (from information_schema, so a new table is walked too). */
  async function rowsByTable(apiKeyId: string): Promise<Record<string, number>> {
    const tables = await world.query<{ table_name: string }>(
      `SELECT table_name FROM information_schema.columns
        WHERE table_schema = 'public' AND column_name = 'api_key_id' ORDER BY table_name`,
    );
    const counts: Record<string, number> = {};
    for (const { table_name: table } of tables) {
      const [row] = await world.query<{ n: string }>(`SELECT count(*) AS n FROM "${table}" WHERE api_key_id = $1`, [
        apiKeyId,
      ]);
      counts[table] = Number(row.n);
    }
    return counts;
  }

  /** Organizations, documents, users, comments with webhook history, version policy, a workflow run with a decision, an agent endpoint. */
  async function populate(who: Credentials): Promise<void> {
    const doc = { organizationId: 'acme', documentId: 'plan' };
    await call(who, '/v2/organizations/documents/add', {
      organizationId: 'acme',
      createOrganization: true,
      documents: [{ documentId: 'plan' }],
    });
    await call(who, '/v2/users/add', { organizationId: 'acme', users: [{ userId: 'ann', accessRole: 'editor' }] });
    await call(who, '/v2/workspace/webhookconfig/update', {
      useWebhookService: true,
      webhookServiceConfig: { rawNotificationUrl: 'http://127.0.0.1:9/raw' },
    });
    await call(who, '/v2/commentannotations/add', {
      ...doc,
      commentAnnotations: [
        {
          annotationId: 'a1',
          commentData: [{ commentText: 'hello', from: { userId: 'ann' }, triggerNotification: true }],
        },
      ],
    });
    await call(who, '/v2/crdt/versions/config/update', { automaticMinutes: 30 });
    await call(who, '/v2/workflow/agentendpoint/update', { url: 'https://example.com/agent' });
    await call(who, '/v2/workflow/definitions/create', {
      definitionId: 'review',
      name: 'Review',
      nodes: [
        { nodeId: 'review', type: 'human', config: { reviewerIds: ['u1', 'u2'] } },
        {
          nodeId: 'notify',
          type: 'notification',
          config: { channel: 'email', recipients: ['a@example.com'], bodyTemplate: 'x' },
        },
      ],
      edges: [{ from: 'review', to: 'notify', on: 'reject' }],
    });
    const { executionId } = await call<{ executionId: string }>(who, '/v2/workflow/executions/dispatch', {
      definitionId: 'review',
    });
    const stepId = await eventually(
      async () => {
        const { steps } = await call<{ steps: Array<{ stepId: string; status: string }> }>(
          who,
          '/v2/workflow/executions/get',
          { executionId },
        );
        if (steps[0]?.status !== 'waiting') throw new Error(`step not waiting: ${JSON.stringify(steps)}`);
        return steps[0].stepId;
      },
      { timeoutMs: 30_000, intervalMs: 100 },
    );
    await call(who, '/v2/workflow/steps/recordReviewerDecision', {
      executionId,
      stepId,
      reviewerId: 'u1',
      decision: 'approve',
      reason: 'fine',
    });
    // The audit queue's worker records the rename.
    const renamed = await post(
      api.url,
      '/v2/workspace/apikey/update',
      { apiKey: who.apiKey, apiKeyName: 'renamed' },
      workspaceHeaders(who),
    );
    expect([renamed.status, renamed.body.error]).toEqual([200, undefined]);
    await eventually(
      async () => {
        const [row] = await world.query<{ n: string }>('SELECT count(*) AS n FROM audit_event WHERE api_key_id = $1', [
          who.apiKey,
        ]);
        expect(Number(row.n)).toBeGreaterThan(0);
      },
      { timeoutMs: 30_000, intervalMs: 100 },
    );
  }

  beforeAll(async () => {
    world = await createTestEnvironment();
    api = await startApi(world.env);
    worker = await startWorker(world.env, { WORKER_QUEUES: 'audit,workflow' });
  }, LONG);

  afterAll(async () => {
    await worker?.stop();
    await api?.stop();
    await world?.dispose();
  }, LONG);

  it(
    'leaves no row of the key in any table with an API-key column, workflow tables included, and keeps the other key whole',
    async () => {
      const doomed = await createWorkspace(api.url);
      const kept = await createWorkspace(api.url);
      await populate(doomed);
      await populate(kept);
      const before = await rowsByTable(doomed.apiKey);
      const left = ONCE_LEFT_BEHIND.filter((table) => !(before[table] > 0));
      expect(left).toEqual([]);
      const keptBefore = await rowsByTable(kept.apiKey);

      await world.query('DELETE FROM api_key WHERE id = $1', [doomed.apiKey]);

      const after = await rowsByTable(doomed.apiKey);
      expect(Object.entries(after).filter(([, n]) => n > 0)).toEqual([]);
      expect(Object.keys(after)).toEqual(Object.keys(before));
      expect(await rowsByTable(kept.apiKey)).toEqual(keptBefore);
    },
    LONG,
  );
});
