import { loadavg } from 'node:os';
import { join } from 'node:path';
import type { Socket } from 'socket.io-client';
import { createWorkspace } from '../test/support/http-client';
import { RunningApi, startApi } from '../test/support/processes';
import { userToken } from '../test/support/realtime-client';
import { startRedisServer } from '../test/support/redis-cluster';
import { seedDocument } from '../test/support/seed';
import { createTestEnvironment } from '../test/support/test-environment';
import { Figure, fixed, report } from './report';
import { BenchServer, startBenchServer } from './support/bench-server';
import { broadcastFanOut, BroadcastRun } from './support/broadcast-fan-out';
import { DocumentRef, openCursors } from './support/cursor-fan-out';
import { median } from './support/interleave';
import { LOAD_SETTINGS } from './support/load';
import { measureRedis } from './support/redis-stats';
import { runBench } from './support/run-bench';

/**
 * Issue 40: `event:broadcast` fan-out. USERS users (one socket each) on one document, split over two
 * API instances, each broadcasting an event (its send time and sequence number) RATE times a second
 * for BENCH_DURATION_S; every event heard (an `event:frame` entry, or one `event` message) is timed
 * from its send (all clients run in this process: one clock), and each sender's order is checked.
 * Yardstick in the same run: two bare socket.io servers with the same Redis adapter sending one
 * `event` per broadcast (bench/bare-cursor-server.ts). With BENCH_BASELINE_DIST (another build's
 * `dist`), two API instances of that build (their own Redis prefix, so the sides' rooms stay apart)
 * are a third side, so a change is measured against its baseline in the same run. All sides share a private redis-server, so INFO counts only their
 * commands and CPU. Sides alternate, one warm-up each, medians of BENCH_ROUNDS rounds.
 */
const USERS = Number(process.env.BENCH_BROADCAST_USERS ?? 50);
const RATE = Number(process.env.BENCH_BROADCAST_RATE ?? 20);
const DOCUMENT: DocumentRef = { organizationId: 'org', documentId: 'broadcasts' };

type Sample = BroadcastRun & { redisCommandsPerSend: number; redisCpuUsPerDelivery: number; load: number };

interface Side {
  name: string;
  sockets: Socket[];
  pids: number[];
}

function medians<T extends object>(samples: T[]): T {
  const keys = Object.keys(samples[0]) as (keyof T)[];
  return Object.fromEntries(keys.map((key) => [key, median(samples.map((sample) => Number(sample[key])))])) as T;
}

async function measure(redisPort: number, side: Side, durationS: number): Promise<Sample> {
  const load = loadavg()[0];
  const run = await measureRedis([redisPort], async () => {
    const result = await broadcastFanOut({
      sockets: side.sockets,
      document: DOCUMENT,
      pids: side.pids,
      ratePerS: RATE,
      durationS,
    });
    return { ...result, operations: result.sends };
  });
  const { redis, operations, ...figures } = run;
  return {
    ...figures,
    redisCommandsPerSend: redis.commands,
    redisCpuUsPerDelivery: (redis.cpuUs * operations) / figures.deliveries,
    load,
  };
}

