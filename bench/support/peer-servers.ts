import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { eventually } from '../../test/support/eventually';
import { freePort } from '../../test/support/processes';
import { PEERS_DIR } from './peer-install';
import { processTree } from './process-tree';

/** A peer server the bench started: where it listens, and its processes (for their CPU). */
export interface PeerServer {
  url: string;
  pids(): number[];
  stop(): Promise<void>;
}

/**
 * `liveblocks dev` (the CLI runs @liveblocks/server on Bun) on a free port, in a fresh working folder
 * (its SQLite data goes to `.liveblocks/` there). Its URL names `localhost`: the Liveblocks client turns
 * its throttling off only for a localhost base URL.
 */
export async function startLiveblocks(): Promise<PeerServer> {
  const dir = await mkdtemp(join(tmpdir(), 'liveblocks-dev-'));
  const port = await freePort();
  const bin = join(PEERS_DIR, 'node_modules', '.bin');
  const child = spawn(join(bin, 'liveblocks'), ['dev', '--port', String(port), '--no-check'], {
    cwd: dir,
    env: { ...process.env, PATH: `${bin}${delimiter}${process.env.PATH}`, NODE_ENV: 'development' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = once(child, 'exit');
  const url = `http://localhost:${port}`;
  await eventually(
    async () => {
      if (child.exitCode !== null) throw new Error(`liveblocks dev exited with ${child.exitCode}`);
      const response = await fetch(url);
      if (!response.ok) throw new Error(`liveblocks dev answered ${response.status}`);
    },
    { timeoutMs: 60_000, intervalMs: 250 },
  );
  return {
    url,
    pids: () => processTree(child.pid!),
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        for (const pid of processTree(child.pid!).reverse()) process.kill(pid, 'SIGTERM');
        await exited;
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** The y-websocket server (`@y/websocket-server`), documents in memory (no YPERSISTENCE), on a free port. */
export async function startYWebsocket(): Promise<PeerServer> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [join(PEERS_DIR, 'node_modules', '@y', 'websocket-server', 'src', 'server.js')],
    {
      env: { ...process.env, HOST: '127.0.0.1', PORT: String(port) },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const exited = once(child, 'exit');
  const url = `http://127.0.0.1:${port}`;
  await eventually(
    async () => {
      if (child.exitCode !== null) throw new Error(`y-websocket server exited with ${child.exitCode}`);
      await fetch(url);
    },
    { timeoutMs: 30_000, intervalMs: 100 },
  );
  return {
    url,
    pids: () => [child.pid!],
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
    },
  };
}
