import { performance } from 'node:perf_hooks';
import { Client } from 'pg';
import { apiKeyHeaders, createWorkspace, post } from '../test/support/http-client';
import { startApi } from '../test/support/processes';
import { createTestEnvironment } from '../test/support/test-environment';
import { report } from './report';
import { median } from './support/interleave';
import { runBench } from './support/run-bench';

/**
 * Issue 3, item 7: documents/add of 1,000 documents against a raw `pg` multi-row insert of the same
 * rows, alternating sides. documents/get throughput is in bench/routes.bench.ts, against baselines
 * that do the same I/O. Only the ratio is meaningful; on a small shared machine even it is noisy.
 */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const DOCUMENTS = 1000;

const fmt = (value: number, digits = 1) => value.toFixed(digits);

function documentsOf(round: number, side: string) {
  return Array.from({ length: DOCUMENTS }, (_, i) => ({
    documentId: `${side}-${round}-${String(i).padStart(4, '0')}`,
    documentName: `Document ${i}`,
    metadata: { index: i },
  }));
}

async function rawInsert(
  db: Client,
  apiKeyId: string,
  organizationId: string,
  docs: ReturnType<typeof documentsOf>,
): Promise<number> {
  const values: string[] = [];
  const params: unknown[] = [apiKeyId, organizationId];
  for (const doc of docs) {
    const n = params.length;
    values.push(`($1, $2, $${n + 1}, $${n + 2}, 'public', $${n + 3}::jsonb)`);
    params.push(doc.documentId, doc.documentName, JSON.stringify(doc.metadata));
  }
  const started = performance.now();
  const result = await db.query(
    `INSERT INTO document (api_key_id, organization_id, id, name, access_type, metadata) VALUES ${values.join(', ')} ON CONFLICT DO NOTHING`,
    params,
  );
  const elapsed = performance.now() - started;
  if (result.rowCount !== DOCUMENTS) throw new Error(`raw insert stored ${result.rowCount} rows`);
  return elapsed;
}

async function main(): Promise<void> {
  const world = await createTestEnvironment();
  const api = await startApi(world.env, { LOG_LEVEL: 'error' });
  const db = new Client({ connectionString: world.databaseUrl });
  await db.connect();
  try {
    const owner = await createWorkspace(api.url);
    const headers = apiKeyHeaders(owner);
    await post(
      api.url,
      '/v2/organizations/add',
      { organizations: [{ organizationId: 'via-api' }, { organizationId: 'via-pg' }] },
      headers,
    );

    // (a) One warm-up round per side, then alternate sides so drift hits both alike.
    const apiMs: number[] = [];
    const pgMs: number[] = [];
    for (let round = 0; round <= ROUNDS; round++) {
      const body = { organizationId: 'via-api', documents: documentsOf(round, 'api') };
      const started = performance.now();
      const response = await post(api.url, '/v2/organizations/documents/add', body, headers);
      const elapsed = performance.now() - started;
      if (response.status !== 200) throw new Error(`documents/add answered ${response.status}`);
      const pgElapsed = await rawInsert(db, owner.apiKey, 'via-pg', documentsOf(round, 'pg'));
      if (round === 0) continue;
      apiMs.push(elapsed);
      pgMs.push(pgElapsed);
    }

    const addRatio = median(apiMs) / median(pgMs);
    report('documents', `${ROUNDS} rounds of ${DOCUMENTS} documents`, [
      {
        measurement: 'documents/add 1,000 (median ms)',
        value: fmt(median(apiMs)),
        baseline: `${fmt(median(pgMs))} ms raw pg multi-row insert`,
        ratio: addRatio,
        target: '<= 3',
        met: addRatio <= 3,
      },
    ]);
    console.log(
      `add rounds (ms) api: ${apiMs.map((v) => fmt(v)).join(' ')} | pg: ${pgMs.map((v) => fmt(v)).join(' ')}`,
    );
    console.log('Figures are noisy: 2 shared cores run the API, PostgreSQL and this process.');
  } finally {
    await db.end();
    await api.stop();
    await world.dispose();
  }
}

runBench(main);
