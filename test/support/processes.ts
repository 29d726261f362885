import { ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { eventually } from './eventually';

export interface RunningProcess {
  child: ChildProcess;
  output(): string;
  /** Sends the signal and waits for the process to end; resolves to its exit code, or the signal that ended it. */
  stop(signal?: NodeJS.Signals): Promise<number | NodeJS.Signals | null>;
}

export interface RunningApi extends RunningProcess {
  url: string;
  port: number;
}

/**
 * The Node flags package.json's start:api runs the API with (a larger young generation: fewer
 * scavenges and promotions per request), so tests and benches run the API as deployed. Paths here
 * are relative to the repository root, as the launched scripts' are.
 */
export const API_NODE_FLAGS: string[] = (
  JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }
).scripts['start:api']
  .split(' ')
  .filter((part) => part.startsWith('--'));

/** How long a process may take to boot: a shared machine under several suites' load takes well over 30 s. */
const BOOT_TIMEOUT_MS = 60_000;

/** A process that missed its boot deadline is stopped before the error goes up: nothing is left running behind a failed suite. */
function stopAndThrow(proc: RunningProcess): (error: unknown) => Promise<never> {
  return async (error) => {
    await proc.stop('SIGKILL');
    throw error;
  };
}

export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  await once(server, 'close');
  return port;
}

function launch(script: string, env: Record<string, string>, nodeFlags: string[] = []): RunningProcess {
  const child = spawn(process.execPath, [...nodeFlags, script], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const exited = once(child, 'exit').then(
    ([code, signal]) => (code as number | null) ?? (signal as NodeJS.Signals | null),
  );
  return {
    child,
    output: () => log,
    async stop(signal: NodeJS.Signals = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

/**
 * Starts the compiled API (npm run start:api, or the build in `dist`) on a free port, or on `extraEnv.PORT`
 * (an API restarted where its clients expect it), and waits until /health answers 200.
 */
export async function startApi(
  env: Record<string, string>,
  extraEnv: Record<string, string> = {},
  dist = 'dist',
): Promise<RunningApi> {
  const port = extraEnv.PORT ? Number(extraEnv.PORT) : await freePort();
  const proc = launch(`${dist}/apps/api/src/main.js`, { ...env, ...extraEnv, PORT: String(port) }, API_NODE_FLAGS);
  const url = `http://127.0.0.1:${port}`;
  await eventually(
    async () => {
      if (proc.child.exitCode !== null) throw new Error(`API exited early:\n${proc.output()}`);
      const response = await fetch(`${url}/health`);
      if (response.status !== 200) throw new Error(`health ${response.status}`);
    },
    { timeoutMs: BOOT_TIMEOUT_MS, intervalMs: 100 },
  ).catch(stopAndThrow(proc));
  return { ...proc, url, port };
}

/** Starts an app expected to refuse to boot; resolves with its exit code and what it wrote to stderr. */
export async function failedBoot(
  app: 'api' | 'worker',
  env: Record<string, string>,
): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, [`dist/apps/${app}/src/main.js`], { env: { ...process.env, ...env } });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const [code] = (await once(child, 'exit')) as [number | null];
  return { code, stderr: stderr.trim() };
}

/**
 * Starts a compiled worker process (npm run start:worker, or the build in `dist`) and waits for its
 * ready line (logged at info level).
 */
export async function startWorker(
  env: Record<string, string>,
  extraEnv: Record<string, string> = {},
  dist = 'dist',
): Promise<RunningProcess> {
  const proc = launch(`${dist}/apps/worker/src/main.js`, { ...env, LOG_LEVEL: 'info', ...extraEnv });
  await eventually(
    () => {
      if (proc.child.exitCode !== null) throw new Error(`worker exited early:\n${proc.output()}`);
      if (!proc.output().includes('Worker ready')) throw new Error('not ready');
    },
    { timeoutMs: BOOT_TIMEOUT_MS, intervalMs: 100 },
  ).catch(stopAndThrow(proc));
  return proc;
}
