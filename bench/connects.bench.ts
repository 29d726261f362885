import { ChildProcess, fork } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Socket } from 'socket.io-client';
import { apiKeyHeaders, createWorkspace, post } from '../test/support/http-client';
import { RunningApi, startApi } from '../test/support/processes';
import { connect, Handshake } from '../test/support/realtime-client';
import { seedDocument } from '../test/support/seed';
import { createTestEnvironment, TestEnvironment } from '../test/support/test-environment';
import { fixed, Figure, report } from './report';
import { startBenchServer } from './support/bench-server';
import { median } from './support/interleave';
import { processCpuMs } from './support/process-cpu';
import { runBench } from './support/run-bench';
import type { StormChildMessage, StormShare, StormShareResult } from './support/storm-child';

/**
 * Socket connect + subscribe (issue 26). Each socket connects to /realtime with its own user's token and
 * subscribes to a public document (PER_DOCUMENT sockets to each); the ack carries role, presence, live state
 * and connections.
 *
 * - Steady connects: CONNECTS sockets in waves of WAVE concurrent connect + subscribe, closed after each
 *   round; API CPU per socket, rounds taking turns with the yardstick (bench/bare-cursor-server.ts: bare
 *   socket.io with the API's Redis adapter, whose subscribe joins the room and does no other I/O) and,
 *   with BENCH_BASELINE_DIST, another build's API. The same users reconnect each round, so from the
 *   second round on their tokens are within AUTH_CACHE_TTL_MS of their last check only if a round is
 *   shorter than that: the figure is the median of rounds.
 * - Reconnect storm: STORM sockets connect and subscribe at once to an API instance started just before
 *   (cold caches, as after a restart): the time until every one is subscribed, and the API's CPU. The
 *   clients are STORM_CLIENTS child processes (bench/support/storm-child.ts), each opening its share
 *   as the browser client does and reporting once every socket of it is subscribed or refused.
 * - Storm onto one document: ONE_DOCUMENT_STORM sockets at once, all on one document, the same way;
 *   besides the time and CPU, the presence pushes each socket received until SETTLE_MS after the storm
 *   (every subscribe changes the document's presence list, which its subscribers are pushed).
 * A storm not settled within STORM_DEADLINE_MS is reported as it stands then.
 */
const CONNECTS = Number(process.env.BENCH_CONNECTS ?? 400);
const WAVE = 50;
const STORM = Number(process.env.BENCH_STORM ?? 5000);
const ONE_DOCUMENT_STORM = Number(process.env.BENCH_ONE_DOCUMENT_STORM ?? 1000);
const STORM_CLIENTS = Number(process.env.BENCH_STORM_CLIENTS ?? 4);
/** A storm not settled by then is reported as it stands instead of hanging the run (a socket socket.io keeps retrying). */
const STORM_DEADLINE_MS = Number(process.env.BENCH_STORM_DEADLINE_S ?? 300) * 1000;
/** After a storm, how long the pushes it set off have to arrive before they are counted. */
const SETTLE_MS = 2000;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const ENV = { LOG_LEVEL: 'info' };
/** Sockets spread over documents, PER_DOCUMENT per document: each subscribe pushes the document's whole presence to its room, so one document for all measures that fan-out (the one-document storm), not connects. */
const PER_DOCUMENT = 10;
const documentOf = (i: number) => ({ organizationId: 'o', documentId: `d${Math.floor(i / PER_DOCUMENT)}` });
const ONE_DOCUMENT = { organizationId: 'o', documentId: 'one' };

interface Side {
  name: string;
  url: string;
  pid: number;
}

async function openSubscribed(url: string, auth: Handshake, i: number): Promise<Socket> {
  const socket = await connect(url, auth);
  // A lost answer fails the run instead of hanging it.
  const ack = (await socket.timeout(60_000).emitWithAck('subscribe', documentOf(i))) as { status: string };
  if (ack.status !== 'success') throw new Error(`subscribe: ${JSON.stringify(ack)}`);
  return socket;
}

/** CPU per socket of `auths.length` connect + subscribes in waves; every socket closed afterwards. */
async function connectRound(side: Side, auths: Handshake[]): Promise<number> {
  const sockets: Socket[] = [];
  const cpuBefore = processCpuMs(side.pid);
  for (let i = 0; i < auths.length; i += WAVE)
    sockets.push(
      ...(await Promise.all(auths.slice(i, i + WAVE).map((auth, j) => openSubscribed(side.url, auth, i + j)))),
    );
  const cpuMs = processCpuMs(side.pid) - cpuBefore;
  for (const socket of sockets) socket.close();
  // Let the server finish the disconnects (presence leaves) before the next side's round.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  return cpuMs / auths.length;
}

