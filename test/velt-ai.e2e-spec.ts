import { apiKeyHeaders, createWorkspace, Credentials, Envelope, post } from './support/http-client';
import { ModelStub } from './support/model-stub';
import { eventually } from './support/eventually';
import { RunningApi, RunningProcess, startApi, startWorker } from './support/processes';
import { seedDocument, seedEditors } from './support/seed';
import { createTestEnvironment, TestEnvironment } from './support/test-environment';
import { tinyPdf } from './support/tiny-pdf';
import { requestData, veltPage } from './support/velt-fixtures';

const LONG = 90_000;

/** Velt's example ids, replaced in each example by the ids of what this suite created. */
const EXAMPLE_AGENT = 'abc123def456';
const EXAMPLE_OTHER_AGENT = 'xyz789ghi012';
const EXAMPLE_LISTED_AGENT = 'agent_brand_check';
const EXAMPLE_GROUP = 'K3mR7pQxN2vB9wLdT4sY';
const EXAMPLE_EXECUTION = 'exec_1711900000000_abc123def456';

interface Answer {
  status: number;
  body: Envelope<Record<string, unknown>>;
}

/** Velt's example body of a page: what our envelope carries as `result`. */
const veltResult = (name: string) =>
  (veltPage('v2', name).responseExample as unknown as { result: { message?: string; data?: Record<string, unknown> } })
    .result;

