import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { io, Socket } from 'socket.io-client';
import { eventually } from '../test/support/eventually';
import { apiKeyHeaders, createWorkspace, Credentials, post } from '../test/support/http-client';
import { RunningApi, startApi } from '../test/support/processes';
import type { Ack } from '../test/support/realtime-client';
import { startRedisCluster, startRedisServer } from '../test/support/redis-cluster';
import { createTestEnvironment, TestEnvironment } from '../test/support/test-environment';
import { fixed, Figure, report } from './report';
import { median } from './support/interleave';
import { LOAD_SETTINGS, measureLoad } from './support/load';
import { processCpuMs } from './support/process-cpu';
import { measureRedis, RedisCost } from './support/redis-stats';
import { runBench } from './support/run-bench';

/**
 * Issue 16: the same API on a private single Redis and on a 3-master Redis Cluster, in one run.
 * presence/add and livestate/broadcast under autocannon (its own process), and the fan-out latency of
 * one REST broadcast to CLIENTS sockets over two API instances; for each, what Redis did per
 * operation (INFO commandstats and net byte deltas summed over the masters) and what PostgreSQL did
 * (transactions and rows from pg_stat_database). Sides run interleaved, the median of BENCH_ROUNDS counts.
 */
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 200);
const FAN_OUT_ROUNDS = Number(process.env.BENCH_FANOUT_ROUNDS ?? 20);
const DOCUMENTS = 100;
const SIDES = ['single', 'cluster'] as const;
type Side = (typeof SIDES)[number];

interface SideSetup {
  apis: [RunningApi, RunningApi];
  ports: number[];
}

interface PgCost {
  transactions: number;
  rowsWritten: number;
  rowsRead: number;
}

interface Run {
  operations: number;
  rps?: number;
  p50: number;
  p99: number;
  /** Both API instances' CPU per operation (the second one only receives pub/sub traffic). */
  cpuMs: number;
  pg: PgCost;
}

/** Resident memory of a process, from /proc/<pid>/status. */
function rssKiB(pid: number): number {
  return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
}

const documentId = (i: number) => `doc-${String(i).padStart(3, '0')}`;

async function pgCounters(world: TestEnvironment): Promise<PgCost> {
  const [row] = await world.query<{ xact: string; written: string; read: string }>(
    `SELECT xact_commit + xact_rollback AS xact, tup_inserted + tup_updated + tup_deleted AS written, tup_returned + tup_fetched AS read
     FROM pg_stat_database WHERE datname = current_database()`,
  );
  return { transactions: Number(row.xact), rowsWritten: Number(row.written), rowsRead: Number(row.read) };
}

/** PostgreSQL's cumulative statistics lag up to a second behind; the sleep lets them catch up. */
async function pgDelta(world: TestEnvironment, before: PgCost, operations: number): Promise<PgCost> {
  await new Promise((resolve) => setTimeout(resolve, 1100));
  const after = await pgCounters(world);
  return {
    transactions: (after.transactions - before.transactions) / operations,
    rowsWritten: (after.rowsWritten - before.rowsWritten) / operations,
    rowsRead: (after.rowsRead - before.rowsRead) / operations,
  };
}

async function load(
  world: TestEnvironment,
  side: SideSetup,
  owner: Credentials,
  path: string,
  bodies: unknown[],
  durationS: number,
): Promise<Run> {
  const [a, b] = side.apis;
  const cpuBefore = processCpuMs(a.child.pid!) + processCpuMs(b.child.pid!);
  const pgBefore = await pgCounters(world);
  const sample = await measureLoad(a.child.pid!, {
    url: a.url,
    path,
    headers: apiKeyHeaders(owner),
    bodies: bodies.map((data) => JSON.stringify({ data })),
    connections: LOAD_SETTINGS.connections,
    durationS,
  });
  const cpuMs = (processCpuMs(a.child.pid!) + processCpuMs(b.child.pid!) - cpuBefore) / sample.requests;
  return {
    operations: sample.requests,
    rps: sample.rps,
    p50: sample.p50,
    p99: sample.p99,
    cpuMs,
    pg: await pgDelta(world, pgBefore, sample.requests),
  };
}

async function openSocket(url: string, auth: Record<string, string>): Promise<Socket> {
  const socket = io(url, { path: '/realtime', auth, transports: ['websocket'], reconnection: false, forceNew: true });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  return socket;
}

