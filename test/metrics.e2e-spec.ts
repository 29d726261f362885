import { createTestEnvironment, TestEnvironment } from './support/test-environment';
import { freePort, RunningApi, RunningProcess, startApi, startWorker } from './support/processes';
import { apiKeyHeaders, createWorkspace, Credentials, post } from './support/http-client';
import { eventually } from './support/eventually';
import { settled, startMigration } from './support/migrations';
import { connect, userToken } from './support/realtime-client';
import { seedDocument, seedEditors } from './support/seed';
import { TcpProxy } from './support/tcp-proxy';
import { WebhookReceiver } from './support/webhook-receiver';

/** The value of one sample of a Prometheus text exposition, or undefined when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) return Number(match[3]);
  }
  return undefined;
}

async function scrape(url: string): Promise<string> {
  const response = await fetch(url);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/plain');
  return response.text();
}

const requests = (route: string, code: number, method = 'POST') => ({ method, route, status_code: String(code) });
const doc = { organizationId: 'org-m', documentId: 'doc-m' };

describe('metrics', () => {
  let world: TestEnvironment;
  let api: RunningApi;
  let owner: Credentials;

  beforeAll(async () => {
    world = await createTestEnvironment();
    api = await startApi(world.env);
    owner = await createWorkspace(api.url);
  });

  afterAll(async () => {
    await api?.stop();
    await world?.dispose();
  });

  it('counts API requests by route pattern and status code, with latency', async () => {
    const before = await scrape(`${api.url}/metrics`);
    const created = sample(before, 'http_request_duration_seconds_count', requests('/v2/workspace/create', 200)) ?? 0;
    for (let i = 0; i < 3; i++) await createWorkspace(api.url);
    await post(api.url, '/v2/organizations/add', { organizations: [] });
    await post(api.url, '/v2/no/such/route-12345', {});
    await post(api.url, '/v2/organizations/get', {}, apiKeyHeaders(owner));

    const after = await scrape(`${api.url}/metrics`);
    expect(sample(after, 'http_request_duration_seconds_count', requests('/v2/workspace/create', 200))).toBe(
      created + 3,
    );
    expect(sample(after, 'http_request_duration_seconds_count', requests('/v2/organizations/add', 401))).toBe(1);
    expect(sample(after, 'http_request_duration_seconds_count', requests('/v2/organizations/get', 200))).toBe(1);
    expect(
      sample(after, 'http_request_duration_seconds_bucket', { ...requests('/v2/organizations/get', 200), le: '+Inf' }),
    ).toBe(1);
    expect(sample(after, 'http_request_duration_seconds_sum', requests('/v2/organizations/get', 200))).toBeGreaterThan(
      0,
    );
    // Unknown paths share one label: a raw URL never becomes a series.
    expect(sample(after, 'http_request_duration_seconds_count', requests('(unmatched)', 404))).toBe(1);
    expect(after).not.toContain('route-12345');
    expect(sample(after, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(sample(after, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
  });

  it('reads queue depth per queue and state when scraped', async () => {
    // No worker runs in this suite, so the audit jobs of the workspaces created above wait.
    const text = await scrape(`${api.url}/metrics`);
    expect(sample(text, 'queue_jobs', { queue: 'audit', state: 'waiting' })).toBeGreaterThanOrEqual(4);
    for (const state of ['waiting', 'active', 'delayed', 'failed']) {
      expect(sample(text, 'queue_jobs', { queue: 'webhook', state })).toBe(0);
      expect(sample(text, 'queue_jobs', { queue: 'audit', state })).toBeDefined();
    }
  });

  it('still answers while Redis is unreachable, leaving queue depth out', async () => {
    const redis = await new TcpProxy(6379).start();
    const proxied = await startApi(world.env, { REDIS_URL: `redis://127.0.0.1:${redis.port}` });
    try {
      expect(
        sample(await scrape(`${proxied.url}/metrics`), 'queue_jobs', { queue: 'audit', state: 'waiting' }),
      ).toBeDefined();
      redis.cut();
      const started = Date.now();
      const text = await scrape(`${proxied.url}/metrics`);
      expect(Date.now() - started).toBeLessThan(3000);
      expect(sample(text, 'queue_jobs', { queue: 'audit', state: 'waiting' })).toBeUndefined();
      expect(sample(text, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
      redis.restore();
      await eventually(
        async () =>
          expect(
            sample(await scrape(`${proxied.url}/metrics`), 'queue_jobs', { queue: 'audit', state: 'waiting' }),
          ).toBeDefined(),
        {
          timeoutMs: 20_000,
          intervalMs: 200,
        },
      );
    } finally {
      await proxied.stop();
      await redis.stop();
    }
  });

  it('reports connected realtime clients', async () => {
    const socket = await connect(api.url, await userToken(api.url, owner, 'metrics-user'));
    try {
      expect(sample(await scrape(`${api.url}/metrics`), 'realtime_connected_clients')).toBe(1);
    } finally {
      socket.close();
    }
    await eventually(async () =>
      expect(sample(await scrape(`${api.url}/metrics`), 'realtime_connected_clients')).toBe(0),
    );
  });

  it('a worker serves its job outcomes and webhook delivery outcomes on its health port', async () => {
    const receiver = await WebhookReceiver.start();
    const port = await freePort();
    let worker: RunningProcess | null = null;
    try {
      await seedDocument(world, owner.apiKey, doc.organizationId, doc.documentId);
      await seedEditors(api.url, owner, doc.organizationId, ['u1']);
      const configured = await post(
        api.url,
        '/v2/workspace/webhookconfig/update',
        { useWebhookService: true, webhookServiceConfig: { rawNotificationUrl: receiver.url('/raw') } },
        apiKeyHeaders(owner),
      );
      expect(configured.status).toBe(200);
      const annotated = await post(
        api.url,
        '/v2/commentannotations/add',
        {
          ...doc,
          from: { userId: 'u1' },
          commentAnnotations: [
            {
              annotationId: 'a1',
              commentData: [{ commentText: 'hi', from: { userId: 'u1' }, triggerNotification: true }],
            },
          ],
        },
        apiKeyHeaders(owner),
      );
      expect(annotated.status).toBe(200);

      worker = await startWorker(world.env, { WORKER_HEALTH_PORT: String(port), WEBHOOK_SWEEP_INTERVAL_MS: '500' });
      const text = await eventually(
        async () => {
          const scraped = await scrape(`http://127.0.0.1:${port}/metrics`);
          expect(
            sample(scraped, 'queue_job_outcomes_total', { queue: 'audit', outcome: 'completed' }),
          ).toBeGreaterThanOrEqual(4);
          expect(sample(scraped, 'webhook_deliveries_total', { outcome: 'succeeded' })).toBeGreaterThanOrEqual(1);
          return scraped;
        },
        { timeoutMs: 20_000, intervalMs: 200 },
      );
      expect(receiver.received.length).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'queue_job_outcomes_total', { queue: 'audit', outcome: 'failed' })).toBe(0);
      expect(
        sample(text, 'queue_job_outcomes_total', { queue: 'webhook', outcome: 'completed' }),
      ).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
      expect((await fetch(`http://127.0.0.1:${port}/health`)).status).toBe(200);
    } finally {
      await worker?.stop();
      await receiver.down();
    }
  });
  it('a migration worker counts its migration jobs in the job outcomes', async () => {
    const port = await freePort();
    // Only the migration queue, and a sweep far apart so at most one sweep job adds to the count.
    const worker = await startWorker(world.env, {
      WORKER_HEALTH_PORT: String(port),
      WORKER_QUEUES: 'migration',
      MIGRATION_SWEEP_INTERVAL_MS: '600000',
    });
    const metrics = () => scrape(`http://127.0.0.1:${port}/metrics`);
    const completed = (text: string) =>
      sample(text, 'queue_job_outcomes_total', { queue: 'migration', outcome: 'completed' });
    try {
      const before = await metrics();
      const baseline = completed(before);
      expect(baseline).toBeDefined();
      // WORKER_QUEUES leaves the other queues' workers, and their series, out of this process.
      expect(sample(before, 'queue_job_outcomes_total', { queue: 'audit', outcome: 'completed' })).toBeUndefined();
      await seedDocument(world, owner.apiKey, 'org-mig', 'doc-1');
      await seedDocument(world, owner.apiKey, 'org-mig', 'doc-2');
      const call = <T = unknown>(path: string, data: unknown) => post<T>(api.url, path, data, apiKeyHeaders(owner));
      const migrations = [
        await startMigration(call, 'org-mig', 'doc-1', 'doc-1b'),
        await startMigration(call, 'org-mig', 'doc-2', 'doc-2b'),
      ];
      for (const migrationId of migrations)
        expect(await settled(call, 'org-mig', migrationId)).toEqual({ migrationId, status: 'completed' });
      const after = await eventually(async () => {
        const text = await metrics();
        expect(completed(text)).toBeGreaterThanOrEqual(baseline! + 2);
        return text;
      });
      expect(sample(after, 'queue_job_outcomes_total', { queue: 'migration', outcome: 'failed' })).toBe(0);
      expect(sample(after, 'queue_job_outcomes_total', { queue: 'migration', outcome: 'retried' })).toBe(0);
    } finally {
      await worker.stop();
    }
  });
});
