import { createTestEnvironment, TestEnvironment } from './support/test-environment';
import { RunningApi, RunningProcess, startApi, startWorker } from './support/processes';
import { apiKeyHeaders, createWorkspace, Credentials, post } from './support/http-client';
import { eventually } from './support/eventually';
import { ModelRequest, ModelStub } from './support/model-stub';
import { tinyPdf } from './support/tiny-pdf';
import { zipBomb } from './support/zip-bomb';

const LONG = 120_000;
/** A fast sweep, no model retries, and short memory-queue locks so a killed worker's job is taken over in seconds. */
const ENV = {
  MEMORY_SWEEP_INTERVAL_MS: '500',
  MEMORY_LOCK_DURATION_MS: '2000',
  MEMORY_STALLED_INTERVAL_MS: '1000',
  AI_MAX_RETRIES: '0',
  AI_RETRY_DELAY_MS: '10',
};
const DOC = { organizationId: 'acme', documentId: 'spec' };
const CHECKLIST = [
  '# Brand guidelines',
  '',
  '- Medical claims must cite a peer-reviewed source.',
  '- Never promise clinical results.',
  '## Images',
  '- [ ] Images must be WEBP, max width 1200px.',
].join('\n');

interface Judgment {
  recordId: string;
  decision: string;
  judgeType: string;
  reasoning: string;
  actionUser: { userId: string } | null;
  similarity?: number;
  annotationId: string | null;
}

interface SourceStatus {
  status: string;
  sourceId: string;
  extractedRulesCount?: number;
  chunkCount?: number;
  dedupOf?: string;
  failureReason?: string;
  originalDownloadUrl?: string;
  canonicalMdDownloadUrl?: string;
}