/** CLIENTS sockets over both instances on one document; FAN_OUT_ROUNDS broadcasts, each awaited until every socket has it. */
async function fanOut(
  world: TestEnvironment,
  side: SideSetup,
  owner: Credentials,
  token: string,
  sockets: Socket[],
): Promise<Run> {
  const [a, b] = side.apis;
  const doc = { organizationId: 'org', documentId: 'fan-out' };
  const latencies: number[] = [];
  const sentAt = new Map<number, number>();
  let received = 0;
  const listener = (event: { liveStateDataId: string; data: { seq: number } }) => {
    if (event.liveStateDataId !== 'fan') return;
    latencies.push(performance.now() - sentAt.get(event.data.seq)!);
    received++;
  };
  if (sockets.length === 0) {
    const rssBefore = rssKiB(a.child.pid!) + rssKiB(b.child.pid!);
    const cpuAtConnect = processCpuMs(a.child.pid!) + processCpuMs(b.child.pid!);
    for (let i = 0; i < CLIENTS; i += 50) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(50, CLIENTS - i) }, (_, j) =>
          openSocket(side.apis[(i + j) % 2].url, { apiKey: owner.apiKey, token }),
        ),
      );
      for (const socket of batch) {
        const ack = (await socket.timeout(20_000).emitWithAck('subscribe', doc)) as Ack;
        if (ack.status !== 'success') throw new Error(JSON.stringify(ack));
      }
      sockets.push(...batch);
    }
    const connectCpuMs = (processCpuMs(a.child.pid!) + processCpuMs(b.child.pid!) - cpuAtConnect) / CLIENTS;
    const rssPerSocket = (rssKiB(a.child.pid!) + rssKiB(b.child.pid!) - rssBefore) / CLIENTS;
    console.log(
      `  ${CLIENTS} sockets connected and subscribed: ${fixed(connectCpuMs, 2)} ms API CPU and ${fixed(rssPerSocket, 1)} KiB API RSS per socket`,
    );
  }
  for (const socket of sockets) socket.on('livestate', listener);
  const cpuBefore = processCpuMs(a.child.pid!) + processCpuMs(b.child.pid!);
  const pgBefore = await pgCounters(world);
  for (let seq = 0; seq < FAN_OUT_ROUNDS; seq++) {
    const expected = (seq + 1) * sockets.length;
    sentAt.set(seq, performance.now());
    const response = await post(
      a.url,
      '/v2/livestate/broadcast',
      { ...doc, liveStateDataId: 'fan', data: { seq } },
      apiKeyHeaders(owner),
    );
    if (response.status !== 200) throw new Error(JSON.stringify(response.body));
    await eventually(
      () => {
        if (received < expected) throw new Error(`round ${seq}: ${received}/${expected}`);
      },
      { timeoutMs: 20_000, intervalMs: 2 },
    );
  }
  const cpuMs = (processCpuMs(a.child.pid!) + processCpuMs(b.child.pid!) - cpuBefore) / FAN_OUT_ROUNDS;
  for (const socket of sockets) socket.off('livestate', listener);
  latencies.sort((x, y) => x - y);
  const at = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))];
  return {
    operations: FAN_OUT_ROUNDS,
    p50: at(0.5),
    p99: at(0.99),
    cpuMs,
    pg: await pgDelta(world, pgBefore, FAN_OUT_ROUNDS),
  };
}

type Measured = Run & { redis: RedisCost };

function medianRun(runs: Measured[]): Measured {
  const m = (pick: (run: Measured) => number) => median(runs.map(pick));
  const middle = [...runs].sort((x, y) => x.redis.commands - y.redis.commands)[Math.floor(runs.length / 2)];
  return {
    operations: m((r) => r.operations),
    rps: runs[0].rps === undefined ? undefined : m((r) => r.rps!),
    p50: m((r) => r.p50),
    p99: m((r) => r.p99),
    cpuMs: m((r) => r.cpuMs),
    pg: {
      transactions: m((r) => r.pg.transactions),
      rowsWritten: m((r) => r.pg.rowsWritten),
      rowsRead: m((r) => r.pg.rowsRead),
    },
    redis: {
      ...middle.redis,
      commands: m((r) => r.redis.commands),
      cpuUs: m((r) => r.redis.cpuUs),
      bytesIn: m((r) => r.redis.bytesIn),
      bytesOut: m((r) => r.redis.bytesOut),
    },
  };
}

function figures(name: string, medians: Record<Side, Measured>): Figure[] {
  return SIDES.map((side) => {
    const run = medians[side];
    const speed =
      run.rps === undefined
        ? `p50/p99 ${fixed(run.p50)}/${fixed(run.p99)} ms`
        : `${fixed(run.rps, 0)} req/s, p50/p99 ${run.p50}/${run.p99} ms`;
    return {
      measurement: `${name} (${side} Redis)`,
      value: `${speed}; API CPU ${fixed(run.cpuMs, 3)} ms/op`,
      baseline: `Redis ${fixed(run.redis.commands, 2)} cmds (${run.redis.byCommand}), ${fixed(run.redis.cpuUs, 1)} µs Redis CPU, ${fixed(run.redis.bytesIn, 0)} B in / ${fixed(run.redis.bytesOut, 0)} B out; PG ${fixed(run.pg.transactions, 2)} xact, ${fixed(run.pg.rowsWritten, 2)} rows written per op`,
      ...(side === 'cluster' && run.rps !== undefined && medians.single.rps
        ? { ratio: run.rps / medians.single.rps }
        : {}),
    };
  });
}

