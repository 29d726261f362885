import { apiKeyHeaders, createWorkspace, Credentials, Envelope, post } from './support/http-client';
import { ModelStub } from './support/model-stub';
import { RunningApi, startApi } from './support/processes';
import { seedDocument } from './support/seed';
import { createTestEnvironment, TestEnvironment } from './support/test-environment';
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
