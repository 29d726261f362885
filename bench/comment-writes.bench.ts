import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { apiKeyHeaders, createWorkspace, post } from '../test/support/http-client';
import { startApi } from '../test/support/processes';
import { seedDocument, seedEditors } from '../test/support/seed';
import { createTestEnvironment, TestEnvironment } from '../test/support/test-environment';
import { fixed, Figure, report } from './report';
import { BenchServer, startBenchServer } from './support/bench-server';
import { addRequest, DOC } from './support/comment-add-request';
import { TenantSinks } from './support/comment-write-work';
import { median } from './support/interleave';
import { processCpuMs } from './support/process-cpu';
import { runBench } from './support/run-bench';

/**
 * Issue 26's comment-write figures. Every write is one commentannotations/add (one thread, one comment
 * mentioning bob, triggerNotification), sent one at a time, to two tenants: one whose sinks all write
 * nothing (the notification trigger off, nothing else configured), one with a basic webhook, activities
 * and notifications (no worker runs, so deliveries stay queued). The yardstick is a bare node:http + pg
 * server running the same statements, publishes and job (bare-comment-server.ts); beside it, the minimal
 * Nest peer of bench:routes (nest-peer/) runs the same work behind Nest, Express, the ValidationPipe and
 * a DTO shaped like the API's. Before timing, each must write the same rows as the API and answer the
 * same envelope. With BENCH_BASELINE_DIST (another commit's `dist`) that build's API takes its turn too.
 * Each round runs ADDS writes per server and tenant in turn; a figure is the median of the rounds' CPU
 * per write (or adds/s) and of their ratios.
 */