async function main(): Promise<void> {
  const baselineDist = process.env.BENCH_BASELINE_DIST;
  const [world, redis] = await Promise.all([createTestEnvironment(), startRedisServer()]);
  const env = { ...world.env, REDIS_URL: redis.url, LOG_LEVEL: process.env.BENCH_API_LOG_LEVEL ?? 'info' };
  // One at a time: two cold starts at once on the 2 shared cores can outlast startApi's 30 s wait.
  const apis: RunningApi[] = [await startApi(env), await startApi(env)];
  const baselines: RunningApi[] = baselineDist
    ? [
        await startApi(env, { REDIS_PREFIX: `${world.name}-baseline` }, baselineDist),
        await startApi(env, { REDIS_PREFIX: `${world.name}-baseline` }, baselineDist),
      ]
    : [];
  const bares: BenchServer[] = await Promise.all(
    [0, 1].map(() =>
      startBenchServer(join(__dirname, 'bare-cursor-server.js'), {
        REDIS_URL: redis.url,
        REDIS_PREFIX: `${world.name}-bare`,
      }),
    ),
  );
  const sides: Side[] = [];
  try {
    const owner = await createWorkspace(apis[0].url);
    await seedDocument(world, owner.apiKey, DOCUMENT.organizationId, DOCUMENT.documentId, { accessType: 'public' });
    const auths = await Promise.all(
      Array.from({ length: USERS }, (_, i) => userToken(apis[0].url, owner, `user-${i}`, { name: `User ${i}` })),
    );
    const sideOf = async (name: string, urls: string[], pids: number[]): Promise<Side> => ({
      name,
      sockets: await openCursors(urls, auths, DOCUMENT),
      pids,
    });
    const serverSides = [['api', apis], ...(baselines.length > 0 ? [['baseline', baselines] as const] : [])] as const;
    for (const [name, servers] of serverSides)
      sides.push(
        await sideOf(
          name,
          servers.map((api) => api.url),
          servers.map((api) => api.child.pid!),
        ),
      );
    sides.push(
      await sideOf(
        'bare',
        bares.map((bare) => bare.url),
        bares.map((bare) => bare.pid),
      ),
    );

    const { durationS, warmUpS, rounds } = LOAD_SETTINGS;
    console.log(
      `broadcast fan-out: ${USERS} users x ${RATE} events/s, sides ${sides.map((side) => side.name).join(', ')}, warm-up ${warmUpS} s per side, then ${rounds} rounds of ${durationS} s per side`,
    );
    for (const side of sides)
      await broadcastFanOut({
        sockets: side.sockets,
        document: DOCUMENT,
        pids: side.pids,
        ratePerS: RATE,
        durationS: warmUpS,
      });
    const runs = new Map<string, Sample[]>(sides.map((side) => [side.name, []]));
    for (let round = 0; round < rounds; round++) {
      for (const side of sides) {
        const sample = await measure(redis.port, side, durationS);
        runs.get(side.name)!.push(sample);
        console.log(
          `  round ${round + 1} ${side.name}: ${fixed(sample.deliveriesPerS, 0)} deliveries/s, p50/p99 ${fixed(sample.p50)}/${fixed(sample.p99)} ms, ${fixed(sample.cpuUsPerDelivery)} + ${fixed(sample.redisCpuUsPerDelivery)} µs CPU per delivery (servers + Redis), ${fixed(sample.redisCommandsPerSend, 2)} Redis commands per send, ${sample.misordered} misordered, load ${fixed(sample.load)}`,
        );
      }
    }
    const result = (name: string) => medians(runs.get(name)!);
    const api = result('api');
    const bare = result('bare');
    const expected = (sample: Sample) => fixed((100 * sample.deliveries) / (sample.sends * (USERS - 1)), 1);
    const cpu = (sample: Sample) => sample.cpuUsPerDelivery + sample.redisCpuUsPerDelivery;
    const describe = (sample: Sample) =>
      `${fixed(sample.deliveriesPerS, 0)} deliveries/s (${expected(sample)} % of sends x ${USERS - 1}), p50/p99 ${fixed(sample.p50)}/${fixed(sample.p99)} ms, ${fixed(cpu(sample))} µs CPU per delivery (${fixed(sample.cpuUsPerDelivery)} servers + ${fixed(sample.redisCpuUsPerDelivery)} Redis), ${fixed(sample.redisCommandsPerSend, 2)} Redis commands per send`;
    const figures: Figure[] = [
      {
        measurement: 'broadcast deliveries/s (events heard by all clients)',
        value: `${fixed(api.deliveriesPerS, 0)} (${expected(api)} % of sends x ${USERS - 1})`,
        baseline: `${fixed(bare.deliveriesPerS, 0)} bare (${expected(bare)} %)`,
        ratio: api.deliveriesPerS / bare.deliveriesPerS,
      },
      {
        measurement: 'broadcast send to arrival p50 / p99 (ms)',
        value: `${fixed(api.p50)} / ${fixed(api.p99)}`,
        baseline: `${fixed(bare.p50)} / ${fixed(bare.p99)} ms bare`,
      },
      {
        measurement: 'CPU per delivered event (µs, both instances + Redis)',
        value: `${fixed(cpu(api))} (${fixed(api.cpuUsPerDelivery)} + ${fixed(api.redisCpuUsPerDelivery)})`,
        baseline: `${fixed(cpu(bare))} µs bare (${fixed(bare.cpuUsPerDelivery)} + ${fixed(bare.redisCpuUsPerDelivery)})`,
        ratio: cpu(api) / cpu(bare),
      },
      {
        measurement: 'Redis commands per broadcast',
        value: fixed(api.redisCommandsPerSend, 2),
        baseline: `${fixed(bare.redisCommandsPerSend, 2)} bare`,
      },
      {
        measurement: 'events heard out of their sender order or twice (all rounds)',
        value: String(runs.get('api')!.reduce((sum, sample) => sum + sample.misordered, 0)),
        target: '0',
        met: runs.get('api')!.every((sample) => sample.misordered === 0),
      },
    ];
    if (baselines.length > 0) {
      const baseline = result('baseline');
      const ratios = runs.get('api')!.map((sample, i) => cpu(sample) / cpu(runs.get('baseline')![i]));
      figures.push({
        measurement: `this build vs BENCH_BASELINE_DIST: CPU per delivery, per-round ratios ${ratios.map((ratio) => fixed(ratio, 2)).join(' ')}`,
        value: describe(api),
        baseline: describe(baseline),
        ratio: median(ratios),
      });
    }
    const loads = sides.flatMap((side) => runs.get(side.name)!.map((sample) => sample.load));
    report(
      'broadcasts',
      `${USERS} users on one document over 2 API instances, each event:broadcast ${RATE}/s; yardstick: 2 bare socket.io servers with the same Redis adapter, one event message per broadcast, same clients; private redis-server; ${rounds} alternating rounds of ${durationS} s after a ${warmUpS} s warm-up, medians; load average ${fixed(Math.min(...loads))}-${fixed(Math.max(...loads))}`,
      figures,
    );
    console.log(
      'Ratios are API ÷ bare, and this build ÷ baseline. 2 shared cores run every side, Redis and the clients: figures are noisy.',
    );
  } finally {
    for (const side of sides) for (const socket of side.sockets) socket.close();
    await Promise.all(bares.map((bare) => bare.stop()));
    await Promise.all([...apis, ...baselines].map((api) => api.stop()));
    await world.dispose();
    await redis.stop();
  }
}

runBench(main);
