import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { processCpuMs } from './process-cpu';

/** One load run: POSTs of `bodies` (in turn) to `url` + `path` over `connections` for `durationS`. */
export interface LoadSpec {
  url: string;
  path: string;
  headers: Record<string, string>;
  bodies: string[];
  connections: number;
  durationS: number;
}

export interface LoadResult {
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  failed: number;
  failures: string[];
}

/** A load run's figures plus the CPU the measured server process spent per request. */
export interface Sample {
  /** Requests served in the run. */
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  cpuMsPerRequest: number;
}

/** The knobs every load benchmark shares; BENCH_DURATION_S=2 BENCH_ROUNDS=1 makes a smoke run. */
export const LOAD_SETTINGS = {
  durationS: Number(process.env.BENCH_DURATION_S ?? 5),
  warmUpS: Number(process.env.BENCH_WARMUP_S ?? 2),
  rounds: Number(process.env.BENCH_ROUNDS ?? 3),
  connections: Number(process.env.BENCH_CONNECTIONS ?? 10),
};

/** Runs autocannon in a child process against the server `pid` and reads that server's CPU from /proc around it. */
export async function measureLoad(pid: number, spec: LoadSpec): Promise<Sample> {
  const child = spawn(process.execPath, [join(__dirname, 'load-child.js'), JSON.stringify(spec)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const cpuBefore = processCpuMs(pid);
  const [code] = (await once(child, 'exit')) as [number | null];
  const cpuAfter = processCpuMs(pid);
  if (code !== 0) throw new Error(`load generator for ${spec.url}${spec.path} exited with ${code}`);
  const result = JSON.parse(output) as LoadResult;
  if (result.failed > 0 || result.requests === 0) {
    throw new Error(
      `${spec.url}${spec.path}: ${result.failed} failed of ${result.requests}; first: ${result.failures.join(' | ')}`,
    );
  }
  return {
    requests: result.requests,
    rps: result.rps,
    p50: result.p50,
    p99: result.p99,
    cpuMsPerRequest: (cpuAfter - cpuBefore) / result.requests,
  };
}