async function tokens(url: string, owner: Awaited<ReturnType<typeof createWorkspace>>, count: number) {
  const auths: Handshake[] = [];
  for (let i = 0; i < count; i += 100) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(100, count - i) }, async (_, j) => {
        const response = await post<{ token: string }>(
          url,
          '/v2/auth/generate_token',
          { userId: `u${i + j}`, userProperties: { name: `User ${i + j}` } },
          apiKeyHeaders(owner),
        );
        if (response.status !== 200) throw new Error(JSON.stringify(response.body));
        return { apiKey: owner.apiKey, token: response.body.result.data.token };
      }),
    );
    auths.push(...batch);
  }
  return auths;
}

function sumCounts(counts: Record<string, number>[]): Record<string, number> {
  const sum: Record<string, number> = {};
  for (const each of counts) for (const [key, count] of Object.entries(each)) sum[key] = (sum[key] ?? 0) + count;
  return sum;
}

/** Every child's next message, as its result. */
function nextResults(clients: ChildProcess[]): Promise<StormShareResult[]> {
  return Promise.all(
    clients.map(async (client) => {
      const [message] = (await once(client, 'message')) as [StormChildMessage];
      return 'settled' in message ? message.settled : message.report;
    }),
  );
}

/**
 * `sockets` at once on a freshly started API of `dist`: seconds until all are subscribed or refused (or
 * the deadline), API CPU, and the presence pushes received SETTLE_MS later.
 */
async function storm(world: TestEnvironment, dist: string | undefined, sockets: StormShare['sockets']) {
  const api: RunningApi = await startApi(world.env, ENV, dist);
  const clients: ChildProcess[] = Array.from({ length: STORM_CLIENTS }, () =>
    fork(join(__dirname, 'support', 'storm-child.js')),
  );
  try {
    await Promise.all(clients.map((client) => once(client, 'message')));
    const shares = clients.map((_, c): StormShare => ({
      url: api.url,
      sockets: sockets.filter((_, i) => i % STORM_CLIENTS === c),
    }));
    const answers = nextResults(clients);
    let deadline: NodeJS.Timeout | undefined;
    const cpuBefore = processCpuMs(api.child.pid!);
    const clientCpuBefore = clients.map((client) => processCpuMs(client.pid!));
    const started = performance.now();
    clients.forEach((client, c) => client.send(shares[c]));
    const settled = await Promise.race([
      answers.then(() => true),
      new Promise<false>((resolve) => (deadline = setTimeout(() => resolve(false), STORM_DEADLINE_MS))),
    ]).finally(() => clearTimeout(deadline));
    const seconds = (performance.now() - started) / 1000;
    const cpuMs = processCpuMs(api.child.pid!) - cpuBefore;
    const clientCpuMs = clients.reduce((sum, client, c) => sum + processCpuMs(client.pid!) - clientCpuBefore[c], 0);
    // Unsettled children are asked for a report, so that every answer awaited so far has come in.
    if (!settled) {
      for (const client of clients) client.send('report');
      await answers;
    }
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    const reports = nextResults(clients);
    for (const client of clients) client.send('report');
    const results = await reports;
    await Promise.all(
      clients.map((client) => {
        client.send('close');
        return once(client, 'exit');
      }),
    );
    return {
      settled,
      seconds,
      cpuMsPerSocket: cpuMs / sockets.length,
      cpuSeconds: cpuMs / 1000,
      clientCpuSeconds: clientCpuMs / 1000,
      subscribed: results.reduce((sum, result) => sum + result.subscribed, 0),
      refused: sumCounts(results.map((result) => result.refused)),
      retries: sumCounts(results.map((result) => result.retries)),
      slowerThanClientTimeout: results.reduce((sum, result) => sum + result.slowerThanClientTimeout, 0),
      slowestSubscribeS: Math.max(...results.map((result) => result.slowestSubscribeMs)) / 1000,
      presencePushesPerSocket: results.reduce((sum, result) => sum + result.presencePushes, 0) / sockets.length,
    };
  } finally {
    for (const client of clients) client.kill();
    await api.stop();
  }
}