describe('AI memory: judgments, knowledge, search, ask, suggest, insights, alerts, erasure', () => {
  let world: TestEnvironment;
  let stub: ModelStub;
  let api: RunningApi;
  let worker: RunningProcess;
  let owner: Credentials;
  let other: Credentials;

  const call = <T = unknown>(path: string, data: unknown, who: Credentials = owner) =>
    post<T>(api.url, path, data, apiKeyHeaders(who));
  const data = async <T>(path: string, body: unknown, who: Credentials = owner): Promise<T> => {
    const response = await call<T>(path, body, who);
    if (response.status !== 200) throw new Error(`${path}: ${response.status} ${JSON.stringify(response.body)}`);
    return response.body.result.data;
  };

  /** A thread by `userId` with its first comment, through REST with notifications (so it emits events). */
  async function thread(annotationId: string, userId: string, text: string, who: Credentials = owner) {
    await data(
      '/v2/commentannotations/add',
      {
        ...DOC,
        commentAnnotations: [{ annotationId, commentData: [{ commentText: text, from: { userId, name: userId } }] }],
        triggerNotification: true,
      },
      who,
    );
  }

  async function react(annotationId: string, userId: string, icon: string) {
    await data('/v2/commentannotations/comments/reactions/add', {
      ...DOC,
      annotationId,
      commentId: 1,
      icons: [icon],
      from: { userId },
      triggerNotification: true,
    });
  }

  async function embedded(who: Credentials = owner): Promise<void> {
    const key = who.apiKey;
    await eventually(
      async () => {
        const [row] = await world.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM memory_judgment WHERE api_key_id = $1 AND embedding IS NULL',
          [key],
        );
        if (row.n > 0) throw new Error(`${row.n} judgments not embedded`);
      },
      { timeoutMs: 30_000, intervalMs: 100 },
    );
  }

  async function settled(sourceId: string, who: Credentials = owner): Promise<SourceStatus> {
    return eventually(
      async () => {
        const status = await data<SourceStatus>('/v2/memory/knowledge/ingest-status', { sourceId }, who);
        if (status.status === 'processing') throw new Error('processing');
        return status;
      },
      { timeoutMs: 30_000, intervalMs: 100 },
    );
  }

  const inline = (text: string | Buffer, mimeType = 'text/plain', fileName = 'rules.txt') => {
    const bytes = typeof text === 'string' ? Buffer.from(text) : text;
    return { base64: bytes.toString('base64'), mimeType, fileName, fileSize: bytes.length };
  };

  beforeAll(async () => {
    stub = await ModelStub.start();
    world = await createTestEnvironment();
    const env = { ...world.env, AI_BASE_URL: stub.url, ...ENV };
    [api, worker] = await Promise.all([startApi(env), startWorker(env)]);
    owner = await createWorkspace(api.url);
    other = await createWorkspace(api.url);
    for (const who of [owner, other]) {
      await data('/v2/organizations/add', { organizations: [{ organizationId: DOC.organizationId }] }, who);
      await data(
        '/v2/organizations/documents/add',
        { organizationId: DOC.organizationId, documents: [{ documentId: DOC.documentId }] },
        who,
      );
      await data(
        '/v2/users/add',
        {
          organizationId: DOC.organizationId,
          users: ['sarah', 'omar', 'ann', 'bob', 'cid', 'writer', 'dana'].map((userId) => ({
            userId,
            accessRole: 'editor',
          })),
        },
        who,
      );
    }
  }, LONG);

  afterAll(async () => {
    await Promise.all([api?.stop(), worker?.stop()]);
    await stub?.close();
    await world?.dispose();
  });

  beforeEach(() => stub.reset());

  it(
    'records decisions as judgments, embeds them on the worker, and serves query and search',
    async () => {
      await thread('t1', 'sarah', 'Claim clinically proven lacks a citation.');
      await thread('t2', 'omar', 'Great headline, approve this copy.');
      await react('t1', 'omar', '👎');
      await react('t2', 'sarah', '👍');
      await data('/v2/commentannotations/update', {
        ...DOC,
        annotationIds: ['t1'],
        updatedData: { status: { id: 'RESOLVED', name: 'Resolved', type: 'terminal' }, resolvedByUserId: 'sarah' },
        triggerNotification: true,
      });

      const all = await data<{ results: Judgment[]; total: number }>('/v2/memory/judgments/query', {});
      expect(all.results.map((j) => j.decision).sort()).toEqual(['agree', 'comment', 'comment', 'disagree', 'resolve']);
      expect(all.total).toBe(5);
      const sarah = await data<{ results: Judgment[] }>('/v2/memory/judgments/query', { reviewerId: 'sarah' });
      expect(sarah.results.map((j) => j.decision)).toEqual(['resolve', 'agree', 'comment']);
      expect(sarah.results[2]).toMatchObject({
        judgeType: 'human',
        reasoning: 'Claim clinically proven lacks a citation.',
        actionUser: { userId: 'sarah' },
        annotationId: 't1',
        agent: null,
        organizationId: 'acme',
      });
      const t1 = await data<{ results: Judgment[] }>('/v2/memory/judgments/query', {
        organizationId: 'acme',
        annotationId: 't1',
      });
      expect(t1.results.map((j) => j.decision)).toEqual(['comment', 'disagree', 'resolve']);
      const refused = await call('/v2/memory/judgments/query', { annotationId: 't1' });
      expect([refused.status, refused.body.error?.message]).toEqual([
        400,
        'data.annotationId requires organizationId.',
      ]);
      const unknown = await call('/v2/memory/judgments/query', { decision: 'maybe' });
      expect(unknown.status).toBe(400);
      expect(unknown.body.error?.message).toContain('decision');

      await embedded();
      const embeddings = stub.requestsTo('/v1/embeddings');
      expect(embeddings.length).toBeGreaterThan(0);
      expect(embeddings[0].body.model).toBeTruthy();
      expect((embeddings[0].body.input as string[]).some((text) => text.includes('clinically proven'))).toBe(true);

      const found = await data<{ results: Judgment[]; totalInScope: number; searchLatencyMs: number }>(
        '/v2/memory/search',
        { query: 'clinically proven citation', limit: 2 },
      );
      expect(found.results[0]).toMatchObject({ annotationId: 't1', decision: 'comment', scope: 'apiKey' });
      expect(found.results[0].similarity).toBeGreaterThan(found.results[1].similarity!);
      expect(found.totalInScope).toBe(2);
      const filtered = await data<{ results: Judgment[] }>('/v2/memory/search', {
        query: 'clinically proven citation',
        filters: { decision: 'agree' },
      });
      expect(filtered.results.map((j) => j.decision)).toEqual(['agree']);
      const recent = await data<{ results: Judgment[] }>('/v2/memory/search', { query: 'x', recencyDays: 1 });
      expect(recent.results).toEqual([]);
      const range = await call('/v2/memory/search', { query: 'x', filters: { dateRange: { start: 10, end: 1 } } });
      expect([range.status, range.body.error?.message]).toEqual([
        400,
        'data.filters.dateRange.start must not be after its end.',
      ]);
      const scope = await call('/v2/memory/search', { query: 'x', scope: 'organization' });
      expect(scope.body.error?.message).toBe('data.scope organization requires organizationId.');
    },
    LONG,
  );

  it(
    'suggests by a vote over past judgments, and derives profiles, patterns and stats',
    async () => {
      for (const [id, user, icon] of [
        ['v1', 'ann', '👎'],
        ['v2', 'bob', '👎'],
        ['v3', 'cid', '👎'],
      ] as const) {
        await thread(id, 'writer', `Ad copy wrinkle cream miracle ${id}`);
        await react(id, user, icon);
      }
      await embedded();
      const suggestion = await data<{ primary: Record<string, unknown> | null; conflict: unknown }>(
        '/v2/memory/suggest',
        { query: 'Ad copy wrinkle cream miracle', organizationId: 'acme' },
      );
      expect(suggestion.primary).toMatchObject({
        recommendation: 'reject',
        basedOn: 3,
        uniqueReviewers: 3,
        scope: 'organization',
        scopeLabel: 'This organization',
      });
      expect(suggestion.conflict).toBeNull();
      const nothing = await data<{ primary: unknown }>('/v2/memory/suggest', { query: 'zebra quantum' });
      expect(nothing.primary).toBeNull();

      const profile = await data<Record<string, unknown>>('/v2/memory/profiles/get', { targetUserId: 'ann' });
      expect(profile).toMatchObject({ userId: 'ann', totalJudgments: 1, approvalRate: 0, avgReviewTimeSeconds: 0 });
      expect(await data('/v2/memory/profiles/get', {})).toBeNull();
      const patterns = await data<Array<Record<string, unknown>>>('/v2/memory/patterns/get', {});
      expect(patterns.find((p) => p.scope === 'apiKey')).toMatchObject({
        category: 'rejection',
        uniqueReviewers: 5,
        sourceCount: 5,
        confidence: 0.8,
      });
      const stats = await data<Record<string, number>>('/v2/memory/stats/get', {});
      expect(stats.totalActivities).toBeGreaterThanOrEqual(11);
      expect(stats.totalPatterns).toBe(patterns.length);
    },
    LONG,
  );

  it(
    'asks: cites only records it was given, answers empty without grounding, and reports a bad model answer',
    async () => {
      stub.respond = (request: ModelRequest) => {
        const prompt = request.body.messages?.find((m) => m.role === 'user')?.content ?? '';
        const records = JSON.parse(prompt.slice(prompt.indexOf('['), prompt.lastIndexOf(']') + 1)) as Array<{
          recordId: string;
        }>;
        return {
          answer: 'Reviewers reject unsupported medical claims.',
          citations: [
            { recordId: records[0].recordId, snippet: 'lacks a citation' },
            { recordId: 'act_invented', snippet: 'made up' },
          ],
          confidence: 0.7,
        };
      };
      const answer = await data<{
        answer: string;
        citations: Array<{ recordId: string }>;
        confidence: number;
        recordsSearched: number;
      }>('/v2/memory/ask', { question: 'How do we handle clinically proven claims without a citation?' });
      expect(answer.answer).toBe('Reviewers reject unsupported medical claims.');
      expect(answer.citations).toHaveLength(1);
      const [cited] = await world.query<{ reasoning: string }>(
        'SELECT reasoning FROM memory_judgment WHERE api_key_id = $1 AND id = $2',
        [owner.apiKey, answer.citations[0].recordId],
      );
      expect(cited.reasoning).toContain('clinically proven');
      expect(answer.confidence).toBe(0.7);
      expect(answer.recordsSearched).toBeGreaterThan(0);
      const chat = stub.requestsTo('/v1/chat/completions');
      expect(chat).toHaveLength(1);
      expect(chat[0].body.response_format?.json_schema?.name).toBe('memory_answer');

      const before = stub.requestsTo('/v1/chat/completions').length;
      const empty = await data('/v2/memory/ask', { question: 'zebra quantum' }, other);
      expect(empty).toEqual({ answer: '', citations: [], confidence: 0, recordsSearched: 0 });
      expect(stub.requestsTo('/v1/chat/completions')).toHaveLength(before);

      stub.respond = () => 'not json at all';
      const bad = await call('/v2/memory/ask', { question: 'clinically proven claims' });
      expect(bad.status).toBe(400);
      expect(bad.body.error?.status).toBe('FAILED_PRECONDITION');
      stub.misbehave('broken-body');
      const wrong = await call('/v2/memory/search', { query: 'clinically proven' });
      expect([wrong.status, wrong.body.error?.status]).toEqual([400, 'FAILED_PRECONDITION']);
    },
    LONG,
  );

  it(
    'ingests knowledge inline and by signed upload, extracts rules, searches, updates, de-duplicates and deletes',
    async () => {
      const started = await data<{ status: string; sourceId: string; message: string }>('/v2/memory/knowledge/ingest', {
        source: 'inline',
        file: inline(CHECKLIST),
      });
      expect(started).toMatchObject({ status: 'processing', message: 'Knowledge ingestion task enqueued.' });
      const status = await settled(started.sourceId);
      expect(status).toMatchObject({ status: 'completed', extractedRulesCount: 3, chunkCount: 1 });
      const rules = await data<Array<{ id: string; content: string; category: string | null; index: number }>>(
        '/v2/memory/knowledge/rules',
        { sourceId: started.sourceId },
      );
      expect(rules.map((r) => [r.content, r.category, r.index])).toEqual([
        ['Medical claims must cite a peer-reviewed source.', 'Brand guidelines', 0],
        ['Never promise clinical results.', 'Brand guidelines', 1],
        ['Images must be WEBP, max width 1200px.', 'Images', 2],
      ]);
      expect(await data('/v2/memory/knowledge/download', { sourceId: started.sourceId })).toBe(CHECKLIST);
      expect(await data('/v2/memory/knowledge/download', { sourceId: 'src_nope' })).toBeNull();
      const original = await fetch(status.originalDownloadUrl!);
      expect([original.status, await original.text()]).toEqual([200, CHECKLIST]);
      const tampered = await fetch(status.canonicalMdDownloadUrl!.replace('signature=', 'signature=x'));
      expect(tampered.status).toBe(404);

      const hits = await data<{ results: Array<Record<string, unknown>>; recordsSearched: number }>(
        '/v2/memory/knowledge/search',
        { query: 'images WEBP width', includeRules: true, limit: 2 },
      );
      expect(hits.results[0]).toMatchObject({
        kind: 'rule',
        text: 'Images must be WEBP, max width 1200px.',
        category: 'Images',
      });
      expect(hits.recordsSearched).toBe(2);
      const chunksOnly = await data<{ results: Array<Record<string, unknown>> }>('/v2/memory/knowledge/search', {
        query: 'images',
        sourceId: started.sourceId,
      });
      expect(Object.keys(chunksOnly.results[0]).sort()).toEqual(['score', 'sourceId', 'text']);
      const scoped = await call('/v2/memory/knowledge/search', { query: 'images', organizationId: 'acme' });
      expect([scoped.status, scoped.body.error?.message]).toEqual([400, expect.stringContaining('organizationId')]);

      const updated = await data<{
        diff: { added: string[]; removed: string[]; unchanged: number };
        newVersion: number;
      }>('/v2/memory/knowledge/update', {
        sourceId: started.sourceId,
        newContent: `${CHECKLIST}\n- Always show a disclaimer.`,
      });
      expect(updated).toEqual({
        diff: { added: ['Always show a disclaimer.'], removed: [], unchanged: 3 },
        newVersion: 2,
      });

      const duplicate = await data<{ sourceId: string }>('/v2/memory/knowledge/ingest', {
        source: 'inline',
        file: inline(CHECKLIST, 'text/plain', 'copy.txt'),
      });
      expect(await settled(duplicate.sourceId)).toMatchObject({ status: 'completed', dedupOf: started.sourceId });
      const blocked = await call('/v2/memory/knowledge/delete', { sourceId: started.sourceId });
      expect([blocked.status, blocked.body.error?.status]).toEqual([409, 'ABORTED']);
      expect(await data('/v2/memory/knowledge/delete', { sourceId: duplicate.sourceId })).toEqual({
        status: 'deleted',
        sourceId: duplicate.sourceId,
        deletedChunks: 0,
        deletedRules: 0,
      });

      const prose = await data<{ sourceId: string }>('/v2/memory/knowledge/ingest', {
        source: 'fileRef' as const,
        ...(await uploaded(tinyPdf('Our audience is enterprise buyers reading on phones.'), 'application/pdf')),
      });
      expect(await settled(prose.sourceId)).toMatchObject({ status: 'completed', extractedRulesCount: 0 });
      expect(await data('/v2/memory/knowledge/download', { sourceId: prose.sourceId })).toContain('enterprise buyers');
      const notRules = await call('/v2/memory/knowledge/update', { sourceId: prose.sourceId, newContent: 'x' });
      expect(notRules.body.error).toEqual({
        status: 'FAILED_PRECONDITION',
        message: 'Version diff is only supported for rule-based knowledge sources.',
      });

      const list = await data<Array<Record<string, unknown>>>('/v2/memory/knowledge/list', {});
      expect(list.map((s) => s.id)).toEqual([prose.sourceId, started.sourceId]);
      expect(list[1]).toMatchObject({ embeddingStatus: 'completed', ruleCount: 4, version: 2 });

      const mismatch = await call('/v2/memory/knowledge/ingest', {
        source: 'inline',
        file: inline('plain words', 'application/pdf', 'fake.pdf'),
      });
      expect([mismatch.status, mismatch.body.error?.message]).toEqual([
        400,
        "data.file.mimeType application/pdf does not match the file's bytes.",
      ]);
      const typo = await call('/v2/memory/knowledge/ingest', {
        source: 'inline',
        file: { ...inline('x'), bas64: 'eA==' },
      });
      expect(typo.body.error?.message).toContain('bas64');

      expect(await data('/v2/memory/knowledge/delete', { sourceId: started.sourceId })).toEqual({
        status: 'deleted',
        sourceId: started.sourceId,
        deletedChunks: 1,
        deletedRules: 4,
      });
      const [left] = await world.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM memory_knowledge_rule WHERE source_id = $1',
        [started.sourceId],
      );
      expect(left.n).toBe(0);
    },
    LONG,
  );

  it(
    'completes an ingestion once when its worker is SIGKILLed while the model answers',
    async () => {
      stub.misbehave('hold');
      const started = await data<{ sourceId: string }>('/v2/memory/knowledge/ingest', {
        source: 'inline',
        file: inline(`${CHECKLIST}\n- Always spell the brand name right.`),
      });
      await eventually(
        () => {
          if (stub.requestsTo('/v1/embeddings').length === 0) throw new Error('not asked yet');
        },
        { timeoutMs: 30_000, intervalMs: 50 },
      );
      expect(await worker.stop('SIGKILL')).toBe('SIGKILL');
      stub.release();
      worker = await startWorker({ ...world.env, AI_BASE_URL: stub.url, ...ENV });
      expect(await settled(started.sourceId)).toMatchObject({
        status: 'completed',
        extractedRulesCount: 4,
        chunkCount: 1,
      });
      const [rows] = await world.query<{ rules: number; chunks: number }>(
        `SELECT (SELECT count(*) FROM memory_knowledge_rule WHERE source_id = $1)::int AS rules,
                (SELECT count(*) FROM memory_knowledge_chunk WHERE source_id = $1)::int AS chunks`,
        [started.sourceId],
      );
      expect(rows).toEqual({ rules: 4, chunks: 1 });
    },
    LONG,
  );

  it(
    'fails a workbook that would inflate past the limit without inflating it, and converts on',
    async () => {
      const xlsx = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
      const bomb = await data<{ sourceId: string }>('/v2/memory/knowledge/ingest', {
        source: 'inline',
        file: inline(zipBomb(2048), xlsx, 'bomb.xlsx'),
      });
      expect(await settled(bomb.sourceId)).toMatchObject({
        status: 'failed',
        failureReason: 'unsupported-mime-detected-post-validation',
      });
      const after = await data<{ sourceId: string }>('/v2/memory/knowledge/ingest', {
        source: 'inline',
        file: inline('- Always check the worker survived.'),
      });
      expect(await settled(after.sourceId)).toMatchObject({ status: 'completed', extractedRulesCount: 1 });
    },
    LONG,
  );

  /** upload-url, then a PUT of the bytes: the ingest fields of a fileRef. */
  async function uploaded(bytes: Buffer, mimeType: string, who: Credentials = owner) {
    const slot = await data<{ uploadUrl: string; fileRef: string; expiresAt: number }>(
      '/v2/memory/knowledge/upload-url',
      { mimeType, fileSize: bytes.length, fileName: 'brief.pdf' },
      who,
    );
    const wrongType = await fetch(slot.uploadUrl, {
      method: 'PUT',
      body: new Uint8Array(bytes),
      headers: { 'content-type': 'application/octet-stream' },
    });
    expect(wrongType.status).toBe(403);
    const put = await fetch(slot.uploadUrl, {
      method: 'PUT',
      body: new Uint8Array(bytes),
      headers: { 'content-type': mimeType },
    });
    expect(put.status).toBe(200);
    return { fileRef: slot.fileRef, mimeType };
  }

  it(
    'takes an upload once, in its own scope and key',
    async () => {
      const fields = await uploaded(Buffer.from('- Always cite.\n- Never guess.'), 'text/plain');
      const foreign = await call('/v2/memory/knowledge/ingest', { source: 'fileRef', ...fields }, other);
      expect(foreign.body.error?.status).toBe('PERMISSION_DENIED');
      const scoped = await call('/v2/memory/knowledge/ingest', {
        source: 'fileRef',
        ...fields,
        organizationId: 'acme',
      });
      expect(scoped.body.error?.status).toBe('PERMISSION_DENIED');
      expect((await call('/v2/memory/knowledge/ingest', { source: 'fileRef', ...fields })).status).toBe(200);
      const again = await call('/v2/memory/knowledge/ingest', { source: 'fileRef', ...fields });
      expect(again.body.error?.status).toBe('FAILED_PRECONDITION');
    },
    LONG,
  );

  it(
    'raises an alert from an approval-rate drop, and dismisses, actions and configures alerts',
    async () => {
      const day = 86_400_000;
      const now = Date.now();
      const rows = [
        ...Array.from({ length: 12 }, (_, i) => ['approved', now - 20 * day - i]),
        ...Array.from({ length: 6 }, (_, i) => ['rejected', now - day - i]),
      ];
      for (const [i, [decision, at]] of rows.entries())
        await world.query(
          `INSERT INTO memory_judgment (api_key_id, id, organization_id, decision, judge_type, reviewer_id, reasoning, confidence, source, created_at)
           VALUES ($1, $2, 'acme', $3, 'human', 'lee', 'seeded', 1, 'test', $4)`,
          [other.apiKey, `act_seed_${i}`, decision, at],
        );
      const alerts = await eventually(
        async () => {
          const list = await data<Array<Record<string, unknown>>>('/v2/memory/alerts/list', {}, other);
          if (list.length === 0) throw new Error('no alert yet');
          return list;
        },
        { timeoutMs: 30_000, intervalMs: 200 },
      );
      expect(alerts).toEqual([
        expect.objectContaining({
          alertType: 'anomaly',
          severity: 'high',
          status: 'active',
          dedupKey: 'anomaly:approvalRate',
          evidence: { metric: 'approvalRate', baseline: 12 / 18, current: 0, window: '7d vs 30d' },
          dismissedAt: null,
          dismissedBy: null,
        }),
      ]);
      expect(await data('/v2/memory/alerts/list', {})).toEqual([]);
      const foreign = await call('/v2/memory/alerts/dismiss', { alertId: alerts[0].id }, owner);
      expect(foreign.body.error?.status).toBe('NOT_FOUND');
      expect(await data('/v2/memory/alerts/dismiss', { alertId: alerts[0].id, user: { uid: 'lee' } }, other)).toEqual({
        success: true,
      });
      expect(await data('/v2/memory/alerts/list', {}, other)).toEqual([]);
      const [row] = await world.query<{ dismissed_by: string }>('SELECT dismissed_by FROM memory_alert WHERE id = $1', [
        alerts[0].id,
      ]);
      expect(row.dismissed_by).toBe('lee');
      expect(await data('/v2/memory/alerts/action', { alertId: alerts[0].id }, other)).toEqual({ success: true });

      expect(await data('/v2/memory/alerts/config/get', {})).toEqual({ enabled: true });
      await data('/v2/memory/alerts/config/update', { config: { maxAlertsPerWeek: 5, custom: 'kept' } });
      await data('/v2/memory/alerts/config/update', { config: { severityThreshold: 'medium' } });
      expect(await data('/v2/memory/alerts/config/get', {})).toEqual({
        enabled: true,
        maxAlertsPerWeek: 5,
        custom: 'kept',
        severityThreshold: 'medium',
      });
      const bad = await call('/v2/memory/alerts/config/update', { config: { maxAlertsPerWeek: -1 } });
      expect(bad.body.error?.message).toBe('data.config.maxAlertsPerWeek must be a non-negative integer.');
    },
    LONG,
  );

  it(
    "keeps tenants apart, and erases a user's memory with users/data/delete and everything with the API key",
    async () => {
      const uploaded = await data<{ sourceId: string }>('/v2/memory/knowledge/ingest', {
        source: 'inline',
        file: inline('- Dana says: always double-check numbers.'),
        organizationId: 'acme',
        user: { userId: 'dana' },
      });
      await settled(uploaded.sourceId);
      await thread('d1', 'dana', 'Numbers in table two look wrong.');
      await embedded();

      expect(
        (await data<{ results: unknown[] }>('/v2/memory/judgments/query', { reviewerId: 'dana' }, other)).results,
      ).toEqual([]);
      const foreign = await data<{ results: Judgment[] }>('/v2/memory/search', { query: 'numbers table' }, other);
      expect(foreign.results.filter((j) => j.reasoning.includes('Numbers'))).toEqual([]);
      expect((await call('/v2/memory/knowledge/ingest-status', { sourceId: uploaded.sourceId }, other)).status).toBe(
        404,
      );
      expect(await data('/v2/memory/knowledge/download', { sourceId: uploaded.sourceId }, other)).toBeNull();
      expect(
        (await data<{ results: unknown[] }>('/v2/memory/knowledge/search', { query: 'double-check numbers' }, other))
          .results,
      ).toEqual([]);

      const page = await data<{ memory: Array<Record<string, unknown>> }>('/v2/users/data/get', {
        organizationId: 'acme',
        userId: 'dana',
      });
      expect(page.memory.map((item) => item.kind).sort()).toEqual(['judgment', 'knowledgeSource']);
      const { jobId } = await data<{ jobId: string }>('/v2/users/data/delete', { userIds: ['dana'] });
      await eventually(
        async () => {
          const status = await data<{ isDeleteCompleted: boolean }>('/v2/users/data/delete/status', { jobId });
          if (!status.isDeleteCompleted) throw new Error('running');
        },
        { timeoutMs: 30_000, intervalMs: 200 },
      );
      const after = await data<{ memory: unknown[] }>('/v2/users/data/get', { organizationId: 'acme', userId: 'dana' });
      expect(after.memory).toEqual([]);
      expect((await call('/v2/memory/knowledge/ingest-status', { sourceId: uploaded.sourceId })).status).toBe(404);
      expect(
        (await data<{ results: unknown[] }>('/v2/memory/judgments/query', { reviewerId: 'sarah' })).results,
      ).not.toEqual([]);

      const tables = [
        'memory_judgment',
        'memory_knowledge_source',
        'memory_knowledge_upload',
        'memory_alert',
        'memory_alert_config',
      ];
      const count = async (apiKey: string) => {
        let total = 0;
        for (const table of tables) {
          const [row] = await world.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM ${table} WHERE api_key_id = $1`,
            [apiKey],
          );
          total += row.n;
        }
        return total;
      };
      expect(await count(owner.apiKey)).toBeGreaterThan(0);
      await world.query('DELETE FROM api_key WHERE id = $1', [owner.apiKey]);
      expect(await count(owner.apiKey)).toBe(0);
      const [chunks] = await world.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM memory_knowledge_chunk WHERE api_key_id = $1',
        [owner.apiKey],
      );
      expect(chunks.n).toBe(0);
      expect(await count(other.apiKey)).toBeGreaterThan(0);
    },
    LONG,
  );
});
