import { performance } from 'node:perf_hooks';
import type { Socket } from 'socket.io-client';
import { FanOutLoad, pacedOver } from './cursor-fan-out';
import { Deliveries, runPaced } from './paced-load';
import { whileListening } from './socket-listeners';

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

/** One timed run of the broadcast load: deliveries are events of this run heard by all sockets, each other connection's once. */
export type BroadcastRun = Omit<Deliveries, 'sent'> & {
  sends: number;
  /** Events heard out of their sender's order, or twice. */
  misordered: number;
};

let runs = 0;

/**
 * Every socket broadcasts an event (`event:broadcast` without an ack, as @collab-backend/realtime
 * sends it) `ratePerS` times a second for `durationS`, paced by the clock. Times each event heard
 * from its send to its arrival, counts the events a socket heard out of their sender's order or twice
 * (a socket skips its own, as the client does), and reads the servers' CPU around the run. A refused
 * broadcast fails the run.
 */
export async function broadcastFanOut(load: FanOutLoad): Promise<BroadcastRun> {
  const { sockets } = load;
  const run = ++runs;
  const latencies: number[] = [];
  let lastArrival = 0;
  let misordered = 0;
  const listenersOf = (socket: Socket) => {
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
      event: (single: Heard) => heard(single, performance.now()),
      'event:frame': (frame: { events: Heard[] }) => {
        const at = performance.now();
        for (const entry of frame.events) heard(entry, at);
      },
    };
  };
  const { sent, ...figures } = await whileListening({ sockets, listenersOf, refusalOf: 'event:broadcast' }, () =>
    runPaced(
      pacedOver(
        load,
        (socket, i) => {
          const event: Stamp = { t: performance.now(), seq: Math.floor(i / sockets.length), run };
          socket.emit('event:broadcast', { ...load.document, event });
        },
        () => lastArrival,
      ),
      latencies,
    ),
  );
  if (latencies.length === 0) throw new Error('no broadcast arrived');
  return { sends: sent, ...figures, misordered };
}
