import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { apiKeyHeaders, createWorkspace, post } from '../test/support/http-client';
import { RunningApi, startApi } from '../test/support/processes';
import { userToken } from '../test/support/realtime-client';
import { seedDocument } from '../test/support/seed';
import { createTestEnvironment } from '../test/support/test-environment';
import { fixed, report } from './report';
import { BenchServer, startBenchServer } from './support/bench-server';
import type { CollabResult, CollabSpec } from './support/collab-child';
import { interleavedMedians } from './support/interleave';
import { LOAD_SETTINGS, Sample } from './support/load';
import { runBench } from './support/run-bench';

/**
 * Issue 17: multiplayer editing on two API instances against two bare Hocuspocus servers with the
 * same extensions doing the same I/O (bench/bare-collab-server.ts), in one run. (a) Sync round trip:
 * an editor on instance 1 types a character, timed until an editor on instance 2 has it, SAMPLES
 * times in a row. (b) Updates per second on one document: CLIENTS editors split over both instances
 * each keep WINDOW one-character updates unacknowledged for BENCH_DURATION_S; acknowledgements
 * counted. The editors (real @hocuspocus/provider clients) run in a child process; CPU is read from
 * both servers' /proc/<pid>/stat around the timed part. Sides run interleaved (one warm-up each),
 * the median of BENCH_ROUNDS counts; every run opens a fresh document.
 */
const SAMPLES = Number(process.env.BENCH_COLLAB_SAMPLES ?? 200);
const CLIENTS = Number(process.env.BENCH_COLLAB_CLIENTS ?? 4);
const WINDOW = Number(process.env.BENCH_COLLAB_WINDOW ?? 8);
const SIDES = ['api', 'bare'] as const;
type Side = (typeof SIDES)[number];
/** Far above what the bench sends: the API's per-connection limit (100/s) would otherwise close the typing editors. */
const LIMITS = { COLLAB_MAX_UPDATES_PER_SECOND: '100000' };

interface Target {
  urls: [string, string];
  pids: number[];
}

let runs = 0;

async function measure(target: Target, spec: Omit<CollabSpec, 'urls' | 'pids' | 'name'>): Promise<Sample> {
  const name = `org/bench/${spec.mode}-${++runs}`;
  const child = spawn(
    process.execPath,
    [
      join(__dirname, 'support', 'collab-child.js'),
      JSON.stringify({ ...spec, urls: target.urls, pids: target.pids, name }),
    ],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`collab load generator (${spec.mode} on ${target.urls[0]}) exited with ${code}`);
  const result = JSON.parse(output) as CollabResult;
  return {
    requests: result.operations,
    rps: result.perSecond,
    p50: result.p50,
    p99: result.p99,
    cpuMsPerRequest: result.cpuMsPerOperation,
  };
}

async function main(): Promise<void> {
  const world = await createTestEnvironment();
  const apis: RunningApi[] = await Promise.all([
    startApi(world.env, { ...LIMITS, LOG_LEVEL: process.env.BENCH_API_LOG_LEVEL ?? 'info' }),
    startApi(world.env, { ...LIMITS, LOG_LEVEL: process.env.BENCH_API_LOG_LEVEL ?? 'info' }),
  ]);
  const bareEnv = { ...world.env, ...LIMITS, REDIS_PREFIX: `${world.name}:bare` };
  const bares: BenchServer[] = await Promise.all(
    [0, 1].map(() => startBenchServer(join(__dirname, 'bare-collab-server.js'), bareEnv)),
  );
  try {
    const owner = await createWorkspace(apis[0].url);
    await seedDocument(world, owner.apiKey, 'org', 'bench', { accessType: 'restricted' });
    const granted = await post(
      apis[0].url,
      '/v2/auth/permissions/add',
      {
        userId: 'bench',
        permissions: { resources: [{ type: 'document', id: 'bench', organizationId: 'org', accessRole: 'editor' }] },
      },
      apiKeyHeaders(owner),
    );
    if (granted.status !== 200) throw new Error(`permissions/add: ${JSON.stringify(granted.body)}`);
    const auth = await userToken(apis[0].url, owner, 'bench');
    const targets: Record<Side, Target> = {
      api: { urls: [apis[0].url, apis[1].url], pids: apis.map((api) => api.child.pid!) },
      bare: { urls: [bares[0].url, bares[1].url], pids: bares.map((bare) => bare.pid) },
    };
    const { durationS, warmUpS, rounds } = LOAD_SETTINGS;
    const base = { auth, samples: SAMPLES, clients: CLIENTS, window: WINDOW, durationS };

    console.log(`round trip: warm-up, then ${rounds} rounds of ${SAMPLES} samples`);
    const trip = await interleavedMedians(SIDES, rounds, (side, warmUp) =>
      measure(targets[side], { ...base, mode: 'roundTrip', samples: warmUp ? Math.ceil(SAMPLES / 4) : SAMPLES }),
    );
    console.log(`updates/s: warm-up, then ${rounds} rounds of ${durationS} s`);
    const rate = await interleavedMedians(SIDES, rounds, (side, warmUp) =>
      measure(targets[side], { ...base, mode: 'throughput', durationS: warmUp ? warmUpS : durationS }),
    );

    const p50Ratio = trip.bare.p50 / trip.api.p50;
    const p99Ratio = trip.bare.p99 / trip.api.p99;
    const rateRatio = rate.api.rps / rate.bare.rps;
    const tripCpu = (sample: Sample) => `${fixed(sample.cpuMsPerRequest, 3)} ms CPU (both instances) per round trip`;
    const rateOf = (sample: Sample) =>
      `${fixed(sample.rps, 0)} updates/s, ack p50/p99 ${fixed(sample.p50)}/${fixed(sample.p99)} ms, ${fixed(sample.cpuMsPerRequest, 3)} ms CPU (both instances) per update`;
    report(
      'collab',
      `2 API instances vs 2 bare Hocuspocus servers with the same extensions and I/O; round trip: ${SAMPLES} sequential samples instance 1 -> instance 2; updates/s: ${CLIENTS} editors over both instances on one document, ${WINDOW} unacknowledged updates each, ${durationS} s; ${rounds} interleaved rounds after a warm-up, medians`,
      [
        {
          measurement: 'sync round trip p50 (ms), instance 1 -> 2',
          value: fixed(trip.api.p50, 2),
          baseline: `${fixed(trip.bare.p50, 2)} ms bare; API ${tripCpu(trip.api)}, bare ${tripCpu(trip.bare)}`,
          ratio: p50Ratio,
          target: '>= 0.8',
          met: p50Ratio >= 0.8,
        },
        {
          measurement: 'sync round trip p99 (ms), instance 1 -> 2',
          value: fixed(trip.api.p99, 2),
          baseline: `${fixed(trip.bare.p99, 2)} ms bare`,
          ratio: p99Ratio,
        },
        {
          measurement: `updates/s on one document (${CLIENTS} editors, window ${WINDOW})`,
          value: rateOf(rate.api),
          baseline: `bare: ${rateOf(rate.bare)}`,
          ratio: rateRatio,
          target: '>= 0.8',
          met: rateRatio >= 0.8,
        },
      ],
    );
    console.log(
      'Latency ratios are bare ÷ API, throughput API ÷ bare. 2 shared cores run both sides, PostgreSQL, Redis and the editors: figures are noisy.',
    );
  } finally {
    await Promise.all(bares.map((bare) => bare.stop()));
    await Promise.all(apis.map((api) => api.stop()));
    await world.dispose();
  }
}

runBench(main);
