import { Queue } from 'bullmq';
import { performance } from 'node:perf_hooks';
import { Client } from 'pg';
import { QUEUE } from '@app/queue';
import { apiKeyHeaders, createWorkspace, post } from '../test/support/http-client';
import { RunningProcess, startApi, startWorker } from '../test/support/processes';
import { createTestEnvironment, REDIS_URL } from '../test/support/test-environment';
import { report } from './report';
import { median } from './support/interleave';
import { processCpuMs } from './support/process-cpu';
import { runBench } from './support/run-bench';

/**
 * Issue 5: (a) migrations/s of one batch with 1 and with 2 worker processes, (b) the time to
 * migrate a document carrying GRANTS grants and as many live-state rows, end to end (request to
 * `completed`), against a raw SQL re-key of the same rows (the same cascading UPDATE in its own
 * transaction), (c) the worker's CPU milliseconds per migration in the batch (from /proc). Everything
 * runs on one machine in one run, so only the ratios mean anything.
 */
const BATCH = Number(process.env.BENCH_BATCH ?? 300);
const GRANTS = Number(process.env.BENCH_GRANTS ?? 10_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const POLL_MS = 5;

const fmt = (value: number, digits = 1) => value.toFixed(digits);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function main(): Promise<void> {
  const world = await createTestEnvironment();
  const api = await startApi(world.env, { LOG_LEVEL: 'error' });
  const db = new Client({ connectionString: world.databaseUrl });
  await db.connect();
  // Paused while the batch is queued and the workers boot, so every worker starts on a full queue at once.
  const queue = new Queue(QUEUE.MIGRATION, {
    connection: { url: REDIS_URL, maxRetriesPerRequest: null },
    prefix: `${world.name}:bull`,
  });
  let workers: RunningProcess[] = [];
  try {
    const owner = await createWorkspace(api.url);
    const headers = apiKeyHeaders(owner);
    const migrate = async (organizationId: string, documentId: string, newDocumentId: string) => {
      const response = await post<{ migrationId: string }>(
        api.url,
        '/v2/organizations/documents/migrate',
        { organizationId, documentId, newDocumentId },
        headers,
      );
      if (response.status !== 200)
        throw new Error(`migrate answered ${response.status}: ${JSON.stringify(response.body)}`);
      return response.body.result.data.migrationId;
    };
    const completed = async (ids: string[]) =>
      Number(
        (
          await db.query<{ n: string }>(
            `SELECT count(*) AS n FROM document_migration WHERE id = ANY($1) AND status = 'completed'`,
            [ids],
          )
        ).rows[0].n,
      );
    const waitCompleted = async (ids: string[]) => {
      while ((await completed(ids)) < ids.length) await sleep(POLL_MS);
    };
    const startWorkers = (count: number) =>
      Promise.all(Array.from({ length: count }, () => startWorker(world.env, { WORKER_QUEUES: 'migration' })));
    const stopWorkers = async () => {
      await Promise.all(workers.map((worker) => worker.stop('SIGTERM')));
      workers = [];
    };

    // (a) Throughput: the same batch shape for 1 and 2 workers.
    const throughput: Record<number, number> = {};
    const cpuMsPerMigration: Record<number, number> = {};
    for (const count of [1, 2]) {
      const organizationId = `batch-${count}`;
      await db.query('INSERT INTO organization (api_key_id, id, name) VALUES ($1, $2, $2)', [
        owner.apiKey,
        organizationId,
      ]);
      await db.query(
        `INSERT INTO document (api_key_id, organization_id, id, name) SELECT $1, $2, 'd' || n, 'd' || n FROM generate_series(1, $3::int) n`,
        [owner.apiKey, organizationId, BATCH],
      );
      await queue.pause();
      const ids: string[] = [];
      for (let n = 1; n <= BATCH; n++) ids.push(await migrate(organizationId, `d${n}`, `d${n}-new`));
      workers = await startWorkers(count);
      const cpu = () => workers.reduce((sum, worker) => sum + processCpuMs(worker.child.pid!), 0);
      const cpuBefore = cpu();
      const started = performance.now();
      await queue.resume();
      await waitCompleted(ids);
      throughput[count] = BATCH / ((performance.now() - started) / 1000);
      cpuMsPerMigration[count] = (cpu() - cpuBefore) / BATCH;
      await stopWorkers();
    }

    // (b) One heavy document, through the service and by raw SQL, alternating so drift hits both alike.
    await db.query(`INSERT INTO organization (api_key_id, id, name) VALUES ($1, 'heavy', 'heavy')`, [owner.apiKey]);
    const seedHeavy = async (documentId: string) => {
      await db.query(`INSERT INTO document (api_key_id, organization_id, id, name) VALUES ($1, 'heavy', $2, $2)`, [
        owner.apiKey,
        documentId,
      ]);
      await db.query(
        `INSERT INTO document_grant (api_key_id, organization_id, document_id, user_id, access_role)
         SELECT $1, 'heavy', $2, 'user-' || n, 'editor' FROM generate_series(1, $3::int) n`,
        [owner.apiKey, documentId, GRANTS],
      );
      await db.query(
        `INSERT INTO live_state (api_key_id, organization_id, document_id, id, data)
         SELECT $1, 'heavy', $2, 'state-' || n, jsonb_build_object('n', n) FROM generate_series(1, $3::int) n`,
        [owner.apiKey, documentId, GRANTS],
      );
    };
    workers = await startWorkers(1);
    const serviceMs: number[] = [];
    const rawMs: number[] = [];
    for (let round = 0; round <= ROUNDS; round++) {
      await seedHeavy(`svc-${round}`);
      await seedHeavy(`raw-${round}`);
      let started = performance.now();
      await waitCompleted([await migrate('heavy', `svc-${round}`, `svc-${round}-new`)]);
      const service = performance.now() - started;
      started = performance.now();
      await db.query('BEGIN');
      const { rowCount } = await db.query(
        `UPDATE document SET id = $3 WHERE api_key_id = $1 AND organization_id = 'heavy' AND id = $2`,
        [owner.apiKey, `raw-${round}`, `raw-${round}-new`],
      );
      await db.query('COMMIT');
      const raw = performance.now() - started;
      if (rowCount !== 1) throw new Error('raw re-key missed its row');
      if (round === 0) continue;
      serviceMs.push(service);
      rawMs.push(raw);
    }
    await stopWorkers();

    const scale = throughput[2] / throughput[1];
    const heavyRatio = median(serviceMs) / median(rawMs);
    report(
      'migrations',
      `batch of ${BATCH}; ${ROUNDS} rounds of a document with ${GRANTS} grants + ${GRANTS} live-state rows`,
      [
        { measurement: 'batch, 1 worker (migrations/s)', value: fmt(throughput[1]) },
        {
          measurement: 'batch, 2 workers (migrations/s)',
          value: fmt(throughput[2]),
          baseline: '1 worker',
          ratio: scale,
        },
        {
          measurement: 'worker CPU per migration (ms), batch',
          value: fmt(cpuMsPerMigration[1], 2),
          baseline: `${fmt(cpuMsPerMigration[2], 2)} ms with 2 workers`,
        },
        {
          measurement: `document with ${GRANTS} grants + live state (median ms)`,
          value: fmt(median(serviceMs)),
          baseline: `${fmt(median(rawMs))} ms raw SQL re-key`,
          ratio: heavyRatio,
          target: '<= 2',
          met: heavyRatio <= 2,
        },
      ],
    );
    console.log(
      `heavy rounds (ms) service: ${serviceMs.map((v) => fmt(v)).join(' ')} | raw: ${rawMs.map((v) => fmt(v)).join(' ')}`,
    );
    console.log('Figures are noisy: 2 shared cores; PostgreSQL, Redis, API and workers share them.');
  } finally {
    await Promise.all(workers.map((worker) => worker.stop('SIGTERM')));
    await queue.close();
    await db.end();
    await api.stop();
    await world.dispose();
  }
}

runBench(main);
