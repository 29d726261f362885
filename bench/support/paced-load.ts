import { performance } from 'node:perf_hooks';
import { processCpuMs } from './process-cpu';

/** Sending stops after the run's time; the run ends once no delivery arrived for this long. */
const QUIET_MS = 300;
const DRAIN_LIMIT_MS = 10_000;

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** CPU time the processes have used so far, summed (ms). */
export const cpuOf = (pids: number[]) => pids.reduce((sum, pid) => sum + processCpuMs(pid), 0);
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];

/** A fan-out load: `senders` each sending `ratePerS` times a second for `durationS`, to servers `pids`. */
export interface PacedLoad {
  senders: number;
  ratePerS: number;
  durationS: number;
  pids: number[];
  /** Sends the load's i-th message (from sender i % senders). */
  send(i: number): void;
  /** When the latest delivery arrived (performance.now()), 0 before any. */
  lastArrival(): number;
}

/** What a run's deliveries came to. */
export interface Deliveries {
  /** How many messages were sent. */
  sent: number;
  deliveries: number;
  /** Deliveries over the time from the first send to the last arrival. */
  deliveriesPerS: number;
  /** Send to arrival (ms). */
  p50: number;
  p99: number;
  /** CPU the servers spent (summed over their pids) per delivery, µs. */
  cpuUsPerDelivery: number;
  /** The same CPU in all (ms). */
  cpuMs: number;
}

/**
 * Runs the load, paced by the clock rather than by timer ticks (a busy event loop delays sends but never
 * drops them), waits for the deliveries to go quiet, and reads the servers' CPU around it all.
 * `latencies` (send to arrival, ms) are the deliveries the caller's listeners recorded meanwhile.
 */
export async function runPaced(load: PacedLoad, latencies: number[]): Promise<Deliveries> {
  const total = Math.round(load.ratePerS * load.senders * load.durationS);
  let sent = 0;
  const cpuBefore = cpuOf(load.pids);
  const started = performance.now();
  const send = () => {
    const due = Math.min(total, Math.floor(((performance.now() - started) / 1000) * load.ratePerS * load.senders));
    for (; sent < due; sent++) load.send(sent);
  };
  const pacer = setInterval(send, 2);
  await sleep(load.durationS * 1000);
  clearInterval(pacer);
  send();
  const drainUntil = performance.now() + DRAIN_LIMIT_MS;
  while (
    performance.now() - Math.max(load.lastArrival(), started + load.durationS * 1000) < QUIET_MS &&
    performance.now() < drainUntil
  )
    await sleep(50);
  const cpuMs = cpuOf(load.pids) - cpuBefore;
  latencies.sort((a, b) => a - b);
  return {
    sent,
    deliveries: latencies.length,
    deliveriesPerS: latencies.length / ((load.lastArrival() - started) / 1000),
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    cpuUsPerDelivery: (cpuMs * 1000) / latencies.length,
    cpuMs,
  };
}