async function main(): Promise<void> {
  const baselineDist = process.env.BENCH_BASELINE_DIST;
  const world = await createTestEnvironment();
  const api = await startApi(world.env, ENV);
  const baseline = baselineDist ? await startApi(world.env, ENV, baselineDist) : undefined;
  const bare = await startBenchServer('dist/bench/bare-cursor-server.js', world.env);
  try {
    const owner = await createWorkspace(api.url);
    const auths = await tokens(api.url, owner, Math.max(CONNECTS, STORM, ONE_DOCUMENT_STORM));
    for (let d = 0; d * PER_DOCUMENT < auths.length; d++) {
      const { organizationId, documentId } = documentOf(d * PER_DOCUMENT);
      await seedDocument(world, owner.apiKey, organizationId, documentId, { accessType: 'public' });
    }
    await seedDocument(world, owner.apiKey, ONE_DOCUMENT.organizationId, ONE_DOCUMENT.documentId, {
      accessType: 'public',
    });
    const sides: Side[] = [
      { name: 'API', url: api.url, pid: api.child.pid! },
      { name: 'bare socket.io', url: bare.url, pid: bare.pid },
      ...(baseline ? [{ name: baselineDist!, url: baseline.url, pid: baseline.child.pid! }] : []),
    ];
    const perSocket = auths.slice(0, CONNECTS);
    for (const side of sides) await connectRound(side, perSocket.slice(0, WAVE));
    const cpu: number[][] = sides.map(() => []);
    for (let round = 0; round < ROUNDS; round++)
      for (const [i, side] of sides.entries()) cpu[i].push(await connectRound(side, perSocket));
    const ratios = (other: number) => cpu[0].map((value, round) => value / cpu[other][round]);
    const figures: Figure[] = [
      {
        measurement: `connect + subscribe, API CPU per socket (${WAVE} at a time; per-round API ÷ bare ${ratios(1)
          .map((r) => fixed(r, 2))
          .join(' ')})`,
        value: `${fixed(median(cpu[0]), 2)} ms`,
        baseline: `bare socket.io, same adapter, no I/O: ${fixed(median(cpu[1]), 2)} ms`,
        ratio: median(ratios(1)),
        target: '<= 2 ms',
        met: median(cpu[0]) <= 2,
      },
    ];
    if (baseline)
      figures.push({
        measurement: `connect + subscribe, API CPU per socket: this build ÷ ${baselineDist} (per-round ${ratios(2)
          .map((r) => fixed(r, 2))
          .join(' ')})`,
        value: `${fixed(median(cpu[0]), 2)} ms`,
        baseline: `${fixed(median(cpu[2]), 2)} ms`,
        ratio: median(ratios(2)),
      });
    const builds = [
      { name: 'this build', dist: undefined },
      ...(baselineDist ? [{ name: baselineDist, dist: baselineDist }] : []),
    ];
    const storms = [
      {
        what: `reconnect storm: ${STORM} sockets, ${PER_DOCUMENT} to a document,`,
        sockets: auths.slice(0, STORM).map((auth, i) => ({ auth, ref: documentOf(i) })),
      },
      {
        what: `storm onto one document: ${ONE_DOCUMENT_STORM} sockets`,
        sockets: auths.slice(0, ONE_DOCUMENT_STORM).map((auth) => ({ auth, ref: ONE_DOCUMENT })),
      },
    ].filter((each) => each.sockets.length > 0);
    for (const { what, sockets } of storms)
      for (const { name, dist } of builds) {
        const run = await storm(world, dist, sockets);
        figures.push({
          measurement: `${what} connect + subscribe at once to a freshly started API, ${name}`,
          value:
            `${run.subscribed} subscribed, ${sockets.length - run.subscribed} not ${JSON.stringify(run.refused)}, ` +
            `${run.settled ? 'settled in' : 'not settled after'} ${fixed(run.seconds, 1)} s; API CPU ${fixed(run.cpuSeconds, 1)} s ` +
            `(${fixed(run.cpuMsPerSocket, 2)} ms per socket); clients' CPU ${fixed(run.clientCpuSeconds, 1)} s; ` +
            `connects retried ${JSON.stringify(run.retries)}; slowest subscribe ${fixed(run.slowestSubscribeS, 1)} s ` +
            `(${run.slowerThanClientTimeout} over the browser client's 10 s); ` +
            `presence pushes per socket ${fixed(run.presencePushesPerSocket, 1)}`,
          target: 'every socket subscribed',
          met: run.subscribed === sockets.length,
        });
      }
    report(
      'connects',
      `${ROUNDS} rounds of ${CONNECTS} sockets per side, sides taking turns; medians. storms from ${STORM_CLIENTS} client processes`,
      figures,
    );
  } finally {
    await Promise.all([api.stop(), baseline?.stop(), bare.stop()]);
    await world.dispose();
  }
}

runBench(main);