describe("Velt's AI examples replayed (agents, rewriter)", () => {
  let world: TestEnvironment;
  let stub: ModelStub;
  let api: RunningApi;
  let who: Credentials;
  const ids: Record<string, string> = {};

  const call = (path: string, data: unknown): Promise<Answer> =>
    post<Record<string, unknown>>(api.url, path, data, apiKeyHeaders(who));

  /** The page's examples with Velt's ids replaced by ours. */
  const examples = (name: string): Array<Record<string, unknown>> =>
    veltPage('v2', name).requestExamples.map(
      (example) =>
        JSON.parse(
          JSON.stringify(requestData(example)).replace(
            /"(abc123def456|xyz789ghi012|agent_brand_check|K3mR7pQxN2vB9wLdT4sY|exec_1711900000000_abc123def456)"/g,
            (_, id: string) => JSON.stringify(ids[id] ?? id),
          ),
        ) as Record<string, unknown>,
    );

  /** Sends every example of a page; each answers 200 with Velt's message and at least the data keys of Velt's example. */
  async function replay(
    name: string,
    options: { message?: (data: Record<string, unknown>) => string; dataKeys?: string[] } = {},
  ): Promise<Answer[]> {
    const velt = veltResult(name);
    const answers: Answer[] = [];
    for (const data of examples(name)) {
      const answer = await call(veltPage('v2', name).path, data);
      expect([answer.status, answer.body.error]).toEqual([200, undefined]);
      expect(answer.body.result.message).toBe(options.message?.(data) ?? velt.message);
      for (const key of options.dataKeys ?? Object.keys(velt.data ?? {}))
        expect(answer.body.result.data).toHaveProperty(key);
      answers.push(answer);
    }
    return answers;
  }

  beforeAll(async () => {
    world = await createTestEnvironment();
    stub = await ModelStub.start();
    api = await startApi(world.env, { AI_BASE_URL: stub.url, AI_CHAT_MODEL: 'stub-chat', AI_TIMEOUT_MS: '5000' });
    who = await createWorkspace(api.url);
    await seedDocument(world, who.apiKey, 'org_001', 'doc_001');
  }, LONG);

  afterAll(async () => {
    await api?.stop();
    await stub?.close();
    await world?.dispose();
  }, LONG);

  it("creates the create page's agents: minimal, cross-page with Memory-RAG, REST context, MCP tools", async () => {
    const created = await replay('agents-create');
    [ids[EXAMPLE_AGENT], ids[EXAMPLE_OTHER_AGENT]] = created.map((answer) => answer.body.result.data.agentId as string);
    ids[EXAMPLE_LISTED_AGENT] = ids[EXAMPLE_AGENT];
  });

  it('answers the group pages in their shapes', async () => {
    const [created] = await replay('agents-groups-create');
    ids[EXAMPLE_GROUP] = (created.body.result.data.group as { id: string }).id;
    expect(created.body.result.data.group).toMatchObject({
      name: 'Brand QA',
      agentIds: [ids[EXAMPLE_AGENT], 'spell-check'],
      metadata: { apiKey: who.apiKey, organizationId: 'org_001', documentId: 'doc_001', team: 'growth' },
    });
    await replay('agents-groups-get');
    const [listed] = await replay('agents-groups-list');
    expect(listed.body.result.data.groups).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: ids[EXAMPLE_GROUP], agentCount: 2 })]) as unknown,
    );
    await replay('agents-groups-update');
    const [added] = await replay('agents-groups-add-agents');
    expect((added.body.result.data.group as { agentIds: string[] }).agentIds).toEqual([
      ids[EXAMPLE_AGENT],
      'spell-check',
      ids[EXAMPLE_OTHER_AGENT],
      'grammar-check',
    ]);
    await replay('agents-groups-remove-agents');
  });

  it('answers the agent and version pages in their shapes', async () => {
    const [single, builtIn, all, custom, grouped] = await replay('agents-get', {
      // Velt's page shows the single-agent answer; its list examples answer `agents`, as its list response shows.
      message: (data) => (data.agentId ? 'Agent fetched successfully' : 'Agents fetched successfully'),
      dataKeys: [],
    });
    expect(single.body.result.data.agent).toMatchObject({ id: ids[EXAMPLE_AGENT], managedBy: 'customer', version: 1 });
    expect(builtIn.body.result.data.agent).toMatchObject({ id: 'spell-check', managedBy: 'velt', system: true });
    for (const list of [all, custom, grouped]) expect(list.body.result.data).toHaveProperty('agents');
    await replay('agents-update');
    const versions = await replay('agents-version-update');
    expect(versions.map((answer) => answer.body.result.data.version)).toEqual([2, 3, 4]);
    const [listed] = await replay('agents-versions-list');
    expect((listed.body.result.data.versions as Array<{ id: string }>).map((v) => v.id)).toEqual([
      'v4',
      'v3',
      'v2',
      'v1',
    ]);
    const [restored] = await replay('agents-versions-restore');
    expect(restored.body.result.data).toEqual({ version: 3 });
  });

  it('answers the execution pages in their shapes (each run on its own agent: one agent runs once per document at a time)', async () => {
    const runs: Answer[] = [];
    for (const data of examples('agents-execution-run')) {
      const agent = await call('/v2/agents/create', {
        name: 'Runner',
        description: 'd',
        enabled: true,
        instructions: 'i',
        contextGathering: { strategies: ['web-page-text'] },
        execution: {},
      });
      const answer = await call('/v2/agents/execution/run', { ...data, agentId: agent.body.result.data.agentId });
      expect([answer.status, answer.body.result?.message]).toEqual([200, veltResult('agents-execution-run').message]);
      runs.push(answer);
    }
    ids[EXAMPLE_EXECUTION] = runs[0].body.result.data.executionId as string;
    const [plain, withResults] = await replay('agents-execution-get', { dataKeys: ['execution'] });
    expect(plain.body.result.data.execution).toMatchObject({
      id: ids[EXAMPLE_EXECUTION],
      status: 'running',
      completedAt: null,
    });
    expect(withResults.body.result.data.results).toEqual([]);
    // The second list example carries a placeholder token, which is refused as any foreign token is.
    const [byDocument, placeholder, ...rest] = examples('agents-execution-list');
    expect((await call('/v2/agents/execution/list', byDocument)).body.result.data.executions).toHaveLength(runs.length);
    expect((await call('/v2/agents/execution/list', placeholder)).body.error?.status).toBe('INVALID_ARGUMENT');
    for (const data of rest) expect((await call('/v2/agents/execution/list', data)).status).toBe(200);
    const counts = await replay('agents-execution-count', { dataKeys: [] });
    expect(counts[0].body.result.data).toEqual({
      counts: { [ids[EXAMPLE_AGENT]]: 0, 'spell-check': 0, 'broken-links': 0 },
    });
    expect(counts[2].body.result.data).toEqual({ total: runs.length });
    await replay('agents-analytics-get', { dataKeys: ['analytics'] });
  });

  it('answers the model-backed pages from the model: prompt tools, config/resolve, extract (text files) and the rewriter', async () => {
    await replay('agents-prompt-enhance');
    await replay('agents-prompt-validate');
    await replay('agents-prompt-refine');
    await replay('agents-config-resolve');
    const [csv, pdf] = examples('agents-extract');
    const extracted = await call('/v2/agents/extract', csv);
    expect([extracted.status, extracted.body.result.message]).toEqual([200, veltResult('agents-extract').message]);
    expect((await call('/v2/agents/extract', pdf)).body.error?.status).toBe('INVALID_ARGUMENT');
    for (const data of examples('rewriter-ask-ai')) {
      const answer = await post(api.url, '/v2/rewriter/ask-ai', data, apiKeyHeaders(who));
      // A reasoning model's answer echoes the prompt too: it came inside the user message.
      expect(answer.body).toEqual({
        result: { success: true, text: expect.stringContaining(data.text as string) as unknown },
      });
    }
  });

  it('deletes a group and an agent as the delete pages do, idempotently for agents', async () => {
    await replay('agents-groups-delete');
    await replay('agents-delete');
    await replay('agents-delete');
    expect((await call('/v2/agents/get', { agentId: ids[EXAMPLE_AGENT] })).status).toBe(404);
  });
});

