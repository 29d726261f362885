import { ChildProcess, fork } from 'node:child_process';
import { once } from 'node:events';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { apiKeyHeaders, createWorkspace, post } from '../test/support/http-client';
import { RunningApi, startApi } from '../test/support/processes';
import { Handshake, userToken } from '../test/support/realtime-client';
import { startRedisServer } from '../test/support/redis-cluster';
import { seedDocument } from '../test/support/seed';
import { createTestEnvironment, TestEnvironment } from '../test/support/test-environment';
import { fixed, report } from './report';
import { median } from './support/interleave';
import { LOAD_SETTINGS } from './support/load';
import { ensurePeers } from './support/peer-install';
import { BenchServer, startBenchServer } from './support/bench-server';
import { PeerServer, startLiveblocks, startYWebsocket } from './support/peer-servers';
import type { PresenceChildResult, PresenceChildSpec } from './support/presence-child';
import { processCpuMs } from './support/process-cpu';
import { redisStats } from './support/redis-stats';
import { runBench } from './support/run-bench';
import type { YjsChildSpec, YjsSegment } from './support/yjs-child';

/**
 * Issue 40: our API against the servers a team would pick instead, on this machine, in alternating
 * rounds. Presence: USERS users on one document, each setting a cursor RATE times a second, one API
 * instance against the Liveblocks dev server (`liveblocks dev`, @liveblocks/server on Bun, installed
 * by the bench into a cache folder: bench/support/peer-install.ts); the clients run in CHILDREN child
 * processes (ours: socket.io-client as @collab-backend/realtime drives it; theirs: @liveblocks/client
 * with throttling off). Every round prints its load average and each figure's ratio to the peer's
 * round beside it; the medians of the per-round ratios count. CPU per delivered update counts the
 * server's processes, and for us also Redis (a private redis-server, INFO used_cpu) and the PostgreSQL
 * backends of the bench's database.
 *
 * Yjs: YJS_EDITORS editors push one item per update into a shared Y.Array, each keeping YJS_WINDOW
 * updates not yet seen by an observer client (bench/support/yjs-child.ts), on a fresh document every
 * YJS_DOCUMENT_UPDATES updates, against bare Hocuspocus with the API's PostgreSQL persistence
 * (bench/bare-collab-server.ts), the Liveblocks dev server (@liveblocks/yjs on @liveblocks/client) and
 * the y-websocket server (which keeps documents in memory and acknowledges nothing: a yardstick of
 * what durability costs, with no target). Every side changes documents alike because the Liveblocks
 * dev server drops every update after a room's 1,000th (its compaction exceeds a 512-parameter limit).
 * Each document's clients open before its timing starts and close after it ends, so updates/s, latency
 * and CPU count updates only. Then what each side guarantees on a crash.
 */
const USERS = Number(process.env.BENCH_PEERS_USERS ?? 50);
const RATE = Number(process.env.BENCH_PEERS_RATE ?? 20);
const CHILDREN = Number(process.env.BENCH_PEERS_CHILDREN ?? 2);
const DURATION_S = Number(process.env.BENCH_PEERS_DURATION_S ?? 10);
const DOCUMENT = { organizationId: 'org', documentId: 'cursors' };
/** `presence`, `yjs` or both (default), comma-separated. */
const PARTS = (process.env.BENCH_PEERS_PARTS ?? 'presence,yjs').split(',');
const YJS_EDITORS = Number(process.env.BENCH_PEERS_YJS_EDITORS ?? 4);
const YJS_WINDOW = Number(process.env.BENCH_PEERS_YJS_WINDOW ?? 8);
/** Under the Liveblocks dev server's 1,000 updates a room. */
const YJS_DOCUMENT_UPDATES = Number(process.env.BENCH_PEERS_YJS_DOCUMENT_UPDATES ?? 500);
/**
 * Another build's `dist` (as for bench:compare): its API joins the presence rounds as a third side, on
 * its own Redis, and the report adds this build ÷ that one per round.
 */
