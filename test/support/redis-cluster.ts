import { ChildProcess, execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Cluster, Redis } from 'ioredis';
import { eventually } from './eventually';

const run = promisify(execFile);

/** A node's cluster bus listens on port + 10000, so both must be free. */
const BUS_OFFSET = 10_000;

/** A real 3-master Redis Cluster of child processes on free local ports, without replicas. */
export interface RedisClusterHandle {
  ports: number[];
  /** REDIS_CLUSTER_NODES for the apps. */
  nodes: string;
  /** A cluster client, keys under `keyPrefix`. */
  client(keyPrefix?: string): Cluster;
  /** The port of the master serving the key (as stored, with any prefix). */
  masterOf(key: string): Promise<number>;
  /** Sharded pub/sub channels matching the pattern, on every master. */
  shardChannels(pattern: string): Promise<string[]>;
  /** SIGKILLs the master on the port (no replica takes over). */
  kill(port: number): Promise<void>;
  /** Starts the node again with its nodes.conf and port, and waits until the cluster is ok again. */
  restart(port: number): Promise<void>;
  stop(): Promise<void>;
}

function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

async function freeNodePort(taken: Set<number>): Promise<number> {
  for (;;) {
    const port = 20_000 + Math.floor(Math.random() * 30_000);
    if (taken.has(port)) continue;
    if ((await portFree(port)) && (await portFree(port + BUS_OFFSET))) {
      taken.add(port);
      return port;
    }
  }
}

async function clusterState(port: number): Promise<string> {
  const redis = new Redis(port, '127.0.0.1', { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    const info = await redis.cluster('INFO');
    return /cluster_state:(\w+)/.exec(info)?.[1] ?? 'unknown';
  } finally {
    redis.disconnect();
  }
}

/** A redis-server child process on the port, not persisting anything, answering PING. */
async function spawnRedis(port: number, dir: string, extra: string[]): Promise<ChildProcess> {
  const child = spawn(
    'redis-server',
    [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      ...extra,
      '--save',
      '',
      '--appendonly',
      'no',
      '--daemonize',
      'no',
      '--dir',
      dir,
    ],
    { stdio: 'ignore' },
  );
  await eventually(
    async () => {
      if (child.exitCode !== null) throw new Error(`redis-server on ${port} exited with ${child.exitCode}`);
      const redis = new Redis(port, '127.0.0.1', {
        lazyConnect: true,
        maxRetriesPerRequest: 0,
        retryStrategy: () => null,
      });
      // Refused while the server starts: connect() rejects, the event needs no second report.
      redis.on('error', () => undefined);
      try {
        await redis.connect();
        await redis.ping();
      } finally {
        redis.disconnect();
      }
    },
    { timeoutMs: 10_000, intervalMs: 50 },
  );
  return child;
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGKILL');
  await exited;
}

/** A private single Redis server (benchmarks compare it with a cluster without other users' traffic). */
export async function startRedisServer(): Promise<{ port: number; url: string; stop(): Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'redis-single-'));
  const port = await freeNodePort(new Set());
  const child = await spawnRedis(port, dir, []);
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    async stop() {
      await stopChild(child);
      await rm(dir, { recursive: true, force: true });
    },
  };
}

export async function startRedisCluster(): Promise<RedisClusterHandle> {
  const dir = await mkdtemp(join(tmpdir(), 'redis-cluster-'));
  const taken = new Set<number>();
  const ports = [await freeNodePort(taken), await freeNodePort(taken), await freeNodePort(taken)];
  const children = new Map<number, ChildProcess>();

  async function startNode(port: number): Promise<void> {
    children.set(
      port,
      await spawnRedis(port, dir, [
        '--cluster-enabled',
        'yes',
        '--cluster-config-file',
        join(dir, `nodes-${port}.conf`),
        // Quick failure detection, and the other masters keep serving their slots while one is down.
        '--cluster-node-timeout',
        '2000',
        '--cluster-require-full-coverage',
        'no',
      ]),
    );
  }

  async function allOk(): Promise<void> {
    await eventually(
      async () => {
        for (const port of ports) {
          const state = await clusterState(port);
          if (state !== 'ok') throw new Error(`node ${port}: cluster_state ${state}`);
        }
      },
      { timeoutMs: 30_000, intervalMs: 100 },
    );
  }

  await Promise.all(ports.map(startNode));
  await run('redis-cli', [
    '--cluster',
    'create',
    ...ports.map((port) => `127.0.0.1:${port}`),
    '--cluster-replicas',
    '0',
    '--cluster-yes',
  ]);
  await allOk();

  const clients: Cluster[] = [];
  return {
    ports,
    nodes: ports.map((port) => `127.0.0.1:${port}`).join(','),
    client(keyPrefix = '') {
      const client = new Cluster(
        ports.map((port) => ({ host: '127.0.0.1', port })),
        { keyPrefix, redisOptions: { maxRetriesPerRequest: 1 } },
      );
      clients.push(client);
      return client;
    },
    async masterOf(key: string) {
      const probe = new Redis(ports[0], '127.0.0.1');
      try {
        const slot = await probe.cluster('KEYSLOT', key);
        const range = (await probe.cluster('SLOTS')).find(([from, to]) => slot >= from && slot <= to);
        if (!range) throw new Error(`no master serves slot ${slot}`);
        return range[2][1];
      } finally {
        probe.disconnect();
      }
    },
    async shardChannels(pattern: string) {
      const channels: string[] = [];
      for (const port of ports) {
        const node = new Redis(port, '127.0.0.1');
        try {
          channels.push(...((await node.call('PUBSUB', 'SHARDCHANNELS', pattern)) as string[]));
        } finally {
          node.disconnect();
        }
      }
      return channels;
    },
    async kill(port: number) {
      await stopChild(children.get(port)!);
    },
    async restart(port: number) {
      await startNode(port);
      await allOk();
    },
    async stop() {
      for (const client of clients) client.disconnect();
      await Promise.all([...children.values()].map(stopChild));
      await rm(dir, { recursive: true, force: true });
    },
  };
}