async function main(): Promise<void> {
  const [world, single, cluster] = await Promise.all([
    createTestEnvironment(),
    startRedisServer(),
    startRedisCluster(),
  ]);
  const sides: Partial<Record<Side, SideSetup>> = {};
  try {
    const envs: Record<Side, Record<string, string>> = {
      single: { ...world.env, REDIS_URL: single.url, LOG_LEVEL: 'info' },
      cluster: { ...world.env, REDIS_CLUSTER_NODES: cluster.nodes, LOG_LEVEL: 'info' },
    };
    for (const side of SIDES) {
      const apis = await Promise.all<[Promise<RunningApi>, Promise<RunningApi>]>([
        startApi(envs[side]),
        startApi(envs[side]),
      ]);
      sides[side] = { apis, ports: side === 'single' ? [single.port] : cluster.ports };
    }
    const setup = sides as Record<Side, SideSetup>;
    const owner = await createWorkspace(setup.single.apis[0].url);
    const call = async (path: string, data: unknown) => {
      const response = await post(setup.single.apis[0].url, path, data, apiKeyHeaders(owner));
      if (response.status !== 200) throw new Error(`${path}: ${JSON.stringify(response.body)}`);
    };
    await call('/v2/organizations/add', { organizations: [{ organizationId: 'org', organizationName: 'Org' }] });
    await call('/v2/organizations/documents/add', {
      organizationId: 'org',
      documents: [
        ...Array.from({ length: DOCUMENTS }, (_, i) => ({ documentId: documentId(i) })),
        { documentId: 'fan-out' },
      ],
    });
    const token = (
      await post<{ token: string }>(
        setup.single.apis[0].url,
        '/v2/auth/generate_token',
        { userId: 'bench' },
        apiKeyHeaders(owner),
      )
    ).body.result.data.token;

    const workloads = [
      {
        name: 'presence/add over 100 documents',
        path: '/v2/presence/add',
        bodies: Array.from({ length: DOCUMENTS }, (_, i) => ({
          organizationId: 'org',
          documentId: documentId(i),
          users: [{ userId: `user-${i % 7}`, name: 'User', status: 'online' }],
        })),
      },
      {
        name: 'livestate/broadcast over 100 documents, no sockets',
        path: '/v2/livestate/broadcast',
        bodies: Array.from({ length: DOCUMENTS }, (_, i) => ({
          organizationId: 'org',
          documentId: documentId(i),
          liveStateDataId: 'cursor',
          data: { x: i },
          merge: false,
        })),
      },
    ];
    const all: Figure[] = [];
    const { rounds, durationS, warmUpS } = LOAD_SETTINGS;
    for (const workload of workloads) {
      console.log(`${workload.name}: warm-up, then ${rounds} rounds`);
      const runs: Record<Side, Measured[]> = { single: [], cluster: [] };
      for (const side of SIDES) await load(world, setup[side], owner, workload.path, workload.bodies, warmUpS);
      for (let round = 0; round < rounds; round++) {
        for (const side of SIDES) {
          console.log(`  round ${round + 1}, ${side}`);
          runs[side].push(
            await measureRedis(setup[side].ports, () =>
              load(world, setup[side], owner, workload.path, workload.bodies, durationS),
            ),
          );
        }
      }
      all.push(...figures(workload.name, { single: medianRun(runs.single), cluster: medianRun(runs.cluster) }));
    }
    const sockets: Record<Side, Socket[]> = { single: [], cluster: [] };
    const fanRuns: Record<Side, Measured[]> = { single: [], cluster: [] };
    for (let round = 0; round < rounds; round++) {
      console.log(`fan-out round ${round + 1}`);
      for (const side of SIDES)
        fanRuns[side].push(
          await measureRedis(setup[side].ports, () => fanOut(world, setup[side], owner, token, sockets[side])),
        );
    }
    for (const side of SIDES) for (const socket of sockets[side]) socket.close();
    all.push(
      ...figures(`fan-out of one REST broadcast to ${CLIENTS} sockets over 2 API instances`, {
        single: medianRun(fanRuns.single),
        cluster: medianRun(fanRuns.cluster),
      }),
    );

    report(
      'redis-cluster',
      `private single redis-server vs 3-master Redis Cluster (no replicas), 2 API instances each; ${rounds} interleaved rounds of ${durationS} s x ${LOAD_SETTINGS.connections} connections after a ${warmUpS} s warm-up, fan-out ${FAN_OUT_ROUNDS} broadcasts per round; medians; per-op costs from INFO commandstats/stats and pg_stat_database deltas`,
      all,
    );
    console.log(
      'Everything (both Redis setups, PostgreSQL, the APIs and the load generator) shares the same cores: the cluster buys no CPU here; the per-op costs are what carry over.',
    );
  } finally {
    for (const side of Object.values(sides)) await Promise.all(side.apis.map((api) => api.stop()));
    await world.dispose();
    await single.stop();
    await cluster.stop();
  }
}

runBench(main);
