import { performance } from 'node:perf_hooks';
import type { Socket } from 'socket.io-client';
import { cpuOf, DocumentRef } from './cursor-fan-out';

/** An event as the load broadcasts it: its send time (this process's clock), its sender's sequence number and the run it belongs to. */
interface Stamp {
  t: number;
  seq: number;
  run: number;
}

/** An event as a subscriber hears it: alone (`event`: the API before event frames, the bare yardstick) or as an entry of an `event:frame`. */
interface Heard {
  connectionId: string;
  event: Stamp;
}

/** One timed run of the broadcast load. */
export interface BroadcastRun {
  sends: number;
  /** Events of this run heard by all sockets, each other connection's once. */
  deliveries: number;
  /** Deliveries over the time from the first send to the last arrival. */
  deliveriesPerS: number;
  /** Send to arrival (ms). */
  p50: number;
  p99: number;
  /** CPU the servers spent (summed over their pids) per delivery, µs. */
  cpuUsPerDelivery: number;
  /** Events heard out of their sender's order, or twice. */
  misordered: number;
}

const QUIET_MS = 300;
const DRAIN_LIMIT_MS = 10_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];

let runs = 0;

/**
 * Every socket broadcasts an event (`event:broadcast` without an ack, as @collab-backend/realtime
 * sends it) `ratePerS` times a second for `durationS`, paced by the clock. Times each event heard
 * from its send to its arrival, counts the events a socket heard out of their sender's order or twice
 * (a socket skips its own, as the client does), and reads the servers' CPU around the run. A refused
 * broadcast fails the run.
 */
export async function broadcastFanOut(
  sockets: Socket[],
  document: DocumentRef,
  pids: number[],
  ratePerS: number,
  durationS: number,
): Promise<BroadcastRun> {
  const run = ++runs;
  const latencies: number[] = [];
  let lastArrival = 0;
  let misordered = 0;
  let refusal: unknown;
  const listeners = sockets.map((socket) => {
    /** Sender connection id -> the last sequence number this socket heard from it. */
    const last = new Map<string, number>();
    const heard = ({ connectionId, event }: Heard, at: number) => {
      if (event?.run !== run) return;
      if (connectionId === socket.id) return;
      if (event.seq <= (last.get(connectionId) ?? -1)) misordered++;
      last.set(connectionId, event.seq);
      lastArrival = at;
      latencies.push(at - event.t);
    };
    return {
      single: (single: Heard) => heard(single, performance.now()),
      frame: (frame: { events: Heard[] }) => {
        const at = performance.now();
        for (const entry of frame.events) heard(entry, at);
      },
    };
  });
  const onRefused = (refused: unknown) => (refusal ??= refused);
  sockets.forEach((socket, i) =>
    socket.on('event', listeners[i].single).on('event:frame', listeners[i].frame).on('refused', onRefused),
  );

  const total = Math.round(ratePerS * sockets.length * durationS);
  let sends = 0;
  const cpuBefore = cpuOf(pids);
  const started = performance.now();
  const send = () => {
    const due = Math.min(total, Math.floor(((performance.now() - started) / 1000) * ratePerS * sockets.length));
    for (; sends < due; sends++) {
      const event: Stamp = { t: performance.now(), seq: Math.floor(sends / sockets.length), run };
      sockets[sends % sockets.length].emit('event:broadcast', { ...document, event });
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
    socket.off('event', listeners[i].single).off('event:frame', listeners[i].frame).off('refused', onRefused),
  );
  if (refusal) throw new Error(`event:broadcast refused: ${JSON.stringify(refusal)}`);
  if (latencies.length === 0) throw new Error('no broadcast arrived');
  latencies.sort((a, b) => a - b);
  return {
    sends,
    deliveries: latencies.length,
    deliveriesPerS: latencies.length / ((lastArrival - started) / 1000),
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    cpuUsPerDelivery: (cpuMs * 1000) / latencies.length,
    misordered,
  };
}