const BASELINE_DIST = process.env.BENCH_BASELINE_DIST;
const SIDES = ['api', 'liveblocks', ...(BASELINE_DIST ? (['baseline'] as const) : [])] as const;
type Side = 'api' | 'liveblocks' | 'baseline';
const YJS_SIDES = ['api', 'hocuspocus', 'liveblocks', 'y-websocket'] as const;
type YjsSide = (typeof YJS_SIDES)[number];
const YJS_PEERS = YJS_SIDES.filter((side) => side !== 'api');
const YJS_PROTOCOLS: Record<YjsSide, YjsChildSpec['protocol']> = {
  api: 'hocuspocus',
  hocuspocus: 'hocuspocus',
  liveblocks: 'liveblocks',
  'y-websocket': 'y-websocket',
};
/** Far above what the bench sends: the per-connection update limit (100/s) would otherwise close the editors. */
const LIMITS = { COLLAB_MAX_UPDATES_PER_SECOND: '100000' };
/** What each server guarantees for an acknowledged (ours, Hocuspocus) or broadcast (y-websocket, Liveblocks) change on a crash, as run here. */
const CRASH_GUARANTEES: Array<{ server: string; yjs: string; presence: string }> = [
  {
    server: 'ours',
    yjs: 'committed to PostgreSQL (fsync at commit) before it is acknowledged or broadcast',
    presence: 'Redis (no fsync); a dead instance’s entries leave within the TTL',
  },
  {
    server: 'bare Hocuspocus + PostgreSQL',
    yjs: 'the same I/O as ours: committed before it is applied',
    presence: '-',
  },
  { server: 'y-websocket server', yjs: 'memory only: lost on a crash', presence: '-' },
  {
    server: 'Liveblocks dev server',
    yjs: 'SQLite WAL, synchronous=FULL: fsync per update before broadcast',
    presence: 'memory only',
  },
];

/** One side's servers: its URL, and what its CPU is read from. */
interface Target {
  url: string;
  /** CPU used so far by the side's processes (ms): the server's, and for us Redis and PostgreSQL. */
  cpuMs(): Promise<number>;
  /** The same CPU by process kind (ms), where a side has more than one. */
  cpuParts?(): Promise<Record<string, number>>;
}

/** One side's round of the presence load. */
interface PresenceRound {
  deliveriesPerS: number;
  /** Share of the ideal deliveries (every set to every other user). */
  delivered: number;
  p50: number;
  p99: number;
  cpuUsPerDelivery: number;
  /** CPU per delivery (µs) by process kind, for a side that has several. */
  cpuPartsUs: Record<string, number>;
  load: number;
}

/** One Yjs round of a side, over its documents. */
interface YjsRound {
  updates: number;
  perSecond: number;
  p50: number;
  p99: number;
  cpuMsPerUpdate: number;
  load: number;
}

/** The presence load's client processes of one side, connected and subscribed. */
interface Clients {
  children: ChildProcess[];
}

let runs = 0;

const processesCpuMs = (pids: number[]) =>
  pids.reduce((sum, pid) => {
    try {
      return sum + processCpuMs(pid);
    } catch {
      return sum;
    }
  }, 0);

/** CPU of the PostgreSQL backends serving the bench's database (ms). */
async function postgresCpuMs(world: TestEnvironment): Promise<number> {
  const rows = await world.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = $1', [world.name]);
  return processesCpuMs(rows.map((row) => row.pid));
}

/** The child's next message; rejects if it exits first (its error is on stderr). */
function message<T>(child: ChildProcess): Promise<T> {
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`load child exited with ${code} before it answered`));
    child.once('exit', onExit);
    child.once('message', (value) => {
      child.off('exit', onExit);
      resolve(value as T);
    });
  });
}

