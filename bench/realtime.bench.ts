import { ChildProcess, spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { io, Socket } from 'socket.io-client';
import { eventually } from '../test/support/eventually';
import { apiKeyHeaders, createWorkspace, Credentials, post } from '../test/support/http-client';
import { API_NODE_FLAGS, freePort, RunningApi, startApi } from '../test/support/processes';
import type { Ack } from '../test/support/realtime-client';
import { seedDocument, seedOrganization } from '../test/support/seed';
import { createTestEnvironment, TestEnvironment } from '../test/support/test-environment';
import { fixed, report } from './report';
import { runBench } from './support/run-bench';

/**
 * Realtime benchmark (issue 4): fan-out latency of one REST broadcast to CLIENTS sockets over two
 * API instances vs a bare socket.io pair with the same Redis adapter, run in the same session so the
 * ratio carries over machines. presence/add and livestate/broadcast throughput: bench/routes.bench.ts.
 */
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 500);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);

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
    await eventually(
      () => {
        if (received < expected) throw new Error(`round ${seq}: ${received}/${expected}`);
      },
      { timeoutMs: 20_000, intervalMs: 5 },
    );
  }
  for (const socket of sockets) socket.close();
  latencies.sort((x, y) => x - y);
  return { p50: percentile(latencies, 50), p99: percentile(latencies, 99), deliveries: latencies.length };
}

async function startBare(world: TestEnvironment): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, [...API_NODE_FLAGS, 'dist/bench/bare-server.js'], {
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
    const token = (
      await post<{ token: string }>(apis[0].url, '/v2/auth/generate_token', { userId: 'bench' }, apiKeyHeaders(owner))
    ).body.result.data.token;

    const api = await fanOut({
      urls: [apis[0].url, apis[1].url],
      connect: (url) => openSocket(url, { apiKey: owner.apiKey, token }),
      subscribe: async (socket) => {
        const ack = (await socket.timeout(20_000).emitWithAck('subscribe', doc)) as Ack;
        if (ack.status !== 'success') throw new Error(JSON.stringify(ack));
      },
      broadcast: async (seq) => {
        const response = await post(
          apis[0].url,
          '/v2/livestate/broadcast',
          { ...doc, liveStateDataId: 'bench', data: { seq } },
          apiKeyHeaders(owner),
        );
        if (response.status !== 200) throw new Error(JSON.stringify(response.body));
      },
    });
    const bare = await fanOut({
      urls: [bares[0].url, bares[1].url],
      connect: (url) => openSocket(url, {}),
      subscribe: async (socket) => void (await socket.timeout(20_000).emitWithAck('subscribe', 'doc')),
      broadcast: async (seq) =>
        void (await post(bares[0].url, '/broadcast', { room: 'doc', payload: { data: { seq } } })),
    });

    const p99Ratio = api.p99 / bare.p99;
    report('realtime', `fan-out to ${CLIENTS} clients over 2 instances, ${ROUNDS} rounds`, [
      {
        measurement: 'broadcast fan-out p50 (ms)',
        value: fixed(api.p50),
        baseline: `${fixed(bare.p50)} ms bare socket.io pair`,
      },
      {
        measurement: 'broadcast fan-out p99 (ms)',
        value: fixed(api.p99),
        baseline: `${fixed(bare.p99)} ms bare socket.io pair`,
        ratio: p99Ratio,
        target: '<= 2',
        met: p99Ratio <= 2,
      },
    ]);
  } finally {
    for (const bare of bares) bare.child.kill('SIGTERM');
    await Promise.all(apis.map((api) => api.stop()));
    await world.dispose();
  }
}

runBench(main);
