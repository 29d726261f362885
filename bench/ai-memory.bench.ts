import { performance } from 'node:perf_hooks';
import { Client } from 'pg';
import { apiKeyHeaders, createWorkspace, post } from '../test/support/http-client';
import { ModelStub, stubEmbedding } from '../test/support/model-stub';
import { startApi } from '../test/support/processes';
import { createTestEnvironment } from '../test/support/test-environment';
import { Figure, fixed, report } from './report';
import { runBench } from './support/run-bench';

/**
 * Issue 39: memory search p95 over RECORDS embedded judgments of one API key (`/v2/memory/search`, the
 * stub model embedding the query at once, so the figure is our pipeline's cost), against the exact
 * answer a full scan gives (every stored vector's dot product with the query, over bare pg). Also the
 * recall of our sketch-then-rerank search against that exact top 10. pgvector is not installable on
 * this machine, so there is no pgvector figure.
 */
const RECORDS = Number(process.env.BENCH_MEMORY_RECORDS ?? 100_000);
const SAMPLES = Number(process.env.BENCH_MEMORY_SAMPLES ?? 100);
const LIMIT = 10;
const TARGET_P95_MS = 250;
const BATCH = 2000;

const VOCABULARY = Array.from({ length: 600 }, (_, i) => `w${i.toString(36)}`);
const word = () => VOCABULARY[Math.floor(Math.random() * VOCABULARY.length)];
const phrase = (words: number) => Array.from({ length: words }, word).join(' ');

function p95(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(0.95 * sorted.length) - 1)];
}

/** The exact nearest records: every row's similarity, no sketch. */
const EXACT = `SELECT id FROM memory_judgment t WHERE t.api_key_id = $2 AND t.embedding IS NOT NULL
  ORDER BY (SELECT sum(x * y) FROM unnest(t.embedding, $1::real[]) AS u(x, y)) DESC LIMIT ${LIMIT}`;

async function seed(db: Client, apiKeyId: string): Promise<void> {
  for (let start = 0; start < RECORDS; start += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, RECORDS - start) }, (_, i) => {
      const reasoning = phrase(8);
      const embedding = stubEmbedding(`rejected\n${reasoning}`);
      return {
        id: `act_${start + i}`,
        reasoning,
        embedding,
        sketch: embedding.map((x) => (x > 0 ? '1' : '0')).join(''),
        created_at: Date.now() - i,
      };
    });
    await db.query(
      `INSERT INTO memory_judgment (api_key_id, id, organization_id, decision, judge_type, reasoning, confidence, source, created_at, embedding, sketch)
       SELECT $1, v.id, 'big', 'rejected', 'human', v.reasoning, 1, 'bench', v.created_at,
              ARRAY(SELECT jsonb_array_elements_text(v.embedding)::real), v.sketch::varbit
         FROM jsonb_to_recordset($2::jsonb) AS v(id text, reasoning text, created_at bigint, embedding jsonb, sketch text)`,
      [apiKeyId, JSON.stringify(rows)],
    );
  }
  await db.query('ANALYZE memory_judgment');
}

async function main(): Promise<void> {
  const stub = await ModelStub.start();
  const world = await createTestEnvironment();
  const api = await startApi(world.env, { LOG_LEVEL: 'error', AI_BASE_URL: stub.url });
  const db = new Client({ connectionString: world.databaseUrl });
  await db.connect();
  // As the service runs its searches: JIT would compile the scan's per-row subquery for seconds.
  await db.query('SET jit = off');
  try {
    const owner = await createWorkspace(api.url);
    const seeded = performance.now();
    await seed(db, owner.apiKey);
    console.log(`seeded ${RECORDS} embedded judgments in ${fixed((performance.now() - seeded) / 1000)} s`);
    const viaApi: number[] = [];
    const exactMs: number[] = [];
    let found = 0;
    for (let sample = 0; sample <= SAMPLES; sample++) {
      const query = phrase(3);
      let started = performance.now();
      const answered = await post<{ results: Array<{ recordId: string }> }>(
        api.url,
        '/v2/memory/search',
        { query, limit: LIMIT },
        apiKeyHeaders(owner),
      );
      const apiMs = performance.now() - started;
      if (answered.status !== 200)
        throw new Error(`search answered ${answered.status}: ${JSON.stringify(answered.body)}`);
      started = performance.now();
      const exact = await db.query<{ id: string }>(EXACT, [stubEmbedding(query), owner.apiKey]);
      const scanMs = performance.now() - started;
      // The first of each is a warm-up: plan caches, pooled connections.
      if (sample === 0) continue;
      viaApi.push(apiMs);
      exactMs.push(scanMs);
      const ours = new Set(answered.body.result.data.results.map((result) => result.recordId));
      found += exact.rows.filter((row) => ours.has(row.id)).length;
    }
    const apiP95 = p95(viaApi);
    const figures: Figure[] = [
      {
        measurement: `memory/search p95 ms (limit ${LIMIT})`,
        value: fixed(apiP95),
        baseline: `${fixed(p95(exactMs))} (exact full scan over bare pg)`,
        ratio: apiP95 / p95(exactMs),
        target: `< ${TARGET_P95_MS}`,
        met: apiP95 < TARGET_P95_MS,
      },
      {
        measurement: `recall@${LIMIT} against the exact scan`,
        value: fixed(found / (SAMPLES * LIMIT), 3),
      },
    ];
    report(
      'ai-memory',
      `${RECORDS} judgments with ${stubEmbedding('x').length}-dimension embeddings in one API key; ${SAMPLES} sequential searches of 3 random words; no pgvector (not installable here)`,
      figures,
    );
  } finally {
    await db.end();
    await api.stop();
    await stub.close();
    await world.dispose();
  }
}

runBench(main);
