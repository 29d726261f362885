import { performance } from 'node:perf_hooks';
import { Client } from 'pg';
import { apiKeyHeaders, createWorkspace, post } from '../test/support/http-client';
import { startApi } from '../test/support/processes';
import { createTestEnvironment } from '../test/support/test-environment';
import { Figure, fixed, report } from './report';
import { runBench } from './support/run-bench';

/**
 * Issue 38, item 4: the console's list queries over big tables. With CONSOLE_BENCH_DELIVERIES deliveries of
 * two attempts each (1,000,000 attempts by default) and CONSOLE_BENCH_DOCUMENTS documents in one
 * organization, each listing the console pages through is timed over HTTP (the API: guard, validation, the
 * query, the envelope) and, as its yardstick, the same statement over a bare `pg` client; p95 of
 * CONSOLE_BENCH_SAMPLES requests each, target p95 under 50 ms. EXPLAIN shows which index each statement uses.
 */
const DELIVERIES = Number(process.env.CONSOLE_BENCH_DELIVERIES ?? 500_000);
const DOCUMENTS = Number(process.env.CONSOLE_BENCH_DOCUMENTS ?? 100_000);
const SAMPLES = Number(process.env.CONSOLE_BENCH_SAMPLES ?? 60);
const TARGET_P95_MS = 50;
const EVENTS = ['comment.add', 'comment_annotation.add', 'comment.update', 'comment.reaction_add', 'document.update'];

function p95(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(0.95 * sorted.length) - 1)];
}

/** One listing: its API route and body, and the statement the service runs for it with the same parameters. */
interface Listing {
  name: string;
  index: string;
  route: string;
  body: Record<string, unknown>;
  sql: string;
  params: unknown[];
}

const DELIVERY_LIST = (
  extra: string,
) => `SELECT id, seq, event_id, event, target, endpoint_id, url, organization_id, document_id,
  status, attempts, last_http_status, last_error, next_attempt_at, delivered_at, created_at, created_at::text AS created_text
  FROM webhook_delivery WHERE api_key_id = $1 ${extra} ORDER BY created_at DESC, seq DESC LIMIT 51`;

async function seed(db: Client, apiKeyId: string): Promise<void> {
  await db.query(
    `INSERT INTO organization (api_key_id, id, name)
    SELECT $1, 'org-' || lpad(n::text, 4, '0'), 'Organization ' || n FROM generate_series(1, 200) n`,
    [apiKeyId],
  );
  await db.query(`INSERT INTO organization (api_key_id, id, name) VALUES ($1, 'big', 'Big Co')`, [apiKeyId]);
  await db.query(
    `INSERT INTO document (api_key_id, organization_id, id, name, access_type)
     SELECT $1, 'big', 'doc-' || lpad(n::text, 6, '0'), (ARRAY['Roadmap', 'Notes', 'Spec', 'Budget', 'Plan'])[1 + n % 5] || ' ' || n, 'public'
       FROM generate_series(1, $2::int) n`,
    [apiKeyId, DOCUMENTS],
  );
  await db
    .query(
      `INSERT INTO webhook_endpoint (id, api_key_id, url, secret_ciphertext)
    SELECT 'ep-' || n, $1, 'https://hooks.example.com/' || n, 'v1.x' FROM generate_series(1, 4) n`,
      [apiKeyId],
    )
    .catch(() => undefined);
  // Newest last, one every 5 s over about a month; 3 % failed, a few pending, one in four to an endpoint.
  await db.query(
    `INSERT INTO webhook_delivery (id, event_id, api_key_id, organization_id, document_id, event, target, endpoint_id, url,
                                   payload, status, attempts, last_http_status, next_attempt_at, created_at)
     SELECT 'd-' || lpad(n::text, 8, '0'), 'e-' || n, $1, 'big', 'doc-' || lpad((1 + n % $3::int)::text, 6, '0'),
            ($4::text[])[1 + n % 5], CASE WHEN n % 4 = 0 THEN 'endpoint' ELSE 'raw' END,
            CASE WHEN n % 4 = 0 THEN 'ep-' || (1 + n % 3) END, 'https://hooks.example.com/raw',
            '{"event":"comment.add"}'::jsonb,
            CASE WHEN n % 33 = 0 THEN 'failed' WHEN n % 1000 = 7 THEN 'pending' ELSE 'succeeded' END, 2,
            CASE WHEN n % 33 = 0 THEN 500 ELSE 200 END,
            CASE WHEN n % 1000 = 7 THEN now() + interval '1 hour' END,
            now() - make_interval(secs => ($2::int - n) * 5)
       FROM generate_series(1, $2::int) n`,
    [apiKeyId, DELIVERIES, DOCUMENTS, EVENTS],
  );
  await db.query(
    `INSERT INTO webhook_attempt (delivery_id, attempt, started_at, duration_ms, url, request_headers, request_body,
                                  response_status, response_headers, response_body)
     SELECT d.id, a, d.created_at, 12, d.url, '{"content-type":"application/json"}'::jsonb, '{"event":"comment.add"}',
            CASE WHEN a = 1 THEN 503 ELSE d.last_http_status END, '{}'::jsonb, 'ok'
       FROM webhook_delivery d CROSS JOIN generate_series(1, 2) a WHERE d.api_key_id = $1`,
    [apiKeyId],
  );
  await db.query('ANALYZE');
}

