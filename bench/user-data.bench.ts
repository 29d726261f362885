import { performance } from 'node:perf_hooks';
import { Client } from 'pg';
import { apiKeyHeaders, createWorkspace, post } from '../test/support/http-client';
import { RunningProcess, startApi, startWorker } from '../test/support/processes';
import { createTestEnvironment } from '../test/support/test-environment';
import { fixed, report } from './report';
import { runBench } from './support/run-bench';

/**
 * Issue 13: the GDPR deletion of one user who wrote COMMENTS comments spread over DOCUMENTS
 * documents (one thread each, plus another user's reply tagging them, a reaction and a grant per
 * document), end to end: request to `isDeleteCompleted`. Reports the longest single batch
 * transaction (from the worker's debug log) and, as the lock check, the slowest document rename
 * another client made while the deletion ran.
 */
const COMMENTS = Number(process.env.BENCH_GDPR_COMMENTS ?? 100_000);
const DOCUMENTS = Number(process.env.BENCH_GDPR_DOCUMENTS ?? 1000);
const POLL_MS = 20;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function seed(db: Client, apiKeyId: string): Promise<void> {
  const status = '{"id":"OPEN","name":"Open","type":"default"}';
  await db.query(`INSERT INTO organization (api_key_id, id, name) VALUES ($1, 'big', 'big')`, [apiKeyId]);
  await db.query(
    `INSERT INTO document (api_key_id, organization_id, id, name) SELECT $1, 'big', 'd' || n, 'd' || n FROM generate_series(1, $2::int) n`,
    [apiKeyId, DOCUMENTS],
  );
  await db.query(
    `INSERT INTO comment_annotation (api_key_id, organization_id, document_id, id, status, created_by)
     SELECT $1, 'big', 'd' || n, 't', $3, '{"userId":"subject"}' FROM generate_series(1, $2::int) n`,
    [apiKeyId, DOCUMENTS, status],
  );
  await db.query(
    `INSERT INTO comment (api_key_id, organization_id, document_id, annotation_id, id, text, from_user)
     SELECT $1, 'big', 'd' || (1 + n % $3), 't', n, 'comment ' || n, '{"userId":"subject","name":"Subject"}' FROM generate_series(1, $2::int) n`,
    [apiKeyId, COMMENTS, DOCUMENTS],
  );
  await db.query(
    `INSERT INTO comment (api_key_id, organization_id, document_id, annotation_id, id, text, from_user, tagged_user_contacts)
     SELECT $1, 'big', 'd' || n, 't', $3::int + n, 'reply', '{"userId":"other"}', '[{"userId":"subject","text":"@Subject"}]' FROM generate_series(1, $2::int) n`,
    [apiKeyId, DOCUMENTS, COMMENTS],
  );
  await db.query(
    `INSERT INTO comment_reaction (api_key_id, organization_id, document_id, annotation_id, comment_id, user_id, icon, "user")
     SELECT $1, 'big', 'd' || n, 't', $3::int + n, 'subject', 'like', '{"userId":"subject"}' FROM generate_series(1, $2::int) n`,
    [apiKeyId, DOCUMENTS, COMMENTS],
  );
  await db.query(
    `INSERT INTO document_grant (api_key_id, organization_id, document_id, user_id, access_role)
     SELECT $1, 'big', 'd' || n, 'subject', 'editor' FROM generate_series(1, $2::int) n`,
    [apiKeyId, DOCUMENTS],
  );
  await db.query('ANALYZE');
}

async function main(): Promise<void> {
  const world = await createTestEnvironment();
  const api = await startApi(world.env, { LOG_LEVEL: 'error' });
  const db = new Client({ connectionString: world.databaseUrl });
  await db.connect();
  let worker: RunningProcess | null = null;
  try {
    const owner = await createWorkspace(api.url);
    const headers = apiKeyHeaders(owner);
    const seeded = performance.now();
    await seed(db, owner.apiKey);
    console.log(
      `seeded ${COMMENTS} comments over ${DOCUMENTS} documents in ${fixed((performance.now() - seeded) / 1000)} s`,
    );
    worker = await startWorker(world.env, { WORKER_QUEUES: 'user-data', LOG_LEVEL: 'debug' });

    const started = performance.now();
    const response = await post<{ jobId: string }>(api.url, '/v2/users/data/delete', { userIds: ['subject'] }, headers);
    if (response.status !== 200)
      throw new Error(`delete answered ${response.status}: ${JSON.stringify(response.body)}`);
    const { jobId } = response.body.result.data;
    const answeredMs = performance.now() - started;

    // Another client renames documents while the deletion runs: a document lock held by the job would stall it.
    let running = true;
    const renameMs: number[] = [];
    const renamer = (async () => {
      for (let n = 1; running; n++) {
        const begun = performance.now();
        const documentId = `d${1 + (n % DOCUMENTS)}`;
        await post(
          api.url,
          '/v2/organizations/documents/update',
          { organizationId: 'big', documents: [{ documentId, documentName: `renamed ${n}` }] },
          headers,
        );
        renameMs.push(performance.now() - begun);
        await sleep(POLL_MS);
      }
    })();
    for (;;) {
      const status = await post<{ isDeleteCompleted: boolean }>(
        api.url,
        '/v2/users/data/delete/status',
        { jobId },
        headers,
      );
      if (status.body.result.data.isDeleteCompleted) break;
      await sleep(POLL_MS);
    }
    const totalMs = performance.now() - started;
    running = false;
    await renamer;

    const batches = worker
      .output()
      .split('\n')
      .filter((line) => line.includes('"User data batch committed"'))
      .map((line) => JSON.parse(line) as { kind: string; ms: number; erased: number });
    const left = await db.query<{ n: string }>(
      `SELECT count(*) AS n FROM comment WHERE api_key_id = $1 AND from_user->>'userId' = 'subject'`,
      [owner.apiKey],
    );
    if (left.rows[0].n !== '0') throw new Error(`${left.rows[0].n} comments of the subject left`);
    const longest = Math.max(...batches.map((b) => b.ms));
    report(
      'user-data',
      `one user, ${COMMENTS} comments over ${DOCUMENTS} documents (+ a tagged reply, reaction and grant each); default batch size`,
      [
        { measurement: 'delete request answered (ms)', value: fixed(answeredMs) },
        { measurement: 'request to isDeleteCompleted (s)', value: fixed(totalMs / 1000, 2) },
        { measurement: 'batch transactions', value: String(batches.length) },
        { measurement: 'longest batch transaction (ms)', value: fixed(longest) },
        { measurement: 'median batch transaction (ms)', value: fixed(median(batches.map((b) => b.ms))) },
        {
          measurement: 'slowest concurrent document rename (ms)',
          value: fixed(Math.max(...renameMs)),
          baseline: `median ${fixed(median(renameMs))} ms over ${renameMs.length}`,
        },
      ],
    );
    console.log('Figures are noisy: 2 shared cores; PostgreSQL, Redis, API and worker share them.');
  } finally {
    await worker?.stop('SIGTERM');
    await db.end();
    await api.stop();
    await world.dispose();
  }
}

runBench(main);