const ADDS = Number(process.env.BENCH_COMMENT_ADDS ?? 200);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const ENV = { LOG_LEVEL: 'info', WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true' };
const RAW_URL = 'http://127.0.0.1:9/raw';
const TENANTS = ['no sink', 'basic webhook + activity + notification'] as const;
type TenantName = (typeof TENANTS)[number];

interface Server {
  name: string;
  url: string;
  pid: number;
}

interface Tenant {
  apiKeyId: string;
  headers: Record<string, string>;
  sinks: TenantSinks;
}

let threads = 0;

async function addOne(server: Server, tenant: Tenant, annotationId = `t${++threads}`): Promise<unknown> {
  const response = await post(server.url, '/v2/commentannotations/add', addRequest(annotationId), tenant.headers);
  if (response.status !== 200)
    throw new Error(`${server.name} commentannotations/add: ${JSON.stringify(response.body)}`);
  return response.body;
}

interface Run {
  cpuMsPerAdd: number;
  addsPerSecond: number;
  p50: number;
}

async function addComments(server: Server, tenant: Tenant, count: number): Promise<Run> {
  const times: number[] = [];
  const cpuBefore = processCpuMs(server.pid);
  const started = performance.now();
  for (let i = 0; i < count; i++) {
    const at = performance.now();
    await addOne(server, tenant);
    times.push(performance.now() - at);
  }
  const cpuMs = processCpuMs(server.pid) - cpuBefore;
  return {
    cpuMsPerAdd: cpuMs / count,
    addsPerSecond: (count * 1000) / (performance.now() - started),
    p50: median(times),
  };
}

async function tenant(api: Server, world: TestEnvironment, name: TenantName): Promise<Tenant> {
  const owner = await createWorkspace(api.url);
  const headers = apiKeyHeaders(owner);
  await seedDocument(world, owner.apiKey, DOC.organizationId, DOC.documentId);
  await seedEditors(api.url, owner, DOC.organizationId, ['ann', 'bob']);
  const updates: Array<[string, unknown]> =
    name === 'no sink'
      ? [
          [
            '/v2/workspace/notificationconfig/update',
            {
              useNotificationService: true,
              notificationServiceConfig: { triggers: { comment: { 'comment_annotation.add': false } } },
            },
          ],
        ]
      : [
          [
            '/v2/workspace/webhookconfig/update',
            { useWebhookService: true, webhookServiceConfig: { rawNotificationUrl: RAW_URL } },
          ],
          ['/v2/workspace/activityconfig/update', { activityServiceConfig: { isEnabled: true } }],
        ];
  for (const [path, data] of updates) {
    const response = await post(api.url, path, data, headers);
    if (response.status !== 200) throw new Error(`${path}: ${JSON.stringify(response.body)}`);
  }
  const sinks: TenantSinks =
    name === 'no sink'
      ? { activity: false, notification: false, immutableActivities: true }
      : { rawWebhookUrl: RAW_URL, activity: true, notification: true, immutableActivities: true };
  return { apiKeyId: owner.apiKey, headers, sinks };
}

/** What one add wrote, with generated ids, sequence numbers, times and the annotation's id left out. */
async function writtenBy(world: TestEnvironment, apiKeyId: string, annotationId: string): Promise<unknown> {
  const written: Record<string, unknown> = {};
  for (const [table, sql] of Object.entries({
    annotations: `SELECT to_jsonb(a) - '{seq,id,created_at,updated_at}'::text[] AS row FROM comment_annotation a
           WHERE api_key_id = $1 AND id = $2`,
    comments: `SELECT to_jsonb(c) - '{seq,annotation_id,created_at,updated_at}'::text[] AS row FROM comment c
           WHERE api_key_id = $1 AND annotation_id = $2`,
    changes: `SELECT kind AS row FROM comment_change WHERE api_key_id = $1 AND annotation_id = $2`,
    deliveries: `SELECT jsonb_build_object('event', d.event, 'target', d.target, 'url', d.url, 'status', d.status,
             'payload', d.payload - '{webhookId,id,timestamp}'::text[], 'eventRow', (SELECT e.event FROM webhook_event e WHERE e.id = d.event_id)) AS row
           FROM webhook_delivery d WHERE d.api_key_id = $1 AND strpos(d.payload::text, $2) > 0`,
    notifications: `SELECT jsonb_build_object('n', to_jsonb(n) - '{seq,id,created_at,source_data}'::text[],
             'users', (SELECT jsonb_agg(u.person) FROM notification_user u WHERE u.api_key_id = n.api_key_id AND u.notification_id = n.id)) AS row
           FROM notification n WHERE n.api_key_id = $1 AND n.source_data->>'annotationId' = $2`,
    activities: `SELECT to_jsonb(a) - '{id,timestamp,target_entity_id,entity_data,entity_target_data}'::text[] AS row FROM activity a
           WHERE a.api_key_id = $1 AND a.target_entity_id = $2`,
  }))
    written[table] = await world.query(sql, [apiKeyId, annotationId]);
  return written;
}

/** Refuses to time a yardstick that does not write what the API writes, or answers otherwise. */
async function proveSameWork(
  world: TestEnvironment,
  api: Server,
  yardsticks: Server[],
  tenants: Tenant[],
): Promise<void> {
  // Payloads carry the times of the write (ms and ISO 8601): those may differ, nothing else.
  const same = (value: unknown, id: string) =>
    JSON.stringify(value)
      .replaceAll(id, 'ID')
      .replace(/\b1\d{12}\b/g, 'MS')
      .replace(/"\d{4}-\d\d-\d\dT[\d:.]+Z"/g, '"ISO"');
  for (const t of tenants) {
    const apiAnswer = same(await addOne(api, t, 'same-api'), 'same-api');
    const apiRows = same(await writtenBy(world, t.apiKeyId, 'same-api'), 'same-api');
    for (const [i, yardstick] of yardsticks.entries()) {
      const id = `same-${i}`;
      const answer = await addOne(yardstick, t, id);
      if (same(answer, id) !== apiAnswer)
        throw new Error(`${yardstick.name} answers otherwise: ${apiAnswer} vs ${JSON.stringify(answer)}`);
      const rows = await writtenBy(world, t.apiKeyId, id);
      if (same(rows, id) !== apiRows)
        throw new Error(`${yardstick.name} writes other rows: ${apiRows} vs ${JSON.stringify(rows)}`);
    }
  }
}

async function main(): Promise<void> {
  const baselineDist = process.env.BENCH_BASELINE_DIST;
  const world = await createTestEnvironment();
  const api = await startApi(world.env, ENV);
  const baseline = baselineDist ? await startApi(world.env, ENV, baselineDist) : undefined;
  let yardstickServers: BenchServer[] = [];
  try {
    const apiServer: Server = { name: 'API', url: api.url, pid: api.child.pid! };
    const tenants = {
      'no sink': await tenant(apiServer, world, 'no sink'),
      'basic webhook + activity + notification': await tenant(
        apiServer,
        world,
        'basic webhook + activity + notification',
      ),
    };
    const yardstickEnv = {
      ...world.env,
      COMMENT_SINKS: JSON.stringify(Object.fromEntries(Object.values(tenants).map((t) => [t.apiKeyId, t.sinks]))),
    };
    yardstickServers = await Promise.all([
      startBenchServer(join(__dirname, 'bare-comment-server.js'), yardstickEnv),
      startBenchServer(join(__dirname, 'nest-peer', 'main.js'), yardstickEnv),
    ]);
    const [bare, peer]: Server[] = [
      { name: 'bare node:http + pg', ...yardstickServers[0] },
      { name: 'minimal Nest peer', ...yardstickServers[1] },
    ];
    await proveSameWork(world, apiServer, [bare, peer], Object.values(tenants));
    const servers: Server[] = [
      apiServer,
      bare,
      peer,
      ...(baseline ? [{ name: baselineDist!, url: baseline.url, pid: baseline.child.pid! }] : []),
    ];
    for (const server of servers)
      for (const name of TENANTS) await addComments(server, tenants[name], Math.ceil(ADDS / 4));
    const figures: Figure[] = [];
    for (const name of TENANTS) {
      const runs: Run[][] = servers.map(() => []);
      // The order rotates every round, so no server always runs first.
      for (let round = 0; round < ROUNDS; round++)
        for (let turn = 0; turn < servers.length; turn++) {
          const i = (round + turn) % servers.length;
          runs[i].push(await addComments(servers[i], tenants[name], ADDS));
        }
      const describe = (own: Run[]) =>
        `${fixed(median(own.map((r) => r.cpuMsPerAdd)), 3)} ms CPU/add, ${fixed(median(own.map((r) => r.addsPerSecond)), 0)} adds/s (p50 ${fixed(median(own.map((r) => r.p50)), 2)} ms)`;
      const ratios = (other: number) => runs[0].map((run, round) => run.cpuMsPerAdd / runs[other][round].cpuMsPerAdd);
      const rateRatios = runs[0].map((run, round) => run.addsPerSecond / runs[2][round].addsPerSecond);
      figures.push({
        measurement: `API CPU per comment add, ${name}: API ÷ bare yardstick (per-round ${ratios(1)
          .map((r) => fixed(r, 2))
          .join(' ')})`,
        value: describe(runs[0]),
        baseline: `bare node:http + pg, same statements: ${describe(runs[1])}`,
        ratio: median(ratios(1)),
      });
      figures.push(
        {
          measurement: `API CPU per comment add, ${name}: API ÷ minimal Nest peer (per-round ${ratios(2)
            .map((r) => fixed(r, 2))
            .join(' ')})`,
          value: describe(runs[0]),
          baseline: `minimal Nest peer, same statements: ${describe(runs[2])}`,
          ratio: median(ratios(2)),
        },
        {
          measurement: `Comment adds/s, ${name}: API ÷ minimal Nest peer (per-round ${rateRatios
            .map((r) => fixed(r, 2))
            .join(' ')})`,
          value: `${fixed(median(runs[0].map((r) => r.addsPerSecond)), 0)} adds/s`,
          baseline: `minimal Nest peer: ${fixed(median(runs[2].map((r) => r.addsPerSecond)), 0)} adds/s`,
          ratio: median(rateRatios),
        },
      );
      if (baseline)
        figures.push({
          measurement: `API CPU per comment add, ${name}: this build ÷ ${baselineDist} (per-round ${ratios(3)
            .map((r) => fixed(r, 2))
            .join(' ')})`,
          value: describe(runs[0]),
          baseline: describe(runs[3]),
          ratio: median(ratios(3)),
        });
    }
    report(
      'comment-writes',
      `${ROUNDS} rounds of ${ADDS} sequential adds per server and tenant, servers taking turns (the first rotating); medians`,
      figures,
    );
  } finally {
    await Promise.all([api.stop(), baseline?.stop(), ...yardstickServers.map((server) => server.stop())]);
    await world.dispose();
  }
}

runBench(main);
