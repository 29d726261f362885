import { performance } from 'node:perf_hooks';
import type { Socket } from 'socket.io-client';
import { connect, Handshake, request } from '../../test/support/realtime-client';
import { processCpuMs } from './process-cpu';

export interface DocumentRef {
  organizationId: string;
  documentId: string;
}

/** A cursor as the load sets it: a position, the send time (this process's clock) and the run it belongs to. */
interface Cursor {
  x: number;
  y: number;
  t: number;
  run: number;
}

/** One timed run of the cursor load. */
export interface FanOutRun {
  sets: number;
  /** Updates of this run heard by all sockets: each other connection's entry in a `presence:frame` (ours), or a `presence:data` (the bare yardstick). */
  deliveries: number;
  /** Deliveries over the time from the first set to the last arrival. */
  deliveriesPerS: number;
  /** Set to arrival (ms). */
  p50: number;
  p99: number;
  /** CPU the servers spent (summed over their pids) per delivery and per set, µs. */
  cpuUsPerDelivery: number;
  cpuUsPerSet: number;
}

/** Sending stops after the run's time; the run ends once no delivery arrived for this long. */
const QUIET_MS = 300;
const DRAIN_LIMIT_MS = 10_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** CPU time the processes have used so far, summed (ms). */
export const cpuOf = (pids: number[]) => pids.reduce((sum, pid) => sum + processCpuMs(pid), 0);
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];

/** One socket per handshake, the i-th on urls[i % urls.length], each subscribed to the document. */
export async function openCursors(urls: string[], auths: Handshake[], document: DocumentRef): Promise<Socket[]> {
  const sockets = await Promise.all(auths.map((auth, i) => connect(urls[i % urls.length], auth)));
  for (const socket of sockets) {
    const ack = await request(socket, 'subscribe', document);
    if (ack.status !== 'success') throw new Error(`subscribe: ${JSON.stringify(ack)}`);
  }
  return sockets;
}

let runs = 0;

/**
 * Every socket sets its cursor (`presence:set` without an ack, as @collab-backend/realtime
 * sends it; a refusal comes as a `refused` event) `ratePerS` times a second for `durationS`; the sets are paced by the clock, not by timer
 * ticks, so a busy event loop delays sets but never drops them. Times each update heard (an entry of a
 * `presence:frame`, or a bare server's `presence:data`) from its set to its arrival and reads the servers' CPU around the run. A refused set fails the run.
 */
export async function fanOut(
  sockets: Socket[],
  document: DocumentRef,
  pids: number[],
  ratePerS: number,
  durationS: number,
): Promise<FanOutRun> {
  const run = ++runs;
  const latencies: number[] = [];
  let lastArrival = 0;
  let refusal: unknown;
  const heard = (data: Cursor | undefined, at: number) => {
    if (data?.run !== run) return;
    lastArrival = at;
    latencies.push(at - data.t);
  };
  const onData = ({ data }: { data: Cursor }) => heard(data, performance.now());
  const listeners = sockets.map((socket) => (frame: { set: Array<{ connectionId: string; data: Cursor }> }) => {
    const at = performance.now();
    for (const entry of frame.set) if (entry.connectionId !== socket.id) heard(entry.data, at);
  });
  const onRefused = (refused: unknown) => (refusal ??= refused);
  sockets.forEach((socket, i) =>
    socket.on('presence:data', onData).on('presence:frame', listeners[i]).on('refused', onRefused),
  );

  const total = Math.round(ratePerS * sockets.length * durationS);
  let sets = 0;
  const cpuBefore = cpuOf(pids);
  const started = performance.now();
  const send = () => {
    const due = Math.min(total, Math.floor(((performance.now() - started) / 1000) * ratePerS * sockets.length));
    for (; sets < due; sets++) {
      const cursor: Cursor = { x: sets % 1280, y: sets % 720, t: performance.now(), run };
      sockets[sets % sockets.length].emit('presence:set', { ...document, data: cursor });
    }
  };
  const pacer = setInterval(send, 2);
  await sleep(durationS * 1000);
  clearInterval(pacer);
  send();
  const drainUntil = performance.now() + DRAIN_LIMIT_MS;
  while (
    performance.now() - Math.max(lastArrival, started + durationS * 1000) < QUIET_MS &&
    performance.now() < drainUntil
  )
    await sleep(50);
  const cpuMs = cpuOf(pids) - cpuBefore;

  sockets.forEach((socket, i) =>
    socket.off('presence:data', onData).off('presence:frame', listeners[i]).off('refused', onRefused),
  );
  if (refusal) throw new Error(`presence:set refused: ${JSON.stringify(refusal)}`);
  if (latencies.length === 0) throw new Error('no presence update arrived');
  latencies.sort((a, b) => a - b);
  return {
    sets,
    deliveries: latencies.length,
    deliveriesPerS: latencies.length / ((lastArrival - started) / 1000),
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    cpuUsPerDelivery: (cpuMs * 1000) / latencies.length,
    cpuUsPerSet: (cpuMs * 1000) / sets,
  };
}
