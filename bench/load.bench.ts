import autocannon from 'autocannon';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { once } from 'node:events';
import { apiKeyHeaders, createWorkspace, post } from '../test/support/http-client';
import { freePort, RunningProcess, startApi, startWorker } from '../test/support/processes';
import { createTestEnvironment } from '../test/support/test-environment';
import { fixed, report } from './report';
import { runBench } from './support/run-bench';

/**
 * Issue 7, item 7: 200 concurrent clients for LOAD_DURATION_S (default 60) against a mix of reads
 * and writes on two API processes, with two workers delivering the webhooks the writes cause.
 * Pass: no errors, and no process whose heap in use, after collections, grows by more than
 * MEMORY_BOUND_MIB from the first half of the run to the second (a plateau, not a climb).
 */
const DURATION_S = Number(process.env.LOAD_DURATION_S ?? 60);
const WARMUP_S = 5;
const CONNECTIONS_PER_API = 100;
const MEMORY_BOUND_MIB = 50;
const SAMPLE_EVERY_MS = 2000;
const DOCUMENTS = 200;

function residentMiB(process: RunningProcess): number {
  const status = readFileSync(`/proc/${process.child.pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
}

/** Heap in use (from each process's own /metrics) and resident memory, in MiB. */
async function sample(metricsUrls: string[], processes: RunningProcess[]): Promise<{ heap: number[]; rss: number[] }> {
  const heap = await Promise.all(
    metricsUrls.map(async (url) => {
      const text = await (await fetch(url)).text();
      return Number(/^nodejs_heap_size_used_bytes (\S+)/m.exec(text)![1]) / 1048576;
    }),
  );
  return { heap, rss: processes.map(residentMiB) };
}

async function main(): Promise<void> {
  const world = await createTestEnvironment();
  const receiver = createServer((req, res) => req.resume().on('end', () => res.writeHead(204).end()));
  receiver.listen(0, '127.0.0.1');
  await once(receiver, 'listening');
  const receiverUrl = `http://127.0.0.1:${(receiver.address() as { port: number }).port}`;
  const quiet = { LOG_LEVEL: 'warn' };
  const apis = await Promise.all([startApi(world.env, quiet), startApi(world.env, quiet)]);
  const workerPorts = [await freePort(), await freePort()];
  const workers = await Promise.all(
    workerPorts.map((port) => startWorker(world.env, { WORKER_HEALTH_PORT: String(port) })),
  );
  try {
    const owner = await createWorkspace(apis[0].url);
    const headers = { 'content-type': 'application/json', ...apiKeyHeaders(owner) };
    const setup = (path: string, data: unknown) => post(apis[0].url, path, data, apiKeyHeaders(owner));
    const documentIds = Array.from({ length: DOCUMENTS }, (_, i) => `doc-${i}`);
    await setup('/v2/organizations/documents/add', {
      organizationId: 'org',
      createOrganization: true,
      documents: documentIds.map((documentId) => ({ documentId })),
    });
    await setup('/v2/users/add', { organizationId: 'org', users: [{ userId: 'writer', accessRole: 'editor' }] });
    await setup('/v2/workspace/webhookconfig/update', {
      useWebhookService: true,
      webhookServiceConfig: {
        rawNotificationUrl: `${receiverUrl}/raw`,
        processedNotificationUrl: `${receiverUrl}/processed`,
      },
    });

    let sequence = 0;
    const failures: string[] = [];
    const index = () => Math.floor(Math.random() * documentIds.length);
    const pick = () => documentIds[index()];
    const pickTwo = (i = index()) => [documentIds[i], documentIds[(i + 1) % documentIds.length]];
    const operations: Array<() => [string, unknown]> = [
      () => ['/v2/organizations/documents/get', { organizationId: 'org', pageSize: 50 }],
      () => ['/v2/organizations/documents/get', { organizationId: 'org', documentIds: pickTwo() }],
      () => ['/v2/livestate/get', { organizationId: 'org', documentId: pick() }],
      () => [
        '/v2/presence/add',
        { organizationId: 'org', documentId: pick(), users: [{ userId: `u${sequence++ % 50}`, status: 'online' }] },
      ],
      () => [
        '/v2/livestate/broadcast',
        { organizationId: 'org', documentId: pick(), liveStateDataId: 'cursor', data: { x: sequence++ }, merge: true },
      ],
      () => [
        '/v2/organizations/documents/update',
        { organizationId: 'org', documents: [{ documentId: pick(), documentName: `name ${sequence++}` }] },
      ],
      () => [
        '/v2/commentannotations/add',
        {
          organizationId: 'org',
          documentId: pick(),
          from: { userId: 'writer' },
          commentAnnotations: [
            { annotationId: `a${sequence++}`, commentData: [{ commentText: 'load', from: { userId: 'writer' } }] },
          ],
        },
      ],
    ];
    const load = (url: string, duration: number) =>
      autocannon({
        url,
        headers,
        connections: CONNECTIONS_PER_API,
        duration,
        requests: [
          {
            setupRequest: (request) => {
              const [path, data] = operations[Math.floor(Math.random() * operations.length)]();
              return { ...request, method: 'POST', path, body: JSON.stringify({ data }) };
            },
            onResponse: (status, body) => {
              if (status >= 300 && failures.length < 20) failures.push(`${status} ${body.slice(0, 200)}`);
            },
          },
        ],
      });

    await Promise.all(apis.map((api) => load(api.url, WARMUP_S)));
    // Heap in use saws up and down with garbage collection; a leak lifts the troughs. So the bound
    // is on the lowest heap seen in the second half of the run over the lowest in the first half.
    const processes = [...apis, ...workers];
    const metricsUrls = [
      ...apis.map((api) => `${api.url}/metrics`),
      ...workerPorts.map((port) => `http://127.0.0.1:${port}/metrics`),
    ];
    const samples: Array<{ heap: number[]; rss: number[] }> = [];
    // A /metrics scrape can lose to 100 busy connections; a missed sample is counted, not fatal.
    let missedSamples = 0;
    const sampler = setInterval(
      () =>
        void sample(metricsUrls, processes).then(
          (row) => samples.push(row),
          () => missedSamples++,
        ),
      SAMPLE_EVERY_MS,
    );
    const results = await Promise.all(apis.map((api) => load(api.url, DURATION_S)));
    clearInterval(sampler);
    const half = Math.floor(samples.length / 2);
    const trough = (rows: typeof samples, i: number) => Math.min(...rows.map((row) => row.heap[i]));
    const firstTroughs = processes.map((_, i) => trough(samples.slice(0, half), i));
    const secondTroughs = processes.map((_, i) => trough(samples.slice(half), i));
    const growth = Math.max(...secondTroughs.map((mib, i) => mib - firstTroughs[i]));
    const peakRss = processes.map((_, i) => Math.max(...samples.map((row) => row.rss[i])));

    const total = results.reduce((sum, r) => sum + r.requests.total, 0);
    const failed = results.reduce((sum, r) => sum + r.non2xx + r.errors + r.timeouts, 0);
    if (failures.length > 0) console.log(`first failed responses:\n${failures.join('\n')}`);
    report(
      'load',
      `${CONNECTIONS_PER_API * apis.length} connections over 2 APIs, 2 workers, ${DURATION_S} s, 7-operation read/write mix`,
      [
        { measurement: 'requests completed', value: String(total), baseline: `${fixed(total / DURATION_S, 0)} req/s` },
        {
          measurement: 'errors (non-2xx, socket errors, timeouts)',
          value: String(failed),
          target: '0',
          met: failed === 0,
        },
        ...results.map((r, i) => ({
          measurement: `API ${i + 1} latency p50 / p99 (ms)`,
          value: `${r.latency.p50} / ${r.latency.p99}`,
        })),
        {
          measurement: 'heap growth: lowest heap in use, second half over first half, worst process (MiB)',
          value: fixed(growth),
          baseline: `troughs ${firstTroughs.map((mib) => fixed(mib, 0)).join(' / ')} -> ${secondTroughs.map((mib) => fixed(mib, 0)).join(' / ')} MiB (api, api, worker, worker)`,
          target: `<= ${MEMORY_BOUND_MIB}`,
          met: growth <= MEMORY_BOUND_MIB,
        },
        { measurement: 'memory samples taken / missed', value: `${samples.length} / ${missedSamples}` },
        {
          measurement: 'peak resident memory (MiB)',
          value: peakRss.map((mib) => fixed(mib, 0)).join(' / '),
          baseline: 'api, api, worker, worker',
        },
      ],
    );
  } finally {
    await Promise.all([...apis, ...workers].map((proc) => proc.stop()));
    receiver.close();
    await world.dispose();
  }
}

runBench(main);