async function openClients(side: Side, url: string, auths: Handshake[]): Promise<Clients> {
  const children: ChildProcess[] = [];
  for (let i = 0; i < CHILDREN; i++) {
    const mine = auths.filter((_, user) => user % CHILDREN === i);
    const spec: PresenceChildSpec = {
      side: side === 'liveblocks' ? side : 'api',
      url,
      users: mine.length,
      auths: side === 'liveblocks' ? [] : mine,
      document: DOCUMENT,
      rate: RATE,
      durationS: DURATION_S,
    };
    const child = fork(join(__dirname, 'support', 'presence-child.js'), [JSON.stringify(spec)], {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    children.push(child);
    await message<{ ready: true }>(child);
  }
  return { children };
}

function percentile(histogram: Map<number, number>, total: number, p: number): number {
  const wanted = Math.min(total, Math.floor(p * total) + 1);
  let seen = 0;
  for (const [bucket, count] of [...histogram].sort((a, b) => a[0] - b[0])) {
    seen += count;
    if (seen >= wanted) return bucket / 10;
  }
  return Number.NaN;
}

async function presenceRound(target: Target, clients: Clients): Promise<PresenceRound> {
  const run = ++runs;
  const cpuBefore = await target.cpuMs();
  const partsBefore = (await target.cpuParts?.()) ?? {};
  const results = await Promise.all(
    clients.children.map((child) => {
      const result = message<PresenceChildResult>(child);
      child.send({ run });
      return result;
    }),
  );
  const cpuMs = (await target.cpuMs()) - cpuBefore;
  const partsAfter = (await target.cpuParts?.()) ?? {};
  const histogram = new Map<number, number>();
  for (const result of results) {
    for (const [bucket, count] of result.histogram) histogram.set(bucket, (histogram.get(bucket) ?? 0) + count);
  }
  const sets = results.reduce((sum, result) => sum + result.sets, 0);
  const deliveries = results.reduce((sum, result) => sum + result.deliveries, 0);
  const startedAt = Math.min(...results.map((result) => result.startedAt));
  const lastArrivalAt = Math.max(...results.map((result) => result.lastArrivalAt));
  return {
    deliveriesPerS: deliveries / ((lastArrivalAt - startedAt) / 1000),
    delivered: deliveries / (sets * (USERS - 1)),
    p50: percentile(histogram, deliveries, 0.5),
    p99: percentile(histogram, deliveries, 0.99),
    cpuUsPerDelivery: (cpuMs * 1000) / deliveries,
    cpuPartsUs: Object.fromEntries(
      Object.entries(partsAfter).map(([part, ms]) => [part, ((ms - partsBefore[part]) * 1000) / deliveries]),
    ),
    load: loadavg()[0],
  };
}

/**
 * One Yjs round of a side: the load in a child process, one fresh document after another until the
 * documents' timed parts add up to `durationS`; the side's CPU is read around each timed part.
 */
async function yjsRound(target: Target, spec: Omit<YjsChildSpec, 'url'>, durationS: number): Promise<YjsRound> {
  const child = fork(join(__dirname, 'support', 'yjs-child.js'), [JSON.stringify({ ...spec, url: target.url })], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = once(child, 'exit');
  const latencies: number[] = [];
  let elapsedMs = 0;
  let cpuMs = 0;
  while (elapsedMs < durationS * 1000) {
    const ready = message<{ ready: true }>(child);
    child.send({ open: `org/bench/peers-${++runs}` });
    await ready;
    const cpuBefore = await target.cpuMs();
    const answered = message<YjsSegment>(child);
    child.send({ go: true });
    const segment = await answered;
    cpuMs += (await target.cpuMs()) - cpuBefore;
    elapsedMs += segment.elapsedMs;
    latencies.push(...segment.latencies);
  }
  child.send({ stop: true });
  await exited;
  latencies.sort((a, b) => a - b);
  const at = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))];
  return {
    updates: latencies.length,
    perSecond: latencies.length / (elapsedMs / 1000),
    p50: at(0.5),
    p99: at(0.99),
    cpuMsPerUpdate: cpuMs / latencies.length,
    load: loadavg()[0],
  };
}

