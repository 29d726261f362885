/**
 * Webhook delivery throughput and latency with 1 and 2 worker processes against a local receiver
 * that answers after 20 ms. Run: npm run bench:webhooks (BENCH_DELIVERIES overrides the 10,000).
 */
import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createServer } from 'node:http';
import { AddressInfo } from 'node:net';
import { Client } from 'pg';
import type { AuthTokens, Envelope, Workspace } from '../test/support/http-client';
import { report } from './report';

const DELIVERIES = Number(process.env.BENCH_DELIVERIES ?? 10_000);
const PER_REQUEST = 100;
const LATENCY_EVENTS = 1000;
const RECEIVER_DELAY_MS = 20;
const ADMIN_URL = process.env.TEST_ADMIN_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const name = `bench_${Date.now().toString(36)}`;
const databaseUrl = ADMIN_URL.replace(/\/[^/]*$/, `/${name}`);
const env = {
  ...process.env,
  DATABASE_URL: databaseUrl,
  REDIS_PREFIX: name,
  SECRET_KEY: randomBytes(32).toString('hex'),
  LOG_LEVEL: 'info',
  WORKSPACE_CREATE_LIMIT: '1000',
  WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
  WEBHOOK_CONCURRENCY: process.env.WEBHOOK_CONCURRENCY ?? '100',
};

function spawnApp(script: string, extra: Record<string, string>, ready: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, [script], { env: { ...env, ...extra }, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let log = '';
    child.stdout.on('data', (chunk: Buffer) => {
      log += chunk.toString();
      if (log.includes(ready)) resolve(child);
    });
    child.on('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
}

/** `T` is the shape of `result.data` the caller expects. */
async function postJson<T = unknown>(url: string, data: unknown, headers: Record<string, string> = {}): Promise<Envelope<T>> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ data }) });
  return (await response.json()) as Envelope<T>;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function main(): Promise<void> {
  const admin = new Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  execFileSync(process.execPath, ['node_modules/typeorm/cli.js', 'migration:run', '-d', 'dist/apps/schema/src/data-source.js'], { env, stdio: 'ignore' });
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();

  const received: Array<{ at: number; eventAt: number }> = [];
  const receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ at: Date.now(), eventAt: (JSON.parse(Buffer.concat(chunks).toString()) as { timestamp: number }).timestamp });
      setTimeout(() => res.writeHead(200).end(), RECEIVER_DELAY_MS);
    });
  });
  receiver.listen(0, '127.0.0.1');
  await once(receiver, 'listening');
  const hook = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;

  const port = String(20_000 + Math.floor(Math.random() * 20_000));
  const api = await spawnApp('dist/apps/api/src/main.js', { PORT: port, LOG_LEVEL: 'info' }, 'API listening');
  const base = `http://127.0.0.1:${port}`;

  const results: Array<{ workers: number; perSecond: number; p50: number; p99: number }> = [];
  try {
    for (const workerCount of [1, 2]) {
      const created = (await postJson<Workspace>(`${base}/v2/workspace/create`, { ownerEmail: `bench${workerCount}@example.com`, name: 'B', workspaceName: 'Bench' })).result.data;
      const apiKey = Object.keys(created.apiKeyList)[0];
      const tokens = await postJson<AuthTokens>(`${base}/v2/workspace/authtokens/get`, { apiKey }, { 'x-svc-workspace-id': created.id, 'x-svc-auth-token': created.authToken });
      const headers = { 'x-svc-api-key': apiKey, 'x-svc-auth-token': tokens.result.data.authTokens[0].token };
      await db.query(`INSERT INTO organization (api_key_id, id, name) VALUES ($1, 'o', 'o')`, [apiKey]);
      await db.query(`INSERT INTO document (api_key_id, organization_id, id, name) VALUES ($1, 'o', 'd', 'd')`, [apiKey]);
      await postJson(`${base}/v2/workspace/webhookconfig/update`, { useWebhookService: true, webhookServiceConfig: { authToken: 'bench', rawNotificationUrl: hook } }, headers);
      await postJson(`${base}/v2/commentannotations/add`, { organizationId: 'o', documentId: 'd', commentAnnotations: [{ annotationId: 'a' }] }, headers);

      const addComments = (prefix: string, count: number) =>
        postJson(`${base}/v2/commentannotations/comments/add`, {
          organizationId: 'o', documentId: 'd', annotationId: 'a',
          comments: Array.from({ length: count }, (_, i) => ({ commentId: `${prefix}-${i}`, commentText: 'bench' })),
        }, headers);
      // Throughput: the backlog is committed first, so the drain rate measures the workers, not the API.
      const requests = DELIVERIES / PER_REQUEST;
      for (let start = 0; start < requests; start += 4) {
        await Promise.all(Array.from({ length: Math.min(4, requests - start) }, (_, offset) => addComments(`c${start + offset}`, PER_REQUEST)));
      }
      received.length = 0;
      const workers = await Promise.all(Array.from({ length: workerCount }, () => spawnApp('dist/apps/worker/src/main.js', {}, 'Worker ready')));
      const started = Date.now();
      while (received.length < DELIVERIES + 1) await new Promise((resolve) => setTimeout(resolve, 20));
      const perSecond = received.length / ((Math.max(...received.map((r) => r.at)) - started) / 1000);
      // Latency: a paced stream of LATENCY_EVENTS events (10 per 100 ms) with the workers already running.
      received.length = 0;
      for (let i = 0; i < LATENCY_EVENTS / 10; i++) {
        await Promise.all([addComments(`l${i}`, 10), new Promise((resolve) => setTimeout(resolve, 100))]);
      }
      while (received.length < LATENCY_EVENTS) await new Promise((resolve) => setTimeout(resolve, 20));
      const latencies = received.map((r) => r.at - r.eventAt).sort((a, b) => a - b);
      results.push({ workers: workerCount, perSecond, p50: percentile(latencies, 50), p99: percentile(latencies, 99) });
      await Promise.all(workers.map(async (worker) => { worker.kill('SIGTERM'); await once(worker, 'exit'); }));
    }
  } finally {
    api.kill('SIGTERM');
    receiver.close();
    await db.end();
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
  }
  const scaling = results[1].perSecond / results[0].perSecond;
  report('webhooks', `${DELIVERIES} deliveries to a receiver answering after 20 ms`, [
    ...results.map((r) => ({
      measurement: `${r.workers} worker(s): deliveries/s (event-to-delivery p50 ${r.p50} ms, p99 ${r.p99} ms)`,
      value: r.perSecond.toFixed(0),
    })),
    { measurement: 'scaling, 2 workers vs 1', value: `${scaling.toFixed(2)}x`, baseline: '1 worker', ratio: scaling, target: '>= 1.6', met: scaling >= 1.6 },
  ]);
}

void main().catch((error) => {
  console.error(error);
  process.exit(1);
});
