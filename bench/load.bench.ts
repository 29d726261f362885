import autocannon from 'autocannon';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { once } from 'node:events';
import { apiKeyHeaders, createWorkspace, post } from '../test/support/http-client';
import { RunningProcess, startApi, startWorker } from '../test/support/processes';
import { createTestEnvironment } from '../test/support/test-environment';
import { fixed, report } from './report';

/**
 * Issue 7, item 7: 200 concurrent clients for LOAD_DURATION_S (default 60) against a mix of reads
 * and writes on two API processes, with two workers delivering the webhooks the writes cause.
 * Pass: no errors, and no process's resident memory growing by more than MEMORY_BOUND_MIB between
 * the end of a warm-up and the end of the run.
 */
const DURATION_S = Number(process.env.LOAD_DURATION_S ?? 60);
const WARMUP_S = 5;
const CONNECTIONS_PER_API = 100;
const MEMORY_BOUND_MIB = 150;
const DOCUMENTS = 200;

function residentMiB(process: RunningProcess): number {
  const status = readFileSync(`/proc/${process.child.pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
}

async function main(): Promise<void> {
  const world = await createTestEnvironment();
  const receiver = createServer((req, res) => req.resume().on('end', () => res.writeHead(204).end()));
  receiver.listen(0, '127.0.0.1');
  await once(receiver, 'listening');
  const receiverUrl = `http://127.0.0.1:${(receiver.address() as { port: number }).port}`;
  const quiet = { LOG_LEVEL: 'warn' };
  const apis = await Promise.all([startApi(world.env, quiet), startApi(world.env, quiet)]);
  const workers = await Promise.all([startWorker(world.env), startWorker(world.env)]);
  try {
    const owner = await createWorkspace(apis[0].url);
    const headers = { 'content-type': 'application/json', ...apiKeyHeaders(owner) };
    const setup = (path: string, data: unknown) => post(apis[0].url, path, data, apiKeyHeaders(owner));
    const documentIds = Array.from({ length: DOCUMENTS }, (_, i) => `doc-${i}`);
    await setup('/v2/organizations/documents/add', { organizationId: 'org', createOrganization: true, documents: documentIds.map((documentId) => ({ documentId })) });
    await setup('/v2/users/add', { organizationId: 'org', users: [{ userId: 'writer', accessRole: 'editor' }] });
    await setup('/v2/workspace/webhookconfig/update', {
      useWebhookService: true,
      webhookServiceConfig: { rawNotificationUrl: `${receiverUrl}/raw`, processedNotificationUrl: `${receiverUrl}/processed` },
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
      () => ['/v2/presence/add', { organizationId: 'org', documentId: pick(), users: [{ userId: `u${sequence++ % 50}`, status: 'online' }] }],
      () => ['/v2/livestate/broadcast', { organizationId: 'org', documentId: pick(), liveStateDataId: 'cursor', data: { x: sequence++ }, merge: true }],
      () => ['/v2/organizations/documents/update', { organizationId: 'org', documents: [{ documentId: pick(), documentName: `name ${sequence++}` }] }],
      () => ['/v2/commentannotations/add', { organizationId: 'org', documentId: pick(), from: { userId: 'writer' }, commentAnnotations: [{ annotationId: `a${sequence++}` }] }],
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
    const processes = [...apis, ...workers];
    const before = processes.map(residentMiB);
    const results = await Promise.all(apis.map((api) => load(api.url, DURATION_S)));
    const after = processes.map(residentMiB);

    const total = results.reduce((sum, r) => sum + r.requests.total, 0);
    const failed = results.reduce((sum, r) => sum + r.non2xx + r.errors + r.timeouts, 0);
    if (failures.length > 0) console.log(`first failed responses:\n${failures.join('\n')}`);
    const growth = Math.max(...after.map((mib, i) => mib - before[i]));
    report('load', `${CONNECTIONS_PER_API * apis.length} connections over 2 APIs, 2 workers, ${DURATION_S} s, 7-operation read/write mix`, [
      { measurement: 'requests completed', value: String(total), baseline: `${fixed(total / DURATION_S, 0)} req/s` },
      { measurement: 'errors (non-2xx, socket errors, timeouts)', value: String(failed), target: '0', met: failed === 0 },
      ...results.map((r, i) => ({ measurement: `API ${i + 1} latency p50 / p99 (ms)`, value: `${r.latency.p50} / ${r.latency.p99}` })),
      {
        measurement: 'largest resident memory growth, any process (MiB)',
        value: fixed(growth),
        baseline: `after warm-up: ${before.map((mib) => fixed(mib, 0)).join(' / ')} MiB (api, api, worker, worker)`,
        target: `<= ${MEMORY_BOUND_MIB}`,
        met: growth <= MEMORY_BOUND_MIB,
      },
    ]);
  } finally {
    await Promise.all([...apis, ...workers].map((proc) => proc.stop()));
    receiver.close();
    await world.dispose();
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
