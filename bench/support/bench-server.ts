import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { API_NODE_FLAGS } from '../../test/support/processes';

export interface BenchServer {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

/**
 * Starts a compiled bench server script that prints its port on its first stdout line. Yardsticks get
 * the API's Node flags, so a runtime setting never shows as a gain of the API's code.
 */
export async function startBenchServer(script: string, env: Record<string, string>): Promise<BenchServer> {
  const child = spawn(process.execPath, [...API_NODE_FLAGS, script], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = once(child, 'exit');
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout.once('data', (chunk: Buffer) => resolve(Number(String(chunk).trim())));
    void exited.then(() => reject(new Error(`${script} exited before it listened`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
