import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { join } from 'node:path';

/**
 * The peer servers and their clients, pinned. They are installed by the bench into a cache folder,
 * never into the project's dependencies: `@liveblocks/server` (run by the `liveblocks` CLI) is
 * AGPL-3.0, and Bun is the runtime it needs (from npm's `bun` package, so nothing is fetched elsewhere).
 */
const PEERS: Record<string, string> = {
  liveblocks: '1.9.0',
  bun: '1.4.5',
  '@liveblocks/client': '3.24.2',
  '@liveblocks/yjs': '3.24.2',
  yjs: '13.6.33',
  '@y/websocket-server': '0.1.1',
  'y-websocket': '3.1.0',
};

/** `BENCH_PEERS_DIR`, or `~/.cache/collab-backend/bench-peers`. */
export const PEERS_DIR = process.env.BENCH_PEERS_DIR ?? join(homedir(), '.cache', 'collab-backend', 'bench-peers');

/** The version installed of `name` in the cache folder, if any. */
function installed(name: string): string | undefined {
  const manifest = join(PEERS_DIR, 'node_modules', name, 'package.json');
  return existsSync(manifest) ? (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version : undefined;
}

/** Installs the pinned peers into PEERS_DIR unless they are there already; answers their versions. */
export function ensurePeers(): Record<string, string> {
  const missing = Object.entries(PEERS).filter(([name, version]) => installed(name) !== version);
  if (missing.length > 0) {
    mkdirSync(PEERS_DIR, { recursive: true });
    const manifest = join(PEERS_DIR, 'package.json');
    if (!existsSync(manifest)) writeFileSync(manifest, `${JSON.stringify({ name: 'bench-peers', private: true })}\n`);
    console.log(`installing the peer servers into ${PEERS_DIR}: ${missing.map(([name]) => name).join(', ')}`);
    execFileSync(
      'npm',
      ['install', '--no-audit', '--no-fund', ...Object.entries(PEERS).map(([name, version]) => `${name}@${version}`)],
      { cwd: PEERS_DIR, stdio: ['ignore', 'inherit', 'inherit'] },
    );
  }
  return Object.fromEntries(Object.keys(PEERS).map((name) => [name, installed(name) ?? 'missing']));
}

/** A peer's client library, loaded from the cache folder. */
export function peerModule<T>(name: string): T {
  return createRequire(join(PEERS_DIR, 'package.json'))(name) as T;
}