async function main(): Promise<void> {
  const world = await createTestEnvironment();
  const api = await startApi(world.env, { LOG_LEVEL: 'error' });
  const db = new Client({ connectionString: world.databaseUrl });
  await db.connect();
  try {
    const owner = await createWorkspace(api.url);
    const seeding = performance.now();
    await seed(db, owner.apiKey);
    const [{ attempts }] = (await db.query<{ attempts: string }>('SELECT count(*) AS attempts FROM webhook_attempt'))
      .rows;
    console.log(
      `seeded ${attempts} attempts, ${DELIVERIES} deliveries, ${DOCUMENTS} documents in ${fixed((performance.now() - seeding) / 1000)} s`,
    );
    const key = owner.apiKey;
    const middle = new Date(Date.now() - (DELIVERIES / 2) * 5000);
    const dayBefore = new Date(middle.getTime() - 86_400_000);
    const listings: Listing[] = [
      {
        name: 'delivery log, newest 50',
        index: 'IDX_webhook_delivery_log',
        route: '/v2/workspace/webhooks/deliveries/get',
        body: { pageSize: 50 },
        sql: DELIVERY_LIST(''),
        params: [key],
      },
      {
        name: 'delivery log, failed',
        index: 'IDX_webhook_delivery_failed',
        route: '/v2/workspace/webhooks/deliveries/get',
        body: { pageSize: 50, status: 'failed' },
        sql: DELIVERY_LIST(`AND status = 'failed'`),
        params: [key],
      },
      {
        name: 'delivery log, one endpoint',
        index: 'IDX_webhook_delivery_endpoint',
        route: '/v2/workspace/webhooks/deliveries/get',
        body: { pageSize: 50, endpointId: 'ep-2' },
        sql: DELIVERY_LIST(`AND endpoint_id = 'ep-2'`),
        params: [key],
      },
      {
        name: 'delivery log, one day a fortnight ago',
        index: 'IDX_webhook_delivery_log',
        route: '/v2/workspace/webhooks/deliveries/get',
        body: { pageSize: 50, createdAfter: dayBefore.toISOString(), createdBefore: middle.toISOString() },
        sql: DELIVERY_LIST('AND created_at >= $2 AND created_at < $3'),
        params: [key, dayBefore, middle],
      },
      {
        name: 'delivery log, failed of one event type in that day',
        index: 'IDX_webhook_delivery_failed',
        route: '/v2/workspace/webhooks/deliveries/get',
        body: {
          pageSize: 50,
          status: 'failed',
          event: 'comment.update',
          createdAfter: dayBefore.toISOString(),
          createdBefore: middle.toISOString(),
        },
        sql: DELIVERY_LIST(
          `AND status = 'failed' AND event = 'comment.update' AND created_at >= $2 AND created_at < $3`,
        ),
        params: [key, dayBefore, middle],
      },
      {
        name: "a delivery's attempts",
        index: 'IDX_84c3a4d1f076b97885eaaefbdc',
        route: '/v2/workspace/webhooks/deliveries/attempts/get',
        body: { deliveryId: `d-${String(Math.floor(DELIVERIES / 3)).padStart(8, '0')}` },
        sql: `SELECT d.id AS found, a.* FROM webhook_delivery d LEFT JOIN webhook_attempt a ON a.delivery_id = d.id
               WHERE d.api_key_id = $1 AND d.id = $2 ORDER BY a.seq`,
        params: [key, `d-${String(Math.floor(DELIVERIES / 3)).padStart(8, '0')}`],
      },
      {
        name: 'documents of the organization, a page of 50 in the middle',
        index: 'PK_document (api_key_id, organization_id, id)',
        route: '/v2/organizations/documents/get',
        body: { organizationId: 'big', pageSize: 50 },
        sql: `SELECT id, name, disabled, access_type, folder_id, metadata FROM document
               WHERE api_key_id = $1 AND organization_id = 'big' AND id > $2 ORDER BY id LIMIT 51`,
        params: [key, `doc-${String(DOCUMENTS / 2).padStart(6, '0')}`],
      },
      {
        name: 'documents searched by name prefix',
        index: 'IDX_document_name_prefix',
        route: '/v2/organizations/documents/search',
        body: { organizationId: 'big', prefix: 'budget 7', searchBy: 'name', pageSize: 50 },
        sql: `SELECT id, name, lower(name) AS sort_name FROM document
               WHERE api_key_id = $1 AND organization_id = 'big' AND lower(name) COLLATE "C" LIKE 'budget 7%'
               ORDER BY lower(name) COLLATE "C", id LIMIT 51`,
        params: [key],
      },
      {
        name: 'documents searched by id prefix',
        index: 'PK_document (api_key_id, organization_id, id)',
        route: '/v2/organizations/documents/search',
        body: { organizationId: 'big', prefix: 'doc-0421', searchBy: 'id', pageSize: 50 },
        sql: `SELECT id, name FROM document WHERE api_key_id = $1 AND organization_id = 'big' AND id LIKE 'doc-0421%'
               ORDER BY id LIMIT 51`,
        params: [key],
      },
      {
        name: 'organizations searched by name prefix',
        index: 'IDX_organization_name_prefix',
        route: '/v2/organizations/search',
        body: { prefix: 'organization 1', searchBy: 'name', pageSize: 50 },
        sql: `SELECT id, name FROM organization WHERE api_key_id = $1 AND lower(name) COLLATE "C" LIKE 'organization 1%'
               ORDER BY lower(name) COLLATE "C", id LIMIT 51`,
        params: [key],
      },
    ];
    const figures: Figure[] = [];
    const headers = apiKeyHeaders(owner);
    for (const listing of listings) {
      const plan = (
        await db.query<{ 'QUERY PLAN': string }>(`EXPLAIN (COSTS false) ${listing.sql}`, listing.params)
      ).rows
        .map((row) => row['QUERY PLAN'])
        .join('\n    ');
      console.log(`\n${listing.name}: EXPLAIN\n    ${plan}`);
      const viaApi: number[] = [];
      const viaPg: number[] = [];
      for (let sample = 0; sample <= SAMPLES; sample++) {
        let started = performance.now();
        const answered = await post(api.url, listing.route, listing.body, headers);
        const apiMs = performance.now() - started;
        if (answered.status !== 200)
          throw new Error(`${listing.route} answered ${answered.status}: ${JSON.stringify(answered.body)}`);
        started = performance.now();
        await db.query(listing.sql, listing.params);
        const pgMs = performance.now() - started;
        // The first of each is a warm-up: plan caches, pooled connections.
        if (sample === 0) continue;
        viaApi.push(apiMs);
        viaPg.push(pgMs);
      }
      const apiP95 = p95(viaApi);
      figures.push({
        measurement: `${listing.name} (index ${listing.index}): p95 ms`,
        value: fixed(apiP95),
        baseline: `${fixed(p95(viaPg))} (the statement over bare pg)`,
        ratio: apiP95 / p95(viaPg),
        target: `< ${TARGET_P95_MS}`,
        met: apiP95 < TARGET_P95_MS,
      });
    }
    report(
      'console-lists',
      `${attempts} webhook attempts over ${DELIVERIES} deliveries, ${DOCUMENTS} documents in one organization; ${SAMPLES} sequential requests per listing`,
      figures,
    );
  } finally {
    await db.end();
    await api.stop();
    await world.dispose();
  }
}

runBench(main);