function partsOf(round: PresenceRound): string {
  const parts = Object.entries(round.cpuPartsUs).map(([part, us]) => `${part} ${fixed(us, 2)}`);
  return parts.length > 0 ? ` (${parts.join(', ')})` : '';
}

function describe(side: Side, round: PresenceRound): string {
  return `${side}: ${fixed(round.deliveriesPerS, 0)} deliveries/s (${fixed(100 * round.delivered, 1)} % of ideal), p50/p99 ${fixed(round.p50, 2)}/${fixed(round.p99, 1)} ms, ${fixed(round.cpuUsPerDelivery, 2)} µs CPU per delivery${partsOf(round)}`;
}

async function main(): Promise<void> {
  console.log(`peers: ${JSON.stringify(ensurePeers())}`);
  const [world, redis] = await Promise.all([createTestEnvironment(), startRedisServer()]);
  const env = { ...world.env, ...LIMITS, REDIS_URL: redis.url, LOG_LEVEL: process.env.BENCH_API_LOG_LEVEL ?? 'info' };
  const api: RunningApi = await startApi(env);
  const baseline = BASELINE_DIST ? await startBaseline(env, BASELINE_DIST) : undefined;
  const peer: PeerServer = await startLiveblocks();
  const yWebsocket: PeerServer = await startYWebsocket();
  const hocuspocus: BenchServer = await startBenchServer(join(__dirname, 'bare-collab-server.js'), {
    ...env,
    REDIS_PREFIX: `${world.name}:bare`,
  });
  const clients: Partial<Record<Side, Clients>> = {};
  try {
    const owner = await createWorkspace(api.url);
    await seedDocument(world, owner.apiKey, DOCUMENT.organizationId, DOCUMENT.documentId, { accessType: 'public' });
    const auths = await Promise.all(
      Array.from({ length: USERS }, (_, i) => userToken(api.url, owner, `user-${i}`, { name: `User ${i}` })),
    );
    const redisCpuMs = async () => (await redisStats([redis.port])).cpuUs / 1000;
    const ourTarget = (running: RunningApi, redisPort: number): Target => {
      const parts = async () => ({
        API: processesCpuMs([running.child.pid!]),
        Redis: (await redisStats([redisPort])).cpuUs / 1000,
        PostgreSQL: await postgresCpuMs(world),
      });
      return {
        url: running.url,
        cpuMs: async () => Object.values(await parts()).reduce((sum, ms) => sum + ms, 0),
        cpuParts: parts,
      };
    };
    const targets: Record<Side, Target> = {
      api: ourTarget(api, redis.port),
      liveblocks: { url: peer.url, cpuMs: () => Promise.resolve(processesCpuMs(peer.pids())) },
      ...(baseline && { baseline: ourTarget(baseline.api, baseline.redis.port) }),
    } as Record<Side, Target>;
    const { rounds } = LOAD_SETTINGS;
    if (PARTS.includes('presence')) {
      for (const side of SIDES) clients[side] = await openClients(side, targets[side].url, auths);

      console.log(
        `presence: ${USERS} users x ${RATE} sets/s on one document, clients in ${CHILDREN} processes; a warm-up, then ${rounds} alternating rounds of ${DURATION_S} s`,
      );
      for (const side of SIDES) await presenceRound(targets[side], clients[side]!);
      const ratios: Array<{ deliveries: number; cpu: number; p99: number }> = [];
      const kept: Record<Side, PresenceRound[]> = { api: [], liveblocks: [], baseline: [] };
      for (let round = 0; round < rounds; round++) {
        for (const side of SIDES) kept[side].push(await presenceRound(targets[side], clients[side]!));
        const [ours, theirs] = [kept.api[round], kept.liveblocks[round]];
        const ratio = {
          deliveries: ours.deliveriesPerS / theirs.deliveriesPerS,
          cpu: ours.cpuUsPerDelivery / theirs.cpuUsPerDelivery,
          p99: ours.p99 / theirs.p99,
        };
        ratios.push(ratio);
        console.log(`  round ${round + 1}, load average ${fixed(ours.load, 1)} / ${fixed(theirs.load, 1)}`);
        console.log(`    ${describe('api', ours)}`);
        console.log(`    ${describe('liveblocks', theirs)}`);
        console.log(
          `    ours ÷ peer: deliveries ${fixed(ratio.deliveries, 2)}, CPU per delivery ${fixed(ratio.cpu, 2)}, p99 ${fixed(ratio.p99, 2)}`,
        );
        if (!baseline) continue;
        const base = kept.baseline[round];
        console.log(`    ${describe('baseline', base)}`);
        console.log(
          `    this build ÷ baseline: CPU per delivery ${fixed(ours.cpuUsPerDelivery / base.cpuUsPerDelivery, 2)}, p99 ${fixed(ours.p99 / base.p99, 2)}`,
        );
      }
      const ratioOf = (key: 'deliveries' | 'cpu' | 'p99') => median(ratios.map((ratio) => ratio[key]));
      const medianOf = (side: Side, key: Exclude<keyof PresenceRound, 'cpuPartsUs'>) =>
        median(kept[side].map((round) => round[key]));
      const loads = SIDES.flatMap((side) => kept[side].map((round) => round.load));
      const againstBaseline = (figure: (round: PresenceRound) => number) =>
        median(kept.api.map((ours, round) => figure(ours) / figure(kept.baseline[round])));
      report(
        'peers',
        `presence: ${USERS} users x ${RATE} Hz on one document, one API instance (CPU: API + Redis + PostgreSQL backends) against the Liveblocks dev server (CPU: its process tree), clients in ${CHILDREN} processes; ${rounds} alternating rounds of ${DURATION_S} s after a warm-up; ratios are medians of per-round ratios; load average ${fixed(Math.min(...loads), 1)}-${fixed(Math.max(...loads), 1)}`,
        [
          {
            measurement: 'presence deliveries/s',
            value: `${fixed(medianOf('api', 'deliveriesPerS'), 0)} (${fixed(100 * medianOf('api', 'delivered'), 1)} % of ideal)`,
            baseline: `${fixed(medianOf('liveblocks', 'deliveriesPerS'), 0)} Liveblocks (${fixed(100 * medianOf('liveblocks', 'delivered'), 1)} %)`,
            ratio: ratioOf('deliveries'),
            target: '>= 1.0, or both at the ideal',
            // Both sides delivering every set to every other user is a tie, whatever the last arrival's timing.
            met:
              ratioOf('deliveries') >= 1 ||
              Math.min(medianOf('api', 'delivered'), medianOf('liveblocks', 'delivered')) >= 0.999,
          },
          {
            measurement: 'presence CPU per delivered update (µs)',
            value: fixed(medianOf('api', 'cpuUsPerDelivery'), 2),
            baseline: `${fixed(medianOf('liveblocks', 'cpuUsPerDelivery'), 2)} Liveblocks`,
            ratio: ratioOf('cpu'),
            target: '<= 0.5',
            met: ratioOf('cpu') <= 0.5,
          },
          {
            measurement: 'presence set to arrival p50 / p99 (ms)',
            value: `${fixed(medianOf('api', 'p50'), 2)} / ${fixed(medianOf('api', 'p99'), 1)}`,
            baseline: `${fixed(medianOf('liveblocks', 'p50'), 2)} / ${fixed(medianOf('liveblocks', 'p99'), 1)} Liveblocks`,
            ratio: ratioOf('p99'),
            target: 'p99 ratio <= 1.0',
            met: ratioOf('p99') <= 1,
          },
          ...(baseline
            ? [
                {
                  measurement: 'presence CPU per delivered update (µs), this build vs baseline',
                  value: fixed(medianOf('api', 'cpuUsPerDelivery'), 2),
                  baseline: `${fixed(medianOf('baseline', 'cpuUsPerDelivery'), 2)} ${BASELINE_DIST}`,
                  ratio: againstBaseline((round) => round.cpuUsPerDelivery),
                },
                {
                  measurement: 'presence set to arrival p99 (ms), this build vs baseline',
                  value: fixed(medianOf('api', 'p99'), 1),
                  baseline: `${fixed(medianOf('baseline', 'p99'), 1)} ${BASELINE_DIST}`,
                  ratio: againstBaseline((round) => round.p99),
                },
              ]
            : []),
        ],
      );
    }

    if (PARTS.includes('yjs')) {
      await seedDocument(world, owner.apiKey, 'org', 'bench', { accessType: 'restricted' });
      const granted = await post(
        api.url,
        '/v2/auth/permissions/add',
        {
          userId: 'bench',
          permissions: { resources: [{ type: 'document', id: 'bench', organizationId: 'org', accessRole: 'editor' }] },
        },
        apiKeyHeaders(owner),
      );
      if (granted.status !== 200) throw new Error(`permissions/add: ${JSON.stringify(granted.body)}`);
      const editor = await userToken(api.url, owner, 'bench');
      const yjsTargets: Record<YjsSide, Target> = {
        api: targets.api,
        hocuspocus: {
          url: hocuspocus.url,
          cpuMs: async () => processesCpuMs([hocuspocus.pid]) + (await redisCpuMs()) + (await postgresCpuMs(world)),
        },
        liveblocks: targets.liveblocks,
        'y-websocket': { url: yWebsocket.url, cpuMs: () => Promise.resolve(processesCpuMs(yWebsocket.pids())) },
      };
      const yjsSpec = (side: YjsSide): Omit<YjsChildSpec, 'url'> => ({
        protocol: YJS_PROTOCOLS[side],
        auth: editor,
        editors: YJS_EDITORS,
        window: YJS_WINDOW,
        updates: YJS_DOCUMENT_UPDATES,
      });
      console.log(
        `yjs: ${YJS_EDITORS} editors, ${YJS_WINDOW} updates each not yet seen by an observer, a fresh document every ${YJS_DOCUMENT_UPDATES} updates; a warm-up, then ${rounds} alternating rounds of ${DURATION_S} s`,
      );
      for (const side of YJS_SIDES) await yjsRound(yjsTargets[side], yjsSpec(side), 2);
      const yjsRounds = Object.fromEntries(YJS_SIDES.map((side) => [side, [] as YjsRound[]])) as Record<
        YjsSide,
        YjsRound[]
      >;
      for (let round = 0; round < rounds; round++) {
        for (const side of YJS_SIDES) yjsRounds[side].push(await yjsRound(yjsTargets[side], yjsSpec(side), DURATION_S));
        const ours = yjsRounds.api[round];
        console.log(`  round ${round + 1}`);
        for (const side of YJS_SIDES) {
          const theirs = yjsRounds[side][round];
          console.log(
            `    ${side} (load average ${fixed(theirs.load, 1)}): ${fixed(theirs.perSecond, 0)} updates/s, p50/p99 ${fixed(theirs.p50, 2)}/${fixed(theirs.p99, 1)} ms, ${fixed(theirs.cpuMsPerUpdate * 1000, 1)} µs CPU per update` +
              (side === 'api'
                ? ''
                : `; ours ÷ ${side}: updates/s ${fixed(ours.perSecond / theirs.perSecond, 2)}, p50 ${fixed(ours.p50 / theirs.p50, 2)}, CPU ${fixed(ours.cpuMsPerUpdate / theirs.cpuMsPerUpdate, 2)}`),
          );
        }
      }
      const yjsRatio = (peerSide: YjsSide, figure: (round: YjsRound) => number) =>
        median(yjsRounds.api.map((ours, round) => figure(ours) / figure(yjsRounds[peerSide][round])));
      const yjsMedian = (side: YjsSide, figure: (round: YjsRound) => number) => median(yjsRounds[side].map(figure));
      const yjsLoads = YJS_SIDES.flatMap((side) => yjsRounds[side].map((round) => round.load));
      report(
        'peers-yjs',
        `yjs: ${YJS_EDITORS} editors x ${YJS_WINDOW} updates in flight, a fresh document every ${YJS_DOCUMENT_UPDATES} updates, one API instance (CPU: API + Redis + PostgreSQL backends) against bare Hocuspocus with the same PostgreSQL persistence (CPU: it + Redis + PostgreSQL), the Liveblocks dev server (CPU: its process tree, SQLite included) and the y-websocket server (in memory); ${rounds} alternating rounds of ${DURATION_S} s; ratios are medians of per-round ratios; load average ${fixed(Math.min(...yjsLoads), 1)}-${fixed(Math.max(...yjsLoads), 1)}`,
        YJS_PEERS.flatMap((peerSide) => [
          {
            measurement: `yjs updates/s, ours vs ${peerSide}`,
            value: fixed(
              yjsMedian('api', (round) => round.perSecond),
              0,
            ),
            baseline: `${fixed(
              yjsMedian(peerSide, (round) => round.perSecond),
              0,
            )} ${peerSide}`,
            ratio: yjsRatio(peerSide, (round) => round.perSecond),
            ...(peerSide !== 'y-websocket' && {
              target: '> 1.0',
              met: yjsRatio(peerSide, (round) => round.perSecond) > 1,
            }),
          },
          {
            measurement: `yjs push to observer p50 / p99 (ms), ours vs ${peerSide}`,
            value: `${fixed(
              yjsMedian('api', (round) => round.p50),
              2,
            )} / ${fixed(
              yjsMedian('api', (round) => round.p99),
              1,
            )}`,
            baseline: `${fixed(
              yjsMedian(peerSide, (round) => round.p50),
              2,
            )} / ${fixed(
              yjsMedian(peerSide, (round) => round.p99),
              1,
            )} ${peerSide}`,
            ratio: yjsRatio(peerSide, (round) => round.p50),
            ...(peerSide !== 'y-websocket' && {
              target: 'p50 ratio < 1.0',
              met: yjsRatio(peerSide, (round) => round.p50) < 1,
            }),
          },
          {
            measurement: `yjs CPU per update (µs, with Redis and PostgreSQL), ours vs ${peerSide}`,
            value: fixed(yjsMedian('api', (round) => round.cpuMsPerUpdate) * 1000, 1),
            baseline: `${fixed(yjsMedian(peerSide, (round) => round.cpuMsPerUpdate) * 1000, 1)} ${peerSide}`,
            ratio: yjsRatio(peerSide, (round) => round.cpuMsPerUpdate),
          },
        ]),
      );
      console.log('\nOn a crash, as run here:');
      console.table(CRASH_GUARANTEES);
    }
  } finally {
    for (const side of SIDES) for (const child of clients[side]?.children ?? []) child.send({ stop: true });
    await peer.stop();
    await yWebsocket.stop();
    await hocuspocus.stop();
    await api.stop();
    await baseline?.api.stop();
    await world.dispose();
    await redis.stop();
    await baseline?.redis.stop();
  }
}

/** The baseline build's API, on a Redis of its own so that neither API's adapter hears the other's room. */
async function startBaseline(env: Record<string, string>, dist: string) {
  const redis = await startRedisServer();
  return { api: await startApi({ ...env, REDIS_URL: redis.url }, {}, dist), redis };
}

runBench(main);
