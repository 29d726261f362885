import { once } from 'node:events';
import { createServer, Server } from 'node:http';
import { Webhook } from 'standardwebhooks';
import { eventually } from './support/eventually';
import { apiKeyHeaders, createWorkspace, Credentials, post } from './support/http-client';
import { ModelRequest, ModelStub } from './support/model-stub';
import { freePort, RunningApi, RunningProcess, startApi, startWorker } from './support/processes';
import { seedDocument } from './support/seed';
import { createTestEnvironment, TestEnvironment } from './support/test-environment';
import { WebhookReceiver } from './support/webhook-receiver';

const LONG = 120_000;
const CHAT = '/v1/chat/completions';
const doc = { organizationId: 'acme', documentId: 'home' };

/** A small site: the home page links to /about (same site) and elsewhere; both pages hold typos. */
const PAGES: Record<string, string> = {
  '/': `<html><head><title>Acme</title><style>p{}</style></head><body>
    <header><a href="/">Acme</a></header>
    <nav aria-label="Primary"><a href="/about">About us</a> <a href="https://elsewhere.example/x">Partner</a></nav>
    <main><h1>Welcome to Acme</h1><p>Our prodcut is great.</p><script>var secret = 1;</script></main>
    <footer>(c) Acme</footer></body></html>`,
  '/about': `<html><head><title>About</title></head><body><main><h2>About</h2><p>We are teh best.</p>
    <a href="/">Home</a></main></body></html>`,
};
const TYPOS: Record<string, string> = { prodcut: 'product', teh: 'the' };

interface Execution {
  id: string;
  status: string;
  previousExecutionId: string | null;
  resultsSummary: {
    totalFindings: number;
    totalAnnotationsCreated: number;
    urlsProcessed: number;
    urlsErrored?: number;
  };
  error?: { code: string; message: string };
  tokenUsage: { promptTokens: number; completionTokens: number; totalTokens: number };
  llmModel?: string;
  crawlerResults?: { totalUrlsFound: number };
}

interface Annotation {
  annotationId: string;
  comments: Array<{
    from: { userId: string };
    agent: { agentId: string; executionId: string; url: string; reason: { findingId: string } };
  }>;
}

/** The stub's review answer: one spelling finding per known typo in the page text it was sent. */
function typoFindings(request: ModelRequest): unknown {
  const schema = request.body.response_format?.json_schema?.name;
  const user = request.body.messages?.find((m) => m.role === 'user')?.content ?? '';
  if (schema !== 'review_findings') return undefined;
  const findings = Object.entries(TYPOS)
    .filter(([typo]) => new RegExp(`\\b${typo}\\b`).test(user))
    .map(([typo, fix]) => ({
      title: `Misspelled "${typo}"`,
      description: `"${typo}" should be "${fix}".`,
      severity: 'low',
      targetText: typo,
      suggestion: fix,
      htmlSelector: 'p',
      isPageLevel: false,
      issueType: 'spelling',
      confidence: 95,
    }));
  return { summary: `${findings.length} typos`, findings };
}

