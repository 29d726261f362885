import { performance } from 'node:perf_hooks';
import { apiKeyHeaders, createWorkspace, post } from '../test/support/http-client';
import { RunningApi, startApi } from '../test/support/processes';
import { seedDocument, seedEditors } from '../test/support/seed';
import { createTestEnvironment } from '../test/support/test-environment';
import { fixed, Figure, report } from './report';
import { median } from './support/interleave';
import { processCpuMs } from './support/process-cpu';
import { runBench } from './support/run-bench';

/**
 * Issue 26's comment-write figures, paired as bench:compare pairs builds: BENCH_BASELINE_DIST (another
 * commit's `dist`) and this checkout's API on one database. Every write is one commentannotations/add
 * (one thread, one comment mentioning bob, triggerNotification), sent one at a time. Two tenants: one
 * whose sinks all write nothing (the notification trigger off, nothing else configured), one with a basic
 * webhook, activities and notifications (no worker runs, so deliveries stay queued). Each round runs
 * ADDS writes per build and tenant in turn; a figure is the median of the rounds' CPU per write and of
 * their ratios (this build ÷ baseline).
 */
const ADDS = Number(process.env.BENCH_COMMENT_ADDS ?? 200);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const ENV = { LOG_LEVEL: 'info', WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true' };
const DOC = { organizationId: 'o', documentId: 'd' };
const TENANTS = ['no sink', 'basic webhook + activity + notification'] as const;
type TenantName = (typeof TENANTS)[number];

let threads = 0;

async function addComments(
  api: RunningApi,
  headers: Record<string, string>,
  count: number,
): Promise<{ cpuMsPerAdd: number; p50: number }> {
  const times: number[] = [];
  const cpuBefore = processCpuMs(api.child.pid!);
  for (let i = 0; i < count; i++) {
    const at = performance.now();
    const response = await post(
      api.url,
      '/v2/commentannotations/add',
      {
        ...DOC,
        triggerNotification: true,
        commentAnnotations: [
          {
            annotationId: `t${++threads}`,
            commentData: [
              {
                commentText: '@Bob have a look',
                from: { userId: 'ann', name: 'Ann' },
                taggedUserContacts: [
                  { userId: 'bob', contact: { userId: 'bob', name: 'Bob', email: 'bob@example.com' } },
                ],
              },
            ],
          },
        ],
      },
      headers,
    );
    if (response.status !== 200) throw new Error(`commentannotations/add: ${JSON.stringify(response.body)}`);
    times.push(performance.now() - at);
  }
  const cpuMs = processCpuMs(api.child.pid!) - cpuBefore;
  return { cpuMsPerAdd: cpuMs / count, p50: median(times) };
}

async function tenant(
  api: RunningApi,
  world: Awaited<ReturnType<typeof createTestEnvironment>>,
  name: TenantName,
): Promise<Record<string, string>> {
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
            { useWebhookService: true, webhookServiceConfig: { rawNotificationUrl: 'http://127.0.0.1:9/raw' } },
          ],
          ['/v2/workspace/activityconfig/update', { activityServiceConfig: { isEnabled: true } }],
        ];
  for (const [path, data] of updates) {
    const response = await post(api.url, path, data, headers);
    if (response.status !== 200) throw new Error(`${path}: ${JSON.stringify(response.body)}`);
  }
  return headers;
}

async function main(): Promise<void> {
  const baselineDist = process.env.BENCH_BASELINE_DIST;
  if (!baselineDist) throw new Error('Set BENCH_BASELINE_DIST to the dist directory of the build to compare with.');
  const world = await createTestEnvironment();
  const apis = await Promise.all([startApi(world.env, ENV, baselineDist), startApi(world.env, ENV)]);
  try {
    const tenants = {
      'no sink': await tenant(apis[1], world, 'no sink'),
      'basic webhook + activity + notification': await tenant(
        apis[1],
        world,
        'basic webhook + activity + notification',
      ),
    };
    for (const api of apis) for (const name of TENANTS) await addComments(api, tenants[name], Math.ceil(ADDS / 4));
    const figures: Figure[] = [];
    for (const name of TENANTS) {
      const cpu: [number[], number[]] = [[], []];
      const p50: [number[], number[]] = [[], []];
      const ratios: number[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        const [baseline, current] = [
          await addComments(apis[0], tenants[name], ADDS),
          await addComments(apis[1], tenants[name], ADDS),
        ];
        cpu[0].push(baseline.cpuMsPerAdd);
        cpu[1].push(current.cpuMsPerAdd);
        p50[0].push(baseline.p50);
        p50[1].push(current.p50);
        ratios.push(current.cpuMsPerAdd / baseline.cpuMsPerAdd);
      }
      figures.push({
        measurement: `API CPU per comment add, ${name}: this build ÷ baseline (per-round ratios ${ratios.map((r) => fixed(r, 2)).join(' ')})`,
        value: `${fixed(median(cpu[1]), 3)} ms (p50 ${fixed(median(p50[1]), 2)} ms)`,
        baseline: `${baselineDist}: ${fixed(median(cpu[0]), 3)} ms (p50 ${fixed(median(p50[0]), 2)} ms)`,
        ratio: median(ratios),
      });
    }
    report(
      'comment-writes',
      `${ROUNDS} rounds of ${ADDS} sequential adds per build and tenant, builds alternating; medians`,
      figures,
    );
  } finally {
    await Promise.all(apis.map((api) => api.stop()));
    await world.dispose();
  }
}

runBench(main);
