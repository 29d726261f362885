import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Client } from 'pg';
import { apiKeyHeaders, createWorkspace, Envelope, post } from '../test/support/http-client';
import { startApi } from '../test/support/processes';
import { createTestEnvironment } from '../test/support/test-environment';
import { report } from './report';

/**
 * Issue 3, item 7: (a) documents/add of 1,000 documents against a raw `pg` multi-row insert of the
 * same rows, (b) documents/get throughput (pages of 100) against a bare node:http server answering
 * the same envelope. Both sides run in the same process tree at the same time of day, so only the
 * ratios are meaningful; on a small shared machine even those are noisy.
 */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const DOCUMENTS = 1000;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const fmt = (value: number, digits = 1) => value.toFixed(digits);

function documentsOf(round: number, side: string) {
  return Array.from({ length: DOCUMENTS }, (_, i) => ({
    documentId: `${side}-${round}-${String(i).padStart(4, '0')}`,
    documentName: `Document ${i}`,
    metadata: { index: i },
  }));
}

async function rawInsert(db: Client, apiKeyId: string, organizationId: string, docs: ReturnType<typeof documentsOf>): Promise<number> {
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

async function startBareServer(envelope: string): Promise<{ url: string; stop: () => void }> {
  const child = spawn(process.execPath, [join(__dirname, 'bare-envelope-server.js')], { stdio: ['pipe', 'pipe', 'inherit'] });
  child.stdin.end(envelope);
  const [line] = (await once(child.stdout, 'data')) as [Buffer];
  return { url: `http://127.0.0.1:${String(line).trim()}`, stop: () => child.kill('SIGTERM') };
}

async function main(): Promise<void> {
  const world = await createTestEnvironment();
  const api = await startApi(world.env, { LOG_LEVEL: 'error' });
  const db = new Client({ connectionString: world.databaseUrl });
  await db.connect();
  try {
    const owner = await createWorkspace(api.url);
    const headers = apiKeyHeaders(owner);
    await post(api.url, '/v2/organizations/add', { organizations: [{ organizationId: 'via-api' }, { organizationId: 'via-pg' }] }, headers);

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

    // (b) Same request body and the same response envelope on both servers.
    const getBody = JSON.stringify({ data: { organizationId: 'via-api', pageSize: 100 } });
    const sample = await fetch(`${api.url}/v2/organizations/documents/get`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: getBody,
    });
    const envelope = await sample.text();
    if (sample.status !== 200 || (JSON.parse(envelope) as Envelope<unknown[]>).result.data.length !== 100) throw new Error('documents/get sample failed');
    const bare = await startBareServer(envelope);
    const load = (url: string) =>
      autocannon({
        url,
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: getBody,
        connections: CONNECTIONS,
        duration: DURATION_S,
      });
    const bareResult = await load(`${bare.url}/v2/organizations/documents/get`);
    bare.stop();
    const apiResult = await load(`${api.url}/v2/organizations/documents/get`);
    if (apiResult.non2xx > 0 || apiResult.errors > 0) throw new Error(`documents/get under load: ${apiResult.non2xx} non-2xx, ${apiResult.errors} errors`);

    const addRatio = median(apiMs) / median(pgMs);
    const getRatio = apiResult.requests.average / bareResult.requests.average;
    report('documents', `${ROUNDS} rounds of ${DOCUMENTS} documents; ${DURATION_S} s x ${CONNECTIONS} connections per load run`, [
      {
        measurement: 'documents/add 1,000 (median ms)',
        value: fmt(median(apiMs)),
        baseline: `${fmt(median(pgMs))} ms raw pg multi-row insert`,
        ratio: addRatio,
        target: '<= 3',
        met: addRatio <= 3,
      },
      {
        measurement: 'documents/get page of 100 (req/s)',
        value: fmt(apiResult.requests.average, 0),
        baseline: `${fmt(bareResult.requests.average, 0)} req/s bare node:http`,
        ratio: getRatio,
        target: '>= 0.30',
        met: getRatio >= 0.3,
      },
    ]);
    console.log(`add rounds (ms) api: ${apiMs.map((v) => fmt(v)).join(' ')} | pg: ${pgMs.map((v) => fmt(v)).join(' ')}`);
    console.log(`get latency p50/p99 (ms) api: ${apiResult.latency.p50}/${apiResult.latency.p99} | bare: ${bareResult.latency.p50}/${bareResult.latency.p99}`);
    console.log('Figures are noisy: 2 shared cores, load generator on the same machine.');
  } finally {
    await db.end();
    await api.stop();
    await world.dispose();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
