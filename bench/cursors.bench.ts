import { join } from 'node:path';
import type { Socket } from 'socket.io-client';
import { apiKeyHeaders, createWorkspace } from '../test/support/http-client';
import { RunningApi, startApi } from '../test/support/processes';
import { userToken } from '../test/support/realtime-client';
import { startRedisServer } from '../test/support/redis-cluster';
import { seedDocument, seedEditors } from '../test/support/seed';
import { createTestEnvironment, TestEnvironment } from '../test/support/test-environment';
import { fixed, report } from './report';
import { BenchServer, startBenchServer } from './support/bench-server';
import { ADD_PATHS, addComments, AddPath, AddRun, CommentTarget } from './support/comment-adds';
import { DocumentRef, fanOut, FanOutRun, openCursors } from './support/cursor-fan-out';
import { median } from './support/interleave';
import { LOAD_SETTINGS } from './support/load';
import { measureRedis } from './support/redis-stats';
import { runBench } from './support/run-bench';

/**
 * Issue 24: cursor fan-out. USERS users (one socket each) on one document, split over two API
 * instances, each setting its presence (`presence:set` with `{x, y}` and its send time) RATE times a
 * second for BENCH_DURATION_S; every update heard (a `presence:frame` entry; the bare servers' `presence:data`) is timed from its set (all clients run in
 * this process: one clock). Yardstick in the same run: two bare socket.io servers with the same Redis
 * adapter doing the same fan-out (bench/bare-cursor-server.ts). Both sides run on a private
 * redis-server, so INFO commandstats counts only their commands; PostgreSQL rows written come from
 * pg_stat_database of the bench's own database. Sides alternate, one warm-up each, the median of
 * BENCH_ROUNDS rounds counts. Then a comment add's API CPU through the socket (`comments:add`) beside
 * REST's `commentannotations/add`, COMMENT_ADDS sequential adds each, alternating in rounds.
 */
const USERS = Number(process.env.BENCH_CURSOR_USERS ?? 50);
const RATE = Number(process.env.BENCH_CURSOR_RATE ?? 20);
const COMMENT_ADDS = Number(process.env.BENCH_COMMENT_ADDS ?? 300);
const SIDES = ['api', 'bare'] as const;
type Side = (typeof SIDES)[number];
const CURSORS: DocumentRef = { organizationId: 'org', documentId: 'cursors' };
const COMMENTS: DocumentRef = { organizationId: 'org', documentId: 'comments' };
const AUTHOR = { userId: 'author', name: 'Author', email: 'author@example.com' };

/** A round of one side: the fan-out figures plus Redis commands and PostgreSQL rows written per set. */
type CursorSample = FanOutRun & { redisCommandsPerSet: number; pgRowsPerSet: number };

/** A round's sample, the Redis commands it made by name and the tables it wrote to. */
interface Measured {
  sample: CursorSample;
  byCommand: string;
  pgTables: string[];
}

