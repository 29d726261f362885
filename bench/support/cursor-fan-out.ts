import { performance } from 'node:perf_hooks';
import type { Socket } from 'socket.io-client';
import { connect, Handshake, request } from '../../test/support/realtime-client';
import { Deliveries, PacedLoad, runPaced } from './paced-load';
import { whileListening } from './socket-listeners';

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

/** A fan-out load: every socket, subscribed to `document`, sends `ratePerS` times a second for `durationS` to the servers `pids`. */
export interface FanOutLoad {
  sockets: Socket[];
  document: DocumentRef;
  pids: number[];
  ratePerS: number;
  durationS: number;
}

/** The paced load of a fan-out: message i comes from socket i % sockets, and is sent by `send`. */
export function pacedOver(
  { sockets, ratePerS, durationS, pids }: FanOutLoad,
  send: (socket: Socket, i: number) => void,
  lastArrival: () => number,
): PacedLoad {
  return {
    senders: sockets.length,
    ratePerS,
    durationS,
    pids,
    send: (i) => send(sockets[i % sockets.length], i),
    lastArrival,
  };
}

/** One timed run of the cursor load: deliveries are updates of this run heard by all sockets, each other connection's entry in a `presence:frame` (ours), or a `presence:data` (the bare yardstick). */
export type FanOutRun = Omit<Deliveries, 'sent'> & {
  sets: number;
  /** CPU the servers spent per set, µs. */
  cpuUsPerSet: number;
};

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
export async function fanOut(load: FanOutLoad): Promise<FanOutRun> {
  const { sockets } = load;
  const run = ++runs;
  const latencies: number[] = [];
  let lastArrival = 0;
  const heard = (data: Cursor | undefined, at: number) => {
    if (data?.run !== run) return;
    lastArrival = at;
    latencies.push(at - data.t);
  };
  const listenersOf = (socket: Socket) => ({
    'presence:data': ({ data }: { data: Cursor }) => heard(data, performance.now()),
    'presence:frame': (frame: { set: Array<{ connectionId: string; data: Cursor }> }) => {
      const at = performance.now();
      for (const entry of frame.set) if (entry.connectionId !== socket.id) heard(entry.data, at);
    },
  });
  const { sent, ...figures } = await whileListening({ sockets, listenersOf, refusalOf: 'presence:set' }, () =>
    runPaced(
      pacedOver(
        load,
        (socket, i) => {
          const cursor: Cursor = { x: i % 1280, y: i % 720, t: performance.now(), run };
          socket.emit('presence:set', { ...load.document, data: cursor });
        },
        () => lastArrival,
      ),
      latencies,
    ),
  );
  if (latencies.length === 0) throw new Error('no presence update arrived');
  return { sets: sent, ...figures, cpuUsPerSet: (figures.cpuMs * 1000) / sent };
}
