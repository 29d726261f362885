import { Queue } from 'bullmq';
import { once } from 'node:events';
import { createServer } from 'node:http';
import { AddressInfo } from 'node:net';
import { QUEUE } from '@app/queue';
import { apiKeyHeaders, createWorkspace, post } from '../test/support/http-client';
import { RunningProcess, startApi, startWorker } from '../test/support/processes';
import { createTestEnvironment, REDIS_URL } from '../test/support/test-environment';
import { fixed, Figure, report } from './report';
import { processCpuMs } from './support/process-cpu';
import { runBench } from './support/run-bench';

/**
 * Issue 12, part 3. (a) CPU-bound: one worker drains a committed backlog against a receiver that
 * answers after 20 ms; deliveries/s, the worker's CPU ms per delivery (from /proc) and
 * event-to-delivery latency of a paced stream. (b) I/O-bound: a receiver answering after 200 ms and
 * WEBHOOK_CONCURRENCY=20, so one worker tops out near 100/s while the machine idles; 1, 2 and 4
 * workers drain the same backlog per worker, and the ratios say how delivery scales out.
 */
const CPU_DELIVERIES = Number(process.env.BENCH_DELIVERIES ?? 10_000);
const LATENCY_EVENTS = Number(process.env.BENCH_LATENCY_EVENTS ?? 1000);
const IO_DELIVERIES_PER_WORKER = Number(process.env.BENCH_IO_DELIVERIES_PER_WORKER ?? 600);
const IO_CONCURRENCY = 20;
const IO_DELAY_MS = 200;
const CPU_DELAY_MS = 20;
const PER_REQUEST = 100;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function main(): Promise<void> {
  const world = await createTestEnvironment();
  const received: Array<{ at: number; eventAt: number }> = [];
  let delayMs = CPU_DELAY_MS;
  const receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({
        at: Date.now(),
        eventAt: (JSON.parse(Buffer.concat(chunks).toString()) as { timestamp: number }).timestamp,
      });
      setTimeout(() => res.writeHead(200).end(), delayMs);
    });
  });
  receiver.listen(0, '127.0.0.1');
  await once(receiver, 'listening');
  const api = await startApi(world.env, { LOG_LEVEL: 'warn' });
  // Paused while a backlog is queued and workers boot, so every worker starts on a full queue at once.
  const queue = new Queue(QUEUE.WEBHOOK, {
    connection: { url: REDIS_URL, maxRetriesPerRequest: null },
    prefix: `${world.name}:bull`,
  });
  let workers: RunningProcess[] = [];
  try {
    const owner = await createWorkspace(api.url);
    const headers = apiKeyHeaders(owner);
    const call = async (path: string, data: unknown) => {
      const response = await post(api.url, path, data, headers);
      if (response.status !== 200) throw new Error(`${path}: ${JSON.stringify(response.body)}`);
    };
    await call('/v2/organizations/documents/add', {
      organizationId: 'o',
      createOrganization: true,
      documents: [{ documentId: 'd' }],
    });
    await call('/v2/users/add', { organizationId: 'o', users: [{ userId: 'bench', accessRole: 'editor' }] });
    const hook = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    await call('/v2/workspace/webhookconfig/update', {
      useWebhookService: true,
      webhookServiceConfig: { authToken: 'bench', rawNotificationUrl: hook },
    });

    let sequence = 0;
    // One comment_annotation.add event (so one delivery) per new annotation; REST writes notify only when asked.
    const addEvents = (count: number) =>
      call('/v2/commentannotations/add', {
        organizationId: 'o',
        documentId: 'd',
        triggerNotification: true,
        commentAnnotations: Array.from({ length: count }, () => ({
          annotationId: `e${sequence++}`,
          commentData: [{ commentText: 'bench', from: { userId: 'bench' } }],
        })),
      });
    /** Commits `count` events (four requests of PER_REQUEST at a time) while the queue is paused. */
    const backlog = async (count: number) => {
      await queue.pause();
      for (let done = 0; done < count; done += 4 * PER_REQUEST) {
        await Promise.all(
          Array.from({ length: Math.ceil(Math.min(4 * PER_REQUEST, count - done) / PER_REQUEST) }, (_, i) =>
            addEvents(Math.min(PER_REQUEST, count - done - i * PER_REQUEST)),
          ),
        );
      }
    };
    /** Starts `count` workers on the paused backlog, resumes it and times the drain; CPU is all workers' together. */
    const drain = async (count: number, expected: number, concurrency: string) => {
      workers = await Promise.all(
        Array.from({ length: count }, () =>
          startWorker(world.env, { WORKER_QUEUES: 'webhook', WEBHOOK_CONCURRENCY: concurrency }),
        ),
      );
      const cpu = () => workers.reduce((sum, worker) => sum + processCpuMs(worker.child.pid!), 0);
      received.length = 0;
      const cpuBefore = cpu();
      const started = Date.now();
      await queue.resume();
      while (received.length < expected) await sleep(20);
      const perSecond = received.length / ((Math.max(...received.map((r) => r.at)) - started) / 1000);
      return { perSecond, cpuMsPerDelivery: (cpu() - cpuBefore) / received.length };
    };
    const stopWorkers = async () => {
      await Promise.all(workers.map((worker) => worker.stop('SIGTERM')));
      workers = [];
    };

    // (a) CPU-bound, one worker.
    await backlog(CPU_DELIVERIES);
    const cpuBound = await drain(1, CPU_DELIVERIES, process.env.WEBHOOK_CONCURRENCY ?? '100');
    received.length = 0;
    for (let i = 0; i < LATENCY_EVENTS / 10; i++) await Promise.all([addEvents(10), sleep(100)]);
    while (received.length < LATENCY_EVENTS) await sleep(20);
    const latencies = received.map((r) => r.at - r.eventAt).sort((a, b) => a - b);
    await stopWorkers();

    // (b) I/O-bound scaling.
    delayMs = IO_DELAY_MS;
    const ioBound: Record<number, { perSecond: number; cpuMsPerDelivery: number }> = {};
    for (const count of [1, 2, 4]) {
      await backlog(IO_DELIVERIES_PER_WORKER * count);
      ioBound[count] = await drain(count, IO_DELIVERIES_PER_WORKER * count, String(IO_CONCURRENCY));
      await stopWorkers();
    }

    const ratio = (n: number) => ioBound[n].perSecond / ioBound[1].perSecond;
    const figures: Figure[] = [
      {
        measurement: `CPU-bound, 1 worker: deliveries/s (event-to-delivery p50 ${percentile(latencies, 50)} ms, p99 ${percentile(latencies, 99)} ms)`,
        value: fixed(cpuBound.perSecond, 0),
      },
      { measurement: 'worker CPU per delivery (ms), CPU-bound drain', value: fixed(cpuBound.cpuMsPerDelivery, 3) },
      ...[1, 2, 4].map((n) => ({
        measurement: `I/O-bound, ${n} worker(s): deliveries/s`,
        value: fixed(ioBound[n].perSecond, 0),
        baseline: `${fixed(ioBound[n].cpuMsPerDelivery, 3)} worker CPU ms/delivery`,
      })),
      {
        measurement: 'I/O-bound scaling, 2 workers vs 1',
        value: `${fixed(ratio(2), 2)}x`,
        baseline: '1 worker',
        ratio: ratio(2),
        target: '>= 1.8',
        met: ratio(2) >= 1.8,
      },
      {
        measurement: 'I/O-bound scaling, 4 workers vs 1',
        value: `${fixed(ratio(4), 2)}x`,
        baseline: '1 worker',
        ratio: ratio(4),
        target: '>= 3.4',
        met: ratio(4) >= 3.4,
      },
    ];
    report(
      'webhooks',
      `(a) ${CPU_DELIVERIES} deliveries, receiver answering after ${CPU_DELAY_MS} ms; (b) ${IO_DELIVERIES_PER_WORKER} per worker, receiver after ${IO_DELAY_MS} ms, WEBHOOK_CONCURRENCY=${IO_CONCURRENCY}`,
      figures,
    );
  } finally {
    await Promise.all(workers.map((worker) => worker.stop('SIGTERM')));
    await queue.close();
    await api.stop();
    receiver.close();
    await world.dispose();
  }
}

runBench(main);