interface Load {
  sockets: Socket[];
  pids: number[];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function medians<T extends object>(samples: T[]): T {
  const keys = Object.keys(samples[0]) as (keyof T)[];
  return Object.fromEntries(keys.map((key) => [key, median(samples.map((sample) => Number(sample[key])))])) as T;
}

/** Rows inserted, updated and deleted so far in the bench database's tables, by table (pg_stat_user_tables). */
async function rowsWritten(world: TestEnvironment): Promise<Map<string, number>> {
  const rows = await world.query<{ relname: string; written: string }>(
    'SELECT relname, n_tup_ins + n_tup_upd + n_tup_del AS written FROM pg_stat_user_tables',
  );
  return new Map(rows.map((row) => [row.relname, Number(row.written)]));
}

/** The tables written to between two readings, and how many rows in all. */
function written(before: Map<string, number>, after: Map<string, number>): { rows: number; tables: string[] } {
  const tables = [...after].filter(([table, rows]) => rows > (before.get(table) ?? 0));
  return {
    rows: tables.reduce((sum, [table, rows]) => sum + rows - (before.get(table) ?? 0), 0),
    tables: tables.map(([table]) => table),
  };
}

/** How long PostgreSQL may hold an idle backend's pending statistics before it reports them (PGSTAT_IDLE_INTERVAL, plus a margin). */
const IDLE_STATS_MS = 11_000;

/** One measured run; PostgreSQL's cumulative statistics lag up to a second, so they are read after a pause. */
async function measure(world: TestEnvironment, redisPort: number, load: Load, durationS: number): Promise<Measured> {
  const pgBefore = await rowsWritten(world);
  const run = await measureRedis([redisPort], async () => {
    const result = await fanOut({
      sockets: load.sockets,
      document: CURSORS,
      pids: load.pids,
      ratePerS: RATE,
      durationS,
    });
    return { ...result, operations: result.sets };
  });
  await sleep(1100);
  const pg = written(pgBefore, await rowsWritten(world));
  const { redis, operations, ...figures } = run;
  return {
    sample: { ...figures, redisCommandsPerSet: redis.commands, pgRowsPerSet: pg.rows / operations },
    byCommand: redis.byCommand,
    pgTables: pg.tables,
  };
}

async function main(): Promise<void> {
  const [world, redis] = await Promise.all([createTestEnvironment(), startRedisServer()]);
  const env = { ...world.env, REDIS_URL: redis.url, LOG_LEVEL: process.env.BENCH_API_LOG_LEVEL ?? 'info' };
  // One at a time: two cold starts at once on the 2 shared cores can outlast startApi's 30 s wait.
  const apis: RunningApi[] = [await startApi(env), await startApi(env)];
  const bares: BenchServer[] = await Promise.all(
    [0, 1].map(() =>
      startBenchServer(join(__dirname, 'bare-cursor-server.js'), {
        REDIS_URL: redis.url,
        REDIS_PREFIX: `${world.name}-bare`,
      }),
    ),
  );
  const sockets: Socket[] = [];
  try {
    const owner = await createWorkspace(apis[0].url);
    await seedDocument(world, owner.apiKey, CURSORS.organizationId, CURSORS.documentId, { accessType: 'public' });
    await seedDocument(world, owner.apiKey, COMMENTS.organizationId, COMMENTS.documentId, { accessType: 'public' });
    await seedEditors(apis[0].url, owner, COMMENTS.organizationId, [AUTHOR.userId]);
    const auths = await Promise.all(
      Array.from({ length: USERS }, (_, i) => userToken(apis[0].url, owner, `user-${i}`, { name: `User ${i}` })),
    );
    const loads: Record<Side, Load> = {
      api: {
        sockets: await openCursors([apis[0].url, apis[1].url], auths, CURSORS),
        pids: apis.map((api) => api.child.pid!),
      },
      bare: {
        sockets: await openCursors([bares[0].url, bares[1].url], auths, CURSORS),
        pids: bares.map((bare) => bare.pid),
      },
    };
    sockets.push(...loads.api.sockets, ...loads.bare.sockets);
    const setUpAt = Date.now();

    const { durationS, warmUpS, rounds } = LOAD_SETTINGS;
    console.log(
      `cursor fan-out: ${USERS} users x ${RATE} sets/s, warm-up ${warmUpS} s per side, then ${rounds} rounds of ${durationS} s per side`,
    );
    for (const side of SIDES) await fanOut({ ...loads[side], document: CURSORS, ratePerS: RATE, durationS: warmUpS });
    // The set-up's writes (tokens, grants) are reported up to IDLE_STATS_MS after their backend went
    // idle; they must not land in a measured round.
    await sleep(Math.max(0, setUpAt + IDLE_STATS_MS - Date.now()));
    const runs: Record<Side, Measured[]> = { api: [], bare: [] };
    for (let round = 0; round < rounds; round++) {
      for (const side of SIDES) {
        const run = await measure(world, redis.port, loads[side], durationS);
        runs[side].push(run);
        const { deliveriesPerS, p50, p99, cpuUsPerDelivery } = run.sample;
        console.log(
          `  round ${round + 1} ${side}: ${fixed(deliveriesPerS, 0)} deliveries/s, p50/p99 ${fixed(p50)}/${fixed(p99)} ms, ${fixed(cpuUsPerDelivery)} µs CPU per delivery`,
        );
      }
    }
    const api = medians(runs.api.map((run) => run.sample));
    const bare = medians(runs.bare.map((run) => run.sample));
    const pgRowsPerSet = (side: Side) => Math.max(...runs[side].map((run) => run.sample.pgRowsPerSet));
    const pgTables = [...new Set(runs.api.flatMap((run) => run.pgTables))];
    /** The Redis commands by name of the round whose command count is the median. */
    const byCommand = (side: Side) =>
      [...runs[side]].sort((a, b) => a.sample.redisCommandsPerSet - b.sample.redisCommandsPerSet)[
        Math.floor(runs[side].length / 2)
      ].byCommand;

    const author = await userToken(apis[0].url, owner, AUTHOR.userId, { name: AUTHOR.name, email: AUTHOR.email });
    const [authorSocket] = await openCursors([apis[0].url], [author], COMMENTS);
    sockets.push(authorSocket);
    const target: CommentTarget = {
      socket: authorSocket,
      url: apis[0].url,
      headers: apiKeyHeaders(owner),
      document: COMMENTS,
      author: AUTHOR,
      pids: loads.api.pids,
    };
    const perRound = Math.max(1, Math.round(COMMENT_ADDS / rounds));
    console.log(`comment adds: warm-up, then ${rounds} rounds of ${perRound} per path`);
    for (const path of ADD_PATHS) await addComments(target, path, Math.ceil(perRound / 4));
    const adds: Record<AddPath, AddRun[]> = { socket: [], rest: [] };
    for (let round = 0; round < rounds; round++) {
      for (const path of ADD_PATHS) adds[path].push(await addComments(target, path, perRound));
    }
    const add = { socket: medians(adds.socket), rest: medians(adds.rest) };

    const expected = (sample: CursorSample) => fixed((100 * sample.deliveries) / (sample.sets * (USERS - 1)), 1);
    const throughputRatio = api.deliveriesPerS / bare.deliveriesPerS;
    const cpuRatio = api.cpuUsPerDelivery / bare.cpuUsPerDelivery;
    report(
      'cursors',
      `${USERS} users on one document over 2 API instances, each presence:set ${RATE}/s; yardstick: 2 bare socket.io servers with the same Redis adapter, same clients; private redis-server; ${rounds} alternating rounds of ${durationS} s after a ${warmUpS} s warm-up, medians; comment adds: ${perRound} sequential per path per round`,
      [
        {
          measurement: 'cursor deliveries/s (updates heard by all clients)',
          value: `${fixed(api.deliveriesPerS, 0)} (${expected(api)} % of sets x ${USERS - 1})`,
          baseline: `${fixed(bare.deliveriesPerS, 0)} bare (${expected(bare)} %)`,
          ratio: throughputRatio,
          target: '>= 0.8',
          met: throughputRatio >= 0.8,
        },
        {
          measurement: 'cursor set to arrival p50 (ms)',
          value: fixed(api.p50),
          baseline: `${fixed(bare.p50)} ms bare`,
        },
        {
          measurement: 'cursor set to arrival p99 (ms)',
          value: fixed(api.p99),
          baseline: `${fixed(bare.p99)} ms bare`,
          target: '<= 50 ms',
          met: api.p99 <= 50,
        },
        {
          measurement: 'server CPU per delivered update (µs, both instances)',
          value: `${fixed(api.cpuUsPerDelivery)} (${fixed(api.cpuUsPerSet)} per set)`,
          baseline: `${fixed(bare.cpuUsPerDelivery)} µs bare (${fixed(bare.cpuUsPerSet)} per set)`,
          ratio: cpuRatio,
        },
        {
          measurement: 'Redis commands per presence set',
          value: `${fixed(api.redisCommandsPerSet, 2)} (${byCommand('api')})`,
          baseline: `${fixed(bare.redisCommandsPerSet, 2)} bare (${byCommand('bare')})`,
        },
        {
          measurement: 'PostgreSQL rows written per presence set (worst round)',
          value: `${fixed(pgRowsPerSet('api'), 3)}${pgTables.length > 0 ? ` (tables: ${pgTables.join(', ')})` : ''}`,
          baseline: `${fixed(pgRowsPerSet('bare'), 3)} bare`,
          target: '0',
          met: pgRowsPerSet('api') === 0,
        },
        {
          measurement: 'API CPU per comment add, socket comments:add (ms, both instances)',
          value: `${fixed(add.socket.cpuMsPerAdd, 3)} (p50 ${fixed(add.socket.p50, 2)} ms per add)`,
          baseline: `REST commentannotations/add: ${fixed(add.rest.cpuMsPerAdd, 3)} ms (p50 ${fixed(add.rest.p50, 2)} ms)`,
          ratio: add.socket.cpuMsPerAdd / add.rest.cpuMsPerAdd,
        },
      ],
    );
    console.log(
      'Throughput and CPU ratios are API ÷ bare; the comment ratio is socket ÷ REST. 2 shared cores run both sides, Redis, PostgreSQL and the clients: figures are noisy.',
    );
  } finally {
    for (const socket of sockets) socket.close();
    await Promise.all(bares.map((bare) => bare.stop()));
    await Promise.all(apis.map((api) => api.stop()));
    await world.dispose();
    await redis.stop();
  }
}

runBench(main);
