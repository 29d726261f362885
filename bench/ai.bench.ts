import { Queue } from 'bullmq';
import { once } from 'node:events';
import { createServer } from 'node:http';
import { AddressInfo } from 'node:net';
import pLimit from 'p-limit';
import { QUEUE } from '@app/queue';
import { apiKeyHeaders, createWorkspace, post } from '../test/support/http-client';
import { ModelStub } from '../test/support/model-stub';
import { startApi, startWorker } from '../test/support/processes';
import { createTestEnvironment, REDIS_URL } from '../test/support/test-environment';
import { fixed, Figure, report } from './report';
import { processCpuMs } from './support/process-cpu';
import { runBench } from './support/run-bench';

/**
 * Review agents (issue 39): runs of a one-page agent drained from a committed backlog by one worker,
 * with a local OpenAI-compatible stub that answers at once (two findings per page), so the figure is
 * our pipeline's cost alone: page fetch through the address guard, reduction, the model call with
 * its schema check, the result row, two annotations through the comment path, the settle. The
 * yardstick, in the same run at the same concurrency: the bare I/O of a run (fetch the page, POST the
 * same chat request to the stub) from this process, no queue, no database.
 */
const RUNS = Number(process.env.BENCH_AI_RUNS ?? 200);
const CONCURRENCY = 4;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const PAGE = `<html><head><title>Pricing</title></head><body><nav aria-label="Main"><a href="/">Home</a></nav>
  <main><h1>Pricing</h1><p>Our prodcut costs teh least.</p></main></body></html>`;

async function main(): Promise<void> {
  const world = await createTestEnvironment();
  const stub = await ModelStub.start();
  stub.respond = (request) =>
    request.body.response_format
      ? {
          summary: 'two typos',
          findings: ['prodcut', 'teh'].map((typo) => ({
            title: `Typo ${typo}`,
            description: 'A typo.',
            severity: 'low',
            targetText: typo,
            suggestion: 'fix',
            htmlSelector: 'p',
            isPageLevel: false,
            issueType: 'spelling',
            confidence: 90,
          })),
        }
      : 'ok';
  const site = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(PAGE));
  site.listen(0, '127.0.0.1');
  await once(site, 'listening');
  const pageUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}/pricing`;
  const aiEnv = {
    AI_BASE_URL: stub.url,
    AI_CHAT_MODEL: 'stub-chat',
    AGENT_ALLOW_PRIVATE_URLS: 'true',
  };
  const [api, worker] = await Promise.all([
    startApi(world.env, { ...aiEnv, LOG_LEVEL: 'warn' }),
    startWorker(world.env, { ...aiEnv, WORKER_QUEUES: 'agent', AGENT_CONCURRENCY: String(CONCURRENCY) }),
  ]);
  const queue = new Queue(QUEUE.AGENT, {
    connection: { url: REDIS_URL, maxRetriesPerRequest: null },
    prefix: `${world.name}:bull`,
  });
  try {
    const owner = await createWorkspace(api.url);
    const call = async <T>(path: string, data: unknown): Promise<T> => {
      const response = await post<T>(api.url, path, data, apiKeyHeaders(owner));
      if (response.status !== 200) throw new Error(`${path}: ${JSON.stringify(response.body)}`);
      return response.body.result.data;
    };
    // One document per run: an agent runs once at a time on a document.
    await world.query(`INSERT INTO organization (api_key_id, id, name) VALUES ($1, 'o', 'o')`, [owner.apiKey]);
    await world.query(
      `INSERT INTO document (api_key_id, organization_id, id, name, access_type, disabled)
       SELECT $1, 'o', 'd' || i, 'd' || i, 'public', false FROM generate_series(1, $2) AS i`,
      [owner.apiKey, RUNS],
    );
    const { agentId } = await call<{ agentId: string }>('/v2/agents/create', {
      name: 'Spell check',
      description: 'Typos',
      enabled: true,
      instructions: 'Find typos.',
      contextGathering: { strategies: ['web-page-text', 'web-page-links'] },
      execution: {},
    });
    // The worker is up before the backlog is committed (the queue paused), so the clock starts at resume.
    await queue.pause();
    const limit = pLimit(20);
    await Promise.all(
      Array.from({ length: RUNS }, (_, i) =>
        limit(() =>
          call('/v2/agents/execution/run', { agentId, url: pageUrl, organizationId: 'o', documentId: `d${i + 1}` }),
        ),
      ),
    );
    const settled = async () =>
      Number(
        (await world.query<{ n: string }>(`SELECT count(*) AS n FROM agent_execution WHERE status <> 'running'`))[0].n,
      );
    const cpuBefore = processCpuMs(worker.child.pid!);
    const started = Date.now();
    await queue.resume();
    while ((await settled()) < RUNS) await sleep(50);
    const seconds = (Date.now() - started) / 1000;
    const cpuMsPerRun = (processCpuMs(worker.child.pid!) - cpuBefore) / RUNS;
    const [{ failed, annotations }] = await world.query<{ failed: string; annotations: string }>(
      `SELECT (SELECT count(*) FROM agent_execution WHERE status <> 'failed') AS failed,
              (SELECT count(*) FROM comment_annotation WHERE api_key_id = $1) AS annotations`,
      [owner.apiKey],
    );
    if (Number(failed) !== 0 || Number(annotations) !== RUNS * 2) {
      throw new Error(`expected every run to find 2 typos: ${failed} runs otherwise, ${annotations} annotations`);
    }

    // Yardstick: the bare I/O of a run, same concurrency, from this process.
    const chat = stub.requestsTo('/v1/chat/completions')[0].body;
    const bare = pLimit(CONCURRENCY);
    const bareStarted = Date.now();
    await Promise.all(
      Array.from({ length: RUNS }, () =>
        bare(async () => {
          await (await fetch(pageUrl)).text();
          const answer = await fetch(`${stub.url}/chat/completions`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(chat),
          });
          await answer.json();
        }),
      ),
    );
    const barePerSecond = RUNS / ((Date.now() - bareStarted) / 1000);

    const figures: Figure[] = [
      {
        measurement: '1 worker: runs/s (1 page, 2 findings each)',
        value: fixed(RUNS / seconds, 1),
        baseline: `${fixed(barePerSecond, 0)} bare fetch + chat round trips/s`,
        ratio: RUNS / seconds / barePerSecond,
      },
      { measurement: '1 worker: worker CPU per run (ms)', value: fixed(cpuMsPerRun, 1) },
    ];
    report(
      'ai',
      `${RUNS} runs drained from a backlog by one worker (AGENT_CONCURRENCY=${CONCURRENCY}), the model stub answering at once`,
      figures,
    );
  } finally {
    await worker.stop('SIGTERM');
    await queue.close();
    await api.stop();
    await stub.close();
    site.close();
    await world.dispose();
  }
}

runBench(main);
