import autocannon from 'autocannon';
import { ChildProcess, spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { io, Socket } from 'socket.io-client';
import { eventually } from '../test/support/eventually';
import { apiKeyHeaders, createWorkspace, Credentials, post } from '../test/support/http-client';
import { freePort, RunningApi, startApi } from '../test/support/processes';
import type { Ack } from '../test/support/realtime-client';
import { seedDocument, seedOrganization } from '../test/support/seed';
import { createTestEnvironment, TestEnvironment } from '../test/support/test-environment';
import { fixed, report } from './report';

/**
 * Realtime benchmark (issue 4): fan-out latency of one REST broadcast to CLIENTS sockets over two
 * API instances vs a bare socket.io pair with the same Redis adapter, and REST throughput vs a
 * bare node:http JSON server. Baselines run in the same session so the ratios carry over machines.
 */
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 500);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);

interface Target {
  urls: [string, string];
  connect(url: string): Promise<Socket>;
  subscribe(socket: Socket): Promise<void>;
  broadcast(seq: number): Promise<void>;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function openSocket(url: string, auth: Record<string, string>): Promise<Socket> {
  const socket = io(url, { path: '/realtime', auth, transports: ['websocket'], reconnection: false, forceNew: true });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  return socket;
}

/** Connects CLIENTS sockets split over both instances, then times ROUNDS broadcasts to all of them. */
async function fanOut(target: Target): Promise<{ p50: number; p99: number; deliveries: number }> {
  const sockets: Socket[] = [];
  for (let i = 0; i < CLIENTS; i += 50) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(50, CLIENTS - i) }, (_, j) => target.connect(target.urls[(i + j) % 2])),
    );
    await Promise.all(batch.map((socket) => target.subscribe(socket)));
    sockets.push(...batch);
  }
  const latencies: number[] = [];
  const sentAt = new Map<number, number>();
  let received = 0;
  for (const socket of sockets) {
    socket.on('livestate', (event: { data: { seq: number } }) => {
      latencies.push(performance.now() - sentAt.get(event.data.seq)!);
      received++;
    });
  }
  for (let seq = 0; seq < ROUNDS; seq++) {
    const expected = (seq + 1) * sockets.length;
    sentAt.set(seq, performance.now());
    await target.broadcast(seq);
    await eventually(() => {
      if (received < expected) throw new Error(`round ${seq}: ${received}/${expected}`);
    }, { timeoutMs: 20_000, intervalMs: 5 });
  }
  for (const socket of sockets) socket.close();
  latencies.sort((x, y) => x - y);
  return { p50: percentile(latencies, 50), p99: percentile(latencies, 99), deliveries: latencies.length };
}

async function throughput(url: string, headers: Record<string, string>, data: unknown): Promise<number> {
  const result = await autocannon({
    url,
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ data }),
    connections: CONNECTIONS,
    duration: DURATION_S,
  });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return result.requests.average;
}

async function startBare(world: TestEnvironment): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['dist/bench/bare-server.js'], {
    env: { ...process.env, PORT: String(port), REDIS_URL: world.env.REDIS_URL, REDIS_PREFIX: `${world.name}-bare` },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
  return { url: `http://127.0.0.1:${port}`, child };
}

async function main(): Promise<void> {
  const world = await createTestEnvironment();
  const apis: RunningApi[] = await Promise.all([startApi(world.env), startApi(world.env)]);
  const bares = await Promise.all([startBare(world), startBare(world)]);
  try {
    const owner: Credentials = await createWorkspace(apis[0].url);
    await seedOrganization(world, owner.apiKey, 'org');
    await seedDocument(world, owner.apiKey, 'org', 'doc', { accessType: 'public' });
    const doc = { organizationId: 'org', documentId: 'doc' };
    const token = (await post<{ token: string }>(apis[0].url, '/v2/auth/generate_token', { userId: 'bench' }, apiKeyHeaders(owner))).body.result.data.token;

    const api = await fanOut({
      urls: [apis[0].url, apis[1].url],
      connect: (url) => openSocket(url, { apiKey: owner.apiKey, token }),
      subscribe: async (socket) => {
        const ack = (await socket.timeout(20_000).emitWithAck('subscribe', doc)) as Ack;
        if (ack.status !== 'success') throw new Error(JSON.stringify(ack));
      },
      broadcast: async (seq) => {
        const response = await post(apis[0].url, '/v2/livestate/broadcast', { ...doc, liveStateDataId: 'bench', data: { seq } }, apiKeyHeaders(owner));
        if (response.status !== 200) throw new Error(JSON.stringify(response.body));
      },
    });
    const bare = await fanOut({
      urls: [bares[0].url, bares[1].url],
      connect: (url) => openSocket(url, {}),
      subscribe: async (socket) => void (await socket.timeout(20_000).emitWithAck('subscribe', 'doc')),
      broadcast: async (seq) => void (await post(bares[0].url, '/broadcast', { room: 'doc', payload: { data: { seq } } })),
    });

    const headers = apiKeyHeaders(owner);
    const presenceRps = await throughput(`${apis[0].url}/v2/presence/add`, headers, { ...doc, users: [{ userId: 'u1', name: 'U', status: 'online' }] });
    const broadcastRps = await throughput(`${apis[0].url}/v2/livestate/broadcast`, headers, { ...doc, liveStateDataId: 'tp', data: { x: 1 }, merge: true });
    const bareRps = await throughput(`${bares[0].url}/json`, {}, { ...doc, users: [{ userId: 'u1' }] });

    const p99Ratio = api.p99 / bare.p99;
    report('realtime', `fan-out to ${CLIENTS} clients over 2 instances, ${ROUNDS} rounds; throughput ${CONNECTIONS} connections x ${DURATION_S} s`, [
      { measurement: 'broadcast fan-out p50 (ms)', value: fixed(api.p50), baseline: `${fixed(bare.p50)} ms bare socket.io pair` },
      { measurement: 'broadcast fan-out p99 (ms)', value: fixed(api.p99), baseline: `${fixed(bare.p99)} ms bare socket.io pair`, ratio: p99Ratio, target: '<= 2', met: p99Ratio <= 2 },
      ...(
        [
          ['presence/add (req/s)', presenceRps],
          ['livestate/broadcast, merge (req/s)', broadcastRps],
        ] as const
      ).map(([measurement, rps]) => ({
        measurement,
        value: fixed(rps),
        baseline: `${fixed(bareRps)} req/s bare node:http`,
        ratio: rps / bareRps,
        target: '>= 0.30',
        met: rps / bareRps >= 0.3,
      })),
    ]);
  } finally {
    for (const bare of bares) bare.child.kill('SIGTERM');
    await Promise.all(apis.map((api) => api.stop()));
    await world.dispose();
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(1);
  },
);