describe('AI: the model provider, the rewriter and review agents', () => {
  let world: TestEnvironment;
  let stub: ModelStub;
  let site: Server;
  let siteUrl: string;
  let hooks: WebhookReceiver;
  let api: RunningApi;
  let worker: RunningProcess;
  let owner: Credentials;
  let workerEnv: Record<string, string>;

  const call = <T = unknown>(who: Credentials, path: string, data: unknown) =>
    post<T>(api.url, path, data, apiKeyHeaders(who));

  async function finished(who: Credentials, executionId: string): Promise<Execution> {
    return eventually(
      async () => {
        const got = await call<{ execution: Execution }>(who, '/v2/agents/execution/get', { executionId });
        const execution = got.body.result.data.execution;
        if (execution.status === 'running') throw new Error('running');
        return execution;
      },
      { timeoutMs: 30_000, intervalMs: 100 },
    );
  }

  async function annotations(who: Credentials): Promise<Annotation[]> {
    const got = await call<Annotation[]>(who, '/v2/commentannotations/get', { ...doc, agentComments: true });
    return got.body.result.data;
  }

  async function createAgent(who: Credentials, extra: Record<string, unknown> = {}): Promise<string> {
    const created = await call<{ agentId: string }>(who, '/v2/agents/create', {
      name: 'Spell checker',
      description: 'Finds typos on the page',
      enabled: true,
      instructions: 'Find spelling mistakes.',
      contextGathering: { strategies: ['web-page-text', 'web-page-links'] },
      execution: {},
      ...extra,
    });
    expect(created.status).toBe(200);
    return created.body.result.data.agentId;
  }

  const chatRequestsFor = (path: string) =>
    stub.requestsTo(CHAT).filter((r) => r.body.messages?.some((m) => m.content.includes(`URL: ${siteUrl}${path}\n`)));

  beforeAll(async () => {
    world = await createTestEnvironment();
    stub = await ModelStub.start();
    const port = await freePort();
    siteUrl = `http://127.0.0.1:${port}`;
    site = createServer((req, res) => {
      const page = PAGES[req.url ?? ''];
      if (page) res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
      else res.writeHead(404).end('not found');
    });
    site.listen(port, '127.0.0.1');
    await once(site, 'listening');
    hooks = await WebhookReceiver.start();
    const aiEnv = {
      AI_BASE_URL: stub.url,
      AI_API_KEY: 'operator-key',
      AI_CHAT_MODEL: 'stub-chat',
      AI_EMBEDDING_MODEL: 'stub-embed',
      AI_TIMEOUT_MS: '1000',
      AI_MAX_RETRIES: '1',
      AI_RETRY_DELAY_MS: '10',
      AGENT_ALLOW_PRIVATE_URLS: 'true',
    };
    // Runs wait long for the model: a request held for the SIGKILL test must not time out first.
    workerEnv = {
      ...aiEnv,
      AI_TIMEOUT_MS: '20000',
      AGENT_LOCK_DURATION_MS: '2000',
      AGENT_STALLED_INTERVAL_MS: '1000',
      AGENT_SWEEP_INTERVAL_MS: '500',
      WEBHOOK_SWEEP_INTERVAL_MS: '500',
      WORKER_QUEUES: 'agent,webhook,user-data',
    };
    [api, worker] = await Promise.all([startApi(world.env, aiEnv), startWorker(world.env, workerEnv)]);
    owner = await createWorkspace(api.url);
    await seedDocument(world, owner.apiKey, doc.organizationId, doc.documentId);
  }, LONG);

  afterAll(async () => {
    stub?.release();
    await worker?.stop();
    await api?.stop();
    await stub?.close();
    await hooks?.down();
    site?.closeAllConnections();
    site?.close();
    await world?.dispose();
  }, LONG);

  beforeEach(() => stub.reset());

  describe('the rewriter and the provider', () => {
    it("sends Velt's request shape to the operator's model and answers Velt's envelope; counts tokens per key", async () => {
      const asked = await call(owner, '/v2/rewriter/ask-ai', {
        model: 'llama3.2',
        prompt: 'Fix the grammar.',
        text: 'Their going.',
      });
      expect(asked.body).toEqual({ result: { success: true, text: 'stub: Their going.' } });
      const [request] = stub.requestsTo(CHAT);
      expect(request.headers.authorization).toBe('Bearer operator-key');
      expect(request.body).toEqual({
        model: 'llama3.2',
        messages: [
          { role: 'system', content: 'Fix the grammar.' },
          { role: 'user', content: 'Their going.' },
        ],
      });
      // A reasoning model takes the prompt inside the user's message (Velt's rule).
      await call(owner, '/v2/rewriter/ask-ai', { model: 'o3-mini', prompt: 'Summarize.', text: 'Long text.' });
      expect(stub.requestsTo(CHAT)[1].body.messages).toEqual([{ role: 'user', content: 'Summarize.\n\nLong text.' }]);
      const usage = await world.query<{ model: string; calls: number; prompt_tokens: string }>(
        'SELECT model, calls, prompt_tokens FROM ai_token_usage WHERE api_key_id = $1 ORDER BY model',
        [owner.apiKey],
      );
      expect(usage).toEqual([
        { model: 'llama3.2', calls: 1, prompt_tokens: '5' },
        { model: 'o3-mini', calls: 1, prompt_tokens: '3' },
      ]);
    });

    it('retries a 500, answers success false (never a 5xx) for a timeout, and refuses bad input by field', async () => {
      stub.misbehave('500', 2);
      const failed = await call<never>(owner, '/v2/rewriter/ask-ai', { model: 'x', prompt: 'p', text: 't' });
      expect(failed.status).toBe(200);
      expect(failed.body.result).toMatchObject({ success: false, error: expect.stringContaining('500') as unknown });
      expect(stub.requestsTo(CHAT)).toHaveLength(2);

      stub.slowMs = 3000;
      stub.misbehave('slow', 2);
      const slow = await call<never>(owner, '/v2/rewriter/ask-ai', { model: 'x', prompt: 'p', text: 't' });
      expect(slow.status).toBe(200);
      expect(slow.body.result).toMatchObject({ success: false, error: 'No answer within 1000 ms.' });

      const bad = await call(owner, '/v2/rewriter/ask-ai', { model: 'x', prompt: 'p' });
      expect([bad.status, bad.body.error?.status, bad.body.error?.message]).toEqual([
        400,
        'INVALID_ARGUMENT',
        expect.stringContaining('text') as unknown,
      ]);
    });

    it("keeps a key's own model settings encrypted, and its base URL behind the address guard", async () => {
      const who = await createWorkspace(api.url);
      const set = await call(who, '/v2/workspace/apikeyconfig/update', {
        aiModelApiKey: [
          { provider: 'openai', customerApiKey: 'sk-tenant-000000000001', baseUrl: stub.url, chatModel: 'own-model' },
        ],
      });
      expect(set.body.result.data).toEqual({
        aiModelsConfig: { openai: { displayText: '...0001', baseUrl: stub.url, chatModel: 'own-model' } },
      });
      const [stored] = await world.query<{ config: string }>(
        'SELECT config::text FROM api_key_config WHERE api_key_id = $1',
        [who.apiKey],
      );
      expect(stored.config).not.toContain('sk-tenant');
      const refused = await call<never>(who, '/v2/rewriter/ask-ai', { model: 'gpt-4o', prompt: 'p', text: 't' });
      expect(refused.body.result).toMatchObject({
        success: false,
        error: expect.stringContaining('non-public address') as unknown,
      });
      expect(stub.requests).toHaveLength(0);
    });

    it.each([
      ['bad-json', 'bad_json'],
      ['broken-body', 'bad_json'],
      ['wrong-schema', 'wrong_schema'],
      ['refusal', 'refusal'],
    ] as const)('answers FAILED_PRECONDITION for a model answer that is %s', async (behaviour, failure) => {
      stub.misbehave(behaviour);
      const answer = await call(owner, '/v2/agents/prompt/validate', { prompt: 'Check links' });
      expect([answer.status, answer.body.error?.status]).toEqual([400, 'FAILED_PRECONDITION']);
      expect(answer.body.error?.message).toContain(`(${failure})`);
    });

    it('answers the prompt tools with the structured answer, sending their schemas', async () => {
      const enhanced = await call<{ enhancedPrompt: unknown }>(owner, '/v2/agents/prompt/enhance', {
        prompt: 'Check brand colors',
      });
      expect(enhanced.body.result.data).toEqual({
        enhancedPrompt: { requirement: 'stub', context: 'stub', suggestion: [], suggestion_type: 'boolean' },
      });
      const resolved = await call<{ resolvedConfig: Record<string, unknown> }>(owner, '/v2/agents/config/resolve', {
        instructions: 'Check headings',
      });
      expect(resolved.body.result.data.resolvedConfig).toEqual({
        extraction_strategies: [],
        execution_strategy: 'ai',
        reasoning: 'stub',
      });
      const extracted = await call<{ extractionResult: { agents: unknown[] } }>(owner, '/v2/agents/extract', {
        fileBase64: Buffer.from('task\nAll CTAs use the brand color\n').toString('base64'),
        mimeType: 'text/csv',
      });
      expect(extracted.body.result.data.extractionResult).toMatchObject({ agents: [], summary: 'stub', skipped: [] });
      expect(stub.requestsTo(CHAT).map((r) => r.body.response_format?.json_schema?.name)).toEqual([
        'prompt_requirement',
        'resolved_config',
        'extracted_agents',
      ]);
      expect(stub.requestsTo(CHAT)[2].body.messages?.[1].content).toContain('All CTAs use the brand color');
      const pdf = await call(owner, '/v2/agents/extract', { fileBase64: 'JVBERi0=', mimeType: 'application/pdf' });
      expect([pdf.status, pdf.body.error?.status]).toEqual([400, 'INVALID_ARGUMENT']);
    });
  });

  describe('agents, versions and groups', () => {
    it('creates, versions, restores and redacts; classifies into a system group', async () => {
      const agentId = await createAgent(owner, {
        contextGathering: {
          strategies: ['web-page-text', 'rest-api'],
          strategyOptions: {
            'rest-api': {
              endpoints: [
                { description: 'd', url: 'https://x.example', auth: { type: 'bearer', token: 'sk_live_secret' } },
              ],
            },
          },
        },
      });
      const got = await call<{ agent: Record<string, unknown> }>(owner, '/v2/agents/get', { agentId });
      expect(got.body.result.data.agent).toMatchObject({
        id: agentId,
        version: 1,
        managedBy: 'customer',
        enabled: true,
      });
      expect(JSON.stringify(got.body.result.data.agent)).toContain('"token":"__redacted__"');
      const [row] = await world.query<{ config: string }>('SELECT config::text FROM agent WHERE agent_id = $1', [
        agentId,
      ]);
      expect(row.config).not.toContain('sk_live_secret');

      const missing = await call(owner, '/v2/agents/version/update', { agentId, instructions: '  ' });
      expect([missing.status, missing.body.error?.status]).toEqual([400, 'INVALID_ARGUMENT']);
      const v2 = await call(owner, '/v2/agents/version/update', { agentId, instructions: 'Find typos and grammar.' });
      expect(v2.body.result.data).toEqual({ version: 2 });
      const versions = await call<{ versions: Array<{ id: string; instructions: string }> }>(
        owner,
        '/v2/agents/versions/list',
        { agentId },
      );
      expect(versions.body.result.data.versions.map((v) => [v.id, v.instructions])).toEqual([
        ['v2', 'Find typos and grammar.'],
        ['v1', 'Find spelling mistakes.'],
      ]);
      expect((await call(owner, '/v2/agents/versions/restore', { agentId })).body.result.data).toEqual({ version: 1 });
      const again = await call(owner, '/v2/agents/versions/restore', { agentId });
      expect([again.status, again.body.error?.status]).toEqual([400, 'FAILED_PRECONDITION']);

      const groups = await call<{ groups: Array<{ id: string; system?: boolean; agentCount: number }> }>(
        owner,
        '/v2/agents/groups/list',
        {},
      );
      expect(groups.body.result.data.groups).toEqual(
        expect.arrayContaining([expect.objectContaining({ id: 'copy-qa', system: true })]) as unknown,
      );
      const list = await call<{ agents: Array<{ id: string }> }>(owner, '/v2/agents/get', { groupId: 'copy-qa' });
      expect(list.body.result.data.agents.map((a) => a.id)).toContain(agentId);
    });

    it('manages groups with their limits, and built-ins by their enabled flag only', async () => {
      const agentId = await createAgent(owner, { name: 'Misc', description: 'Misc', instructions: 'Look.' });
      const created = await call<{ group: { id: string; metadata: Record<string, unknown> } }>(
        owner,
        '/v2/agents/groups/create',
        {
          name: '  Brand QA  ',
          agentIds: [agentId, 'spell-check', agentId],
          metadata: { team: 'growth' },
        },
      );
      const group = created.body.result.data.group;
      expect(group).toMatchObject({
        name: 'Brand QA',
        agentIds: [agentId, 'spell-check'],
        metadata: { team: 'growth', apiKey: owner.apiKey },
      });
      const unknown = await call(owner, '/v2/agents/groups/add-agents', { groupId: group.id, agentIds: ['nope'] });
      expect([unknown.status, unknown.body.error?.status]).toEqual([404, 'NOT_FOUND']);
      const removed = await call<{ group: { agentIds: string[] } }>(owner, '/v2/agents/groups/remove-agents', {
        groupId: group.id,
        agentIds: ['spell-check'],
      });
      expect(removed.body.result.data.group.agentIds).toEqual([agentId]);
      const tooMany = await call(owner, '/v2/agents/groups/create', {
        name: 'x',
        agentIds: Array.from({ length: 101 }, (_, i) => `a${i}`),
      });
      expect([tooMany.status, tooMany.body.error?.status]).toEqual([400, 'INVALID_ARGUMENT']);

      expect((await call(owner, '/v2/agents/update', { agentId: 'spell-check', name: 'x' })).status).toBe(400);
      await call(owner, '/v2/agents/update', { agentId: 'spell-check', enabled: false });
      const builtIn = await call<{ agent: Record<string, unknown> }>(owner, '/v2/agents/get', {
        agentId: 'spell-check',
      });
      expect(builtIn.body.result.data.agent).toEqual({
        id: 'spell-check',
        name: 'Spell Check',
        description: 'Finds spelling mistakes and typos in page content using AI analysis',
        enabled: false,
        managedBy: 'velt',
        system: true,
        essentialDefault: true,
      });
      await call(owner, '/v2/agents/delete', { agentId });
      const gone = await call<{ group: { agentIds: string[] } }>(owner, '/v2/agents/groups/get', { groupId: group.id });
      expect(gone.body.result.data.group.agentIds).toEqual([]);
      expect((await call(owner, '/v2/agents/delete', { agentId })).status).toBe(200);
    });
  });

  describe('runs', () => {
    it('reviews the site, writes each finding once as an annotation with a verifiable webhook, and a rerun adds none', async () => {
      await call(owner, '/v2/workspace/advancedwebhookconfig/update', { isEnabled: true });
      const endpoint = await call<{ id: string }>(owner, '/v2/workspace/advancedwebhook/endpoints/create', {
        url: hooks.url('/agent'),
        filterTypes: ['comment_annotation.add'],
      });
      const secret = await call<{ secret: string }>(owner, '/v2/workspace/advancedwebhook/endpoints/secret/get', {
        endpointId: endpoint.body.result.data.id,
      });
      stub.respond = (request) => typoFindings(request) ?? 'unused';
      const agentId = await createAgent(owner);
      const run = await call<{ executionId: string }>(owner, '/v2/agents/execution/run', {
        agentId,
        url: `${siteUrl}/`,
        crossPageExecute: true,
        maxUrlsToProcess: 2,
        ...doc,
        ranBy: { userId: 'jane', name: 'Jane', email: 'jane@example.com' },
      });
      expect(run.status).toBe(200);
      const execution = await finished(owner, run.body.result.data.executionId);
      expect(execution).toMatchObject({
        status: 'failed',
        resultsSummary: { totalFindings: 2, totalAnnotationsCreated: 2, urlsProcessed: 2 },
        crawlerResults: { totalUrlsFound: 2 },
        llmModel: 'stub-chat',
      });
      expect(execution.tokenUsage.promptTokens).toBeGreaterThan(0);

      // The model saw the page reduced: text, headings, landmarks and links, no script.
      const [home] = chatRequestsFor('/');
      expect(home.body.response_format?.json_schema?.name).toBe('review_findings');
      const prompt = home.body.messages?.[1].content ?? '';
      expect(prompt).toContain('# Welcome to Acme');
      expect(prompt).toContain('navigation (Primary)');
      expect(prompt).toContain(`internal ${siteUrl}/about "About us"`);
      expect(prompt).toContain('external https://elsewhere.example/x "Partner"');
      expect(prompt).not.toContain('secret');

      const written = await annotations(owner);
      expect(written).toHaveLength(2);
      for (const annotation of written) {
        expect(annotation.comments[0]).toMatchObject({
          from: { userId: 'jane' },
          agent: { agentId, executionId: execution.id, reason: { findingId: annotation.annotationId } },
        });
      }
      await eventually(() => expect(hooks.received).toHaveLength(2), { timeoutMs: 20_000 });
      const delivered = hooks.received.map(
        (request) =>
          new Webhook(secret.body.result.data.secret).verify(
            request.body,
            request.headers as Record<string, string>,
          ) as {
            data: { commentAnnotation: { annotationId: string } };
          },
      );
      expect(delivered.map((d) => d.data.commentAnnotation.annotationId).sort()).toEqual(
        written.map((a) => a.annotationId).sort(),
      );

      const rerun = await call<{ executionId: string }>(owner, '/v2/agents/execution/run', {
        agentId,
        url: `${siteUrl}/`,
        ...doc,
      });
      const second = await finished(owner, rerun.body.result.data.executionId);
      expect(second).toMatchObject({
        status: 'failed',
        previousExecutionId: execution.id,
        resultsSummary: { totalFindings: 1, totalAnnotationsCreated: 0, urlsProcessed: 1 },
      });
      expect(await annotations(owner)).toHaveLength(2);
      const results = await call<{ results: Array<{ agentResult: { findings: Array<{ commentId: string }> } }> }>(
        owner,
        '/v2/agents/execution/get',
        { executionId: execution.id, includeResults: true },
      );
      expect(
        results.body.result.data.results.flatMap((r) => r.agentResult.findings.map((f) => f.commentId)).sort(),
      ).toEqual(written.map((a) => a.annotationId).sort());
      const busy = await call(owner, '/v2/agents/execution/count', { agentIds: agentId });
      expect(busy.body.result.data).toEqual({ counts: { [agentId]: 2 } });
    });

    it('records a run whose model answers out of shape as an error with the reason', async () => {
      stub.misbehave('bad-json');
      const agentId = await createAgent(owner);
      const run = await call<{ executionId: string }>(owner, '/v2/agents/execution/run', {
        agentId,
        url: `${siteUrl}/about`,
        ...doc,
      });
      const execution = await finished(owner, run.body.result.data.executionId);
      expect(execution).toMatchObject({
        status: 'error',
        resultsSummary: { totalFindings: 0, urlsProcessed: 1, urlsErrored: 1 },
        error: { code: 'MALFORMED_RESPONSE', message: expect.stringContaining('bad_json') as unknown },
      });
      const unknownDoc = await call(owner, '/v2/agents/execution/run', {
        agentId,
        url: `${siteUrl}/`,
        organizationId: 'acme',
        documentId: 'none',
      });
      expect([unknownDoc.status, unknownDoc.body.error?.status]).toEqual([404, 'NOT_FOUND']);
    });

    it('completes a run exactly once after its worker is SIGKILLed mid-run', async () => {
      const who = await createWorkspace(api.url);
      await seedDocument(world, who.apiKey, doc.organizationId, doc.documentId);
      stub.respond = (request) => typoFindings(request) ?? 'unused';
      stub.misbehave('ok');
      stub.misbehave('hold');
      const agentId = await createAgent(who);
      const run = await call<{ executionId: string }>(who, '/v2/agents/execution/run', {
        agentId,
        url: `${siteUrl}/`,
        crossPageExecute: true,
        maxUrlsToProcess: 2,
        ...doc,
      });
      await eventually(() => expect(stub.requestsTo(CHAT)).toHaveLength(2), { timeoutMs: 20_000 });
      await worker.stop('SIGKILL');
      worker = await startWorker(world.env, workerEnv);
      const execution = await finished(who, run.body.result.data.executionId);
      expect(execution).toMatchObject({
        status: 'failed',
        resultsSummary: { totalFindings: 2, totalAnnotationsCreated: 2 },
      });
      // The page reviewed before the kill was not asked again; the one in flight was.
      expect([chatRequestsFor('/').length, chatRequestsFor('/about').length]).toEqual([1, 2]);
      expect(await annotations(who)).toHaveLength(2);
      const [{ attempts }] = await world.query<{ attempts: number }>(
        'SELECT attempts FROM agent_execution WHERE id = $1',
        [execution.id],
      );
      expect(attempts).toBe(2);
    });
  });

  describe('tenants and erasure', () => {
    it("never shows one tenant another's agents, runs or groups", async () => {
      const agentId = await createAgent(owner);
      const run = await call<{ executionId: string }>(owner, '/v2/agents/execution/run', {
        agentId,
        url: `${siteUrl}/about`,
        ...doc,
      });
      await finished(owner, run.body.result.data.executionId);
      const other = await createWorkspace(api.url);
      const foreign = await call(other, '/v2/agents/execution/get', { executionId: run.body.result.data.executionId });
      expect([foreign.status, foreign.body.error?.status]).toEqual([404, 'NOT_FOUND']);
      expect((await call(other, '/v2/agents/get', { agentId })).status).toBe(404);
      const listed = await call<{ agents: Array<{ id: string }> }>(other, '/v2/agents/get', { filter: 'customOnly' });
      expect(listed.body.result.data.agents).toEqual([]);
      expect((await call<{ groups: unknown[] }>(other, '/v2/agents/groups/list', {})).body.result.data.groups).toEqual(
        [],
      );
      expect((await call<{ total: number }>(other, '/v2/agents/execution/count', {})).body.result.data).toEqual({
        total: 0,
      });
      const runs = await call(other, '/v2/agents/execution/list', { agentId });
      expect(runs.body.result.data).toEqual({ executions: [] });
    });

    it('lists and erases the runs a user started, and deleting the API key removes every AI row', async () => {
      const exported = await call<{ agents: Array<{ executionId: string }>; comments: unknown[] }>(
        owner,
        '/v2/users/data/get',
        {
          organizationId: doc.organizationId,
          userId: 'jane',
        },
      );
      expect(exported.body.result.data.agents).toHaveLength(1);
      expect(exported.body.result.data.comments).toHaveLength(2);
      const started = await call<{ jobId: string }>(owner, '/v2/users/data/delete', { userIds: ['jane'] });
      await eventually(
        async () => {
          const status = await call<{ isDeleteCompleted: boolean }>(owner, '/v2/users/data/delete/status', {
            jobId: started.body.result.data.jobId,
          });
          expect(status.body.result.data.isDeleteCompleted).toBe(true);
        },
        { timeoutMs: 20_000, intervalMs: 200 },
      );
      const after = await world.query('SELECT id FROM agent_execution WHERE api_key_id = $1 AND ran_by_user_id = $2', [
        owner.apiKey,
        'jane',
      ]);
      expect(after).toEqual([]);

      await world.query('DELETE FROM api_key WHERE id = $1', [owner.apiKey]);
      const left = await world.query<{ rows: number }>(
        `SELECT (SELECT count(*) FROM agent WHERE api_key_id = $1) + (SELECT count(*) FROM agent_version WHERE api_key_id = $1)
              + (SELECT count(*) FROM agent_group WHERE api_key_id = $1) + (SELECT count(*) FROM agent_execution WHERE api_key_id = $1)
              + (SELECT count(*) FROM ai_token_usage WHERE api_key_id = $1) AS rows`,
        [owner.apiKey],
      );
      expect(Number(left[0].rows)).toBe(0);
    });
  });
});
