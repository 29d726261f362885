import { Queue, Worker } from 'bullmq';
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
 * Review workflows (issue 29): executions of a 3-step definition (a sync webhook step against a bare
 * receiver, a mock agent, a notification) drained from a committed backlog by 1 and then 2 workers
 * (executions/s, worker CPU per step from /proc), and a paced stream through one worker for the
 * step latency (step row created to step row completed, p50/p99). The yardstick, measured in the
 * same run on the same Redis: bare BullMQ jobs that do nothing, three per execution, through one
 * in-process worker of the same concurrency.
 */
const EXECUTIONS_PER_WORKER = Number(process.env.BENCH_WORKFLOW_EXECUTIONS ?? 400);
const PACED_EXECUTIONS = Number(process.env.BENCH_WORKFLOW_PACED ?? 200);
const PACED_PER_SECOND = 20;
const CONCURRENCY = 20;
const STEPS = 3;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function main(): Promise<void> {
  const world = await createTestEnvironment();
  const receiver = createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}'));
  });
  receiver.listen(0, '127.0.0.1');
  await once(receiver, 'listening');
  const api = await startApi(world.env, { LOG_LEVEL: 'warn' });
  const queue = new Queue(QUEUE.WORKFLOW, {
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
    const hook = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/step`;
    await call('/v2/workflow/definitions/create', {
      definitionId: 'bench-three-steps',
      name: 'Three steps',
      nodes: [
        { nodeId: 'call', type: 'webhook', config: { url: hook } },
        { nodeId: 'check', type: 'agent', config: { agentId: '__mock__', url: 'https://example.com' } },
        {
          nodeId: 'notify',
          type: 'notification',
          config: { channel: 'email', recipients: ['a@example.com'], bodyTemplate: '{{input.decision}}' },
        },
      ],
      edges: [
        { from: 'call', to: 'check' },
        { from: 'check', to: 'notify', on: 'approve' },
      ],
    });
    const completed = async () =>
      Number(
        (await world.query<{ n: string }>(`SELECT count(*) AS n FROM workflow_execution WHERE status = 'completed'`))[0]
          .n,
      );
    const dispatch = (count: number) =>
      Promise.all(
        Array.from({ length: count }, () =>
          call('/v2/workflow/executions/dispatch', { definitionId: 'bench-three-steps' }),
        ),
      );
    /** Commits `count` executions (their first steps enqueued) while the queue is paused. */
    const backlog = async (count: number) => {
      await queue.pause();
      for (let done = 0; done < count; done += 20) await dispatch(Math.min(20, count - done));
    };
    const drain = async (count: number, expected: number) => {
      workers = await Promise.all(
        Array.from({ length: count }, () =>
          startWorker(world.env, { WORKER_QUEUES: 'workflow', WORKFLOW_CONCURRENCY: String(CONCURRENCY) }),
        ),
      );
      const cpu = () => workers.reduce((sum, worker) => sum + processCpuMs(worker.child.pid!), 0);
      const before = await completed();
      const cpuBefore = cpu();
      const started = Date.now();
      await queue.resume();
      while ((await completed()) - before < expected) await sleep(50);
      const seconds = (Date.now() - started) / 1000;
      return { perSecond: expected / seconds, cpuMsPerStep: (cpu() - cpuBefore) / (expected * STEPS) };
    };
    const stopWorkers = async () => {
      await Promise.all(workers.map((worker) => worker.stop('SIGTERM')));
      workers = [];
    };

    const drained: Record<number, { perSecond: number; cpuMsPerStep: number }> = {};
    let latency = { p50: 0, p99: 0 };
    for (const count of (process.env.BENCH_WORKFLOW_WORKERS ?? '1,2').split(',').map(Number)) {
      await backlog(EXECUTIONS_PER_WORKER * count);
      drained[count] = await drain(count, EXECUTIONS_PER_WORKER * count);
      if (count === 1) {
        // The paced stream, with the one worker still running.
        const pacedFrom = new Date();
        const before = await completed();
        for (let sent = 0; sent < PACED_EXECUTIONS; sent += PACED_PER_SECOND / 10)
          await Promise.all([dispatch(PACED_PER_SECOND / 10), sleep(100)]);
        while ((await completed()) - before < PACED_EXECUTIONS) await sleep(50);
        const rows = await world.query<{ latency: string }>(
          `SELECT s.completed_at - s.created_at AS latency FROM workflow_step s
             JOIN workflow_execution e USING (execution_id)
            WHERE e.started_at >= $1`,
          [String(pacedFrom.getTime())],
        );
        const latencies = rows.map((row) => Number(row.latency)).sort((a, b) => a - b);
        latency = { p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
      }
      await stopWorkers();
    }

    // Yardstick: bare BullMQ, three no-op jobs per execution, one in-process worker.
    const bareQueue = new Queue('bench-bare', { connection: { url: REDIS_URL }, prefix: `${world.name}:bare` });
    const jobs = EXECUTIONS_PER_WORKER * STEPS;
    await bareQueue.addBulk(Array.from({ length: jobs }, (_, i) => ({ name: 'noop', data: { i } })));
    let done = 0;
    const bareStarted = Date.now();
    const bare = new Worker('bench-bare', () => Promise.resolve(void done++), {
      connection: { url: REDIS_URL, maxRetriesPerRequest: null },
      prefix: `${world.name}:bare`,
      concurrency: CONCURRENCY,
      removeOnComplete: { count: 0 },
    });
    while (done < jobs) await sleep(20);
    const bareJobsPerSecond = jobs / ((Date.now() - bareStarted) / 1000);
    await bare.close();
    await bareQueue.obliterate({ force: true });
    await bareQueue.close();

    const stepsPerSecond = drained[1].perSecond * STEPS;
    const scaling = drained[2].perSecond / drained[1].perSecond;
    const figures: Figure[] = [
      {
        measurement: '1 worker: executions/s (3 steps each)',
        value: fixed(drained[1].perSecond, 1),
        baseline: `${fixed(bareJobsPerSecond, 0)} bare BullMQ jobs/s (3 per execution: ${fixed(bareJobsPerSecond / STEPS, 0)} executions/s)`,
        ratio: stepsPerSecond / bareJobsPerSecond,
      },
      { measurement: '1 worker: worker CPU per step (ms)', value: fixed(drained[1].cpuMsPerStep, 2) },
      {
        measurement: '2 workers: executions/s',
        value: fixed(drained[2].perSecond, 1),
        baseline: '1 worker',
        ratio: scaling,
      },
      { measurement: '2 workers: worker CPU per step (ms)', value: fixed(drained[2].cpuMsPerStep, 2) },
      {
        measurement: `paced ${PACED_PER_SECOND} executions/s, 1 worker: step latency p50 (ms)`,
        value: fixed(latency.p50, 0),
      },
      {
        measurement: `paced ${PACED_PER_SECOND} executions/s, 1 worker: step latency p99 (ms)`,
        value: fixed(latency.p99, 0),
      },
    ];
    report(
      'workflows',
      `${EXECUTIONS_PER_WORKER} executions per worker drained from a backlog (webhook -> mock agent -> notification), WORKFLOW_CONCURRENCY=${CONCURRENCY}; then ${PACED_EXECUTIONS} paced`,
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