/** Velt's memory example ids, replaced by what this suite created. */
const MEMORY_EXAMPLE_IDS = ['src_9a8...', 'src_2b1...', 'gs://bucket/path/original.pdf', 'JVBERi0xLjQK...'];

/** The keys of Velt's example that ours lacks, one level down and into the first item of lists. */
function missingKeys(velt: unknown, ours: unknown, path = 'result'): string[] {
  if (Array.isArray(velt)) {
    if (!Array.isArray(ours)) return [`${path}: not a list`];
    return velt.length > 0 && ours.length > 0 ? missingKeys(velt[0], ours[0], `${path}[]`) : [];
  }
  if (typeof velt !== 'object' || velt === null) return [];
  if (typeof ours !== 'object' || ours === null) return [`${path}: not an object`];
  return Object.keys(velt).flatMap((key) => (key in ours ? [] : [`${path}.${key}`]));
}

describe("Velt's memory examples replayed", () => {
  let world: TestEnvironment;
  let stub: ModelStub;
  let api: RunningApi;
  let worker: RunningProcess;
  let who: Credentials;
  const ids: Record<string, string> = {};

  const call = (path: string, data: unknown): Promise<Answer> =>
    post<Record<string, unknown>>(api.url, path, data, apiKeyHeaders(who));

  const examples = (name: string): Array<Record<string, unknown>> =>
    veltPage('v2', name).requestExamples.map((example) => {
      const data = requestData(example);
      const json = JSON.stringify(data).replace(/"([^"]+)"/g, (quoted, value: string) =>
        MEMORY_EXAMPLE_IDS.includes(value) && ids[value] ? JSON.stringify(ids[value]) : quoted,
      );
      return JSON.parse(json) as Record<string, unknown>;
    });

  /** Sends every example of a page: each answers 200 with at least the keys of Velt's example under `result.data`. */
  async function replay(name: string, { skipKeys = [] as string[] } = {}): Promise<Answer[]> {
    const velt = (veltPage('v2', name).responseExample as { result: unknown }).result;
    const answers: Answer[] = [];
    for (const data of examples(name)) {
      const answer = await call(veltPage('v2', name).path, data);
      expect([name, answer.status, answer.body.error]).toEqual([name, 200, undefined]);
      expect(missingKeys(velt, answer.body.result.data).filter((key) => !skipKeys.includes(key))).toEqual([]);
      answers.push(answer);
    }
    return answers;
  }

  async function completed(sourceId: string): Promise<void> {
    await eventually(
      async () => {
        const status = await call('/v2/memory/knowledge/ingest-status', { sourceId });
        if (status.body.result.data.status !== 'completed') throw new Error('not completed');
      },
      { timeoutMs: 30_000, intervalMs: 100 },
    );
  }

  beforeAll(async () => {
    world = await createTestEnvironment();
    stub = await ModelStub.start();
    const env = { ...world.env, AI_BASE_URL: stub.url, MEMORY_SWEEP_INTERVAL_MS: '500' };
    [api, worker] = await Promise.all([startApi(env), startWorker(env)]);
    who = await createWorkspace(api.url);
    await seedDocument(world, who.apiKey, 'org_eu', 'doc_eu');
    await seedEditors(api.url, who, 'org_eu', ['u_sarah', 'u_omar']);
    // Sarah's decisions, as the search and query pages look for them: a thread and a rejection of its claim.
    await call('/v2/commentannotations/add', {
      organizationId: 'org_eu',
      documentId: 'doc_eu',
      commentAnnotations: [
        {
          annotationId: 'annotation_123',
          commentData: [{ commentText: "Claim 'clinically proven' lacks a citation.", from: { userId: 'u_omar' } }],
        },
      ],
      triggerNotification: true,
    });
    for (const icon of ['👎', '👍'])
      await call('/v2/commentannotations/comments/reactions/add', {
        organizationId: 'org_eu',
        documentId: 'doc_eu',
        annotationId: 'annotation_123',
        commentId: 1,
        icons: [icon],
        from: { userId: icon === '👎' ? 'u_sarah' : 'u_omar' },
        triggerNotification: true,
      });
    // An alert as the worker raises them, under the page's id.
    await world.query(
      `INSERT INTO memory_alert (api_key_id, id, alert_type, severity, title, description, evidence, status, dedup_key, created_at)
       VALUES ($1, 'alert_1', 'anomaly', 'medium', 'Approval rate dropped significantly', 'd', '{"metric":"approvalRate"}', 'active', 'anomaly:approvalRate', $2)`,
      [who.apiKey, Date.now()],
    );
    const checklist = '# Brand Guidelines\n\n- Always cite medical claims.\n- Never promise results.\n';
    for (const [example, text] of [
      ['src_9a8...', checklist],
      ['src_2b1...', 'Our target audience is enterprise buyers.'],
    ]) {
      const bytes = Buffer.from(text);
      const ingested = await call('/v2/memory/knowledge/ingest', {
        source: 'inline',
        file: { base64: bytes.toString('base64'), mimeType: 'text/plain', fileName: 'g.txt', fileSize: bytes.length },
      });
      ids[example] = ingested.body.result.data.sourceId as string;
      await completed(ids[example]);
    }
    const pdf = tinyPdf('Medical claims must cite a source.');
    ids['JVBERi0xLjQK...'] = pdf.toString('base64');
    const slot = await call('/v2/memory/knowledge/upload-url', { mimeType: 'application/pdf', fileSize: pdf.length });
    ids['gs://bucket/path/original.pdf'] = slot.body.result.data.fileRef as string;
    const put = await fetch(slot.body.result.data.uploadUrl as string, {
      method: 'PUT',
      body: new Uint8Array(pdf),
      headers: { 'content-type': 'application/pdf' },
    });
    expect(put.status).toBe(200);
    await eventually(
      async () => {
        const [row] = await world.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM memory_judgment WHERE api_key_id = $1 AND embedding IS NULL',
          [who.apiKey],
        );
        if (row.n > 0) throw new Error('judgments not embedded');
      },
      { timeoutMs: 30_000, intervalMs: 100 },
    );
  }, LONG);

  afterAll(async () => {
    await Promise.all([api?.stop(), worker?.stop()]);
    await stub?.close();
    await world?.dispose();
  }, LONG);

  it('answers the search, ask, suggest and query pages in their shapes', async () => {
    const [rejected, thread, recent] = await replay('memory-search');
    expect(rejected.body.result.data.results).toEqual([]);
    expect((thread.body.result.data.results as Array<{ decision: string }>).map((r) => r.decision)).toEqual([
      'comment',
      'disagree',
      'agree',
    ]);
    expect(recent.body.result.data.results).toEqual([]);
    await replay('memory-ask');
    await replay('memory-suggest');
    const [query] = await replay('memory-judgments-query');
    expect(query.body.result.data.total).toBe(0);
  });

  it('answers the insight and alert pages in their shapes', async () => {
    await replay('memory-patterns-get');
    // Velt: evolvedStandards only for reviewers with at least 50 judgments.
    await replay('memory-profiles-get', { skipKeys: ['result.evolvedStandards'] });
    await replay('memory-stats-get');
    const [listed] = await replay('memory-alerts-list');
    expect((listed.body.result.data as unknown as Array<{ id: string }>).map((a) => a.id)).toEqual(['alert_1']);
    await replay('memory-alerts-config-update');
    // Velt: keys appear once set; the update page's example sets no enabledAlertTypes.
    const [config] = await replay('memory-alerts-config-get', { skipKeys: ['result.enabledAlertTypes'] });
    expect(config.body.result.data).toEqual({ enabled: true, maxAlertsPerWeek: 3, severityThreshold: 'medium' });
    await replay('memory-alerts-dismiss');
    await replay('memory-alerts-action');
  });

  it('answers the knowledge pages in their shapes, by inline bytes and by an uploaded fileRef', async () => {
    const started = await replay('memory-knowledge-ingest');
    for (const answer of started) await completed(answer.body.result.data.sourceId as string);
    await replay('memory-knowledge-upload-url');
    await replay('memory-knowledge-ingest-status');
    await replay('memory-knowledge-list');
    const [rules] = await replay('memory-knowledge-rules');
    expect((rules.body.result.data as unknown as Array<{ content: string }>).map((r) => r.content)).toEqual([
      'Always cite medical claims.',
      'Never promise results.',
    ]);
    const [download] = await replay('memory-knowledge-download');
    expect(download.body.result.data).toContain('# Brand Guidelines');
    await replay('memory-knowledge-search');
    const [updated] = await replay('memory-knowledge-update');
    expect(updated.body.result.data).toMatchObject({ newVersion: 2 });
    const [deleted] = await replay('memory-knowledge-delete');
    expect(deleted.body.result.data).toMatchObject({ status: 'deleted', sourceId: ids['src_9a8...'] });
  });
});
