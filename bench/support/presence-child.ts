import { performance } from 'node:perf_hooks';
import { io, Socket } from 'socket.io-client';
import WebSocket from 'ws';
import type { Handshake } from '../../test/support/realtime-client';
import { peerModule } from './peer-install';
import { runBench } from './run-bench';

/**
 * One of the presence load's client processes (forked; argv[2] a PresenceChildSpec as JSON). It opens
 * its users' connections, says `ready`, and on each `{run}` message every user sets its cursor `rate`
 * times a second for `durationS` (paced by the clock), then answers a PresenceChildResult once no update
 * arrived for QUIET_MS. Times are wall-clock (`performance.timeOrigin + now`), so a set sent by one
 * child process is timed on its arrival in the other.
 */
export interface PresenceChildSpec {
  side: 'api' | 'liveblocks';
  url: string;
  users: number;
  /** The API's handshakes, one per user. */
  auths: Handshake[];
  document: { organizationId: string; documentId: string };
  rate: number;
  durationS: number;
}

export interface PresenceChildResult {
  sets: number;
  deliveries: number;
  /** Wall-clock ms of the first set and the last arrival. */
  startedAt: number;
  lastArrivalAt: number;
  /** Set-to-arrival latencies in 0.1 ms buckets: [bucket, count]. */
  histogram: Array<[number, number]>;
}

/** A cursor as the load sets it: a position, its wall-clock send time and the run it belongs to. */
interface Cursor {
  x: number;
  y: number;
  t: number;
  run: number;
}

/** One user's connection, whichever server: sets its cursor, hands each update it hears to `heard`. */
interface User {
  set(cursor: Cursor): void;
  close(): void;
}

type Heard = (cursor: Cursor | undefined) => void;

const QUIET_MS = 300;
const DRAIN_LIMIT_MS = 10_000;
const now = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A socket of ours, as @collab-backend/realtime drives it: subscribe, `presence:set` without an ack, frames heard. */
async function apiUser(spec: PresenceChildSpec, auth: Handshake, heard: Heard): Promise<User> {
  const socket: Socket = io(spec.url, { path: '/realtime', auth, transports: ['websocket'] });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  const ack = (await socket.timeout(10_000).emitWithAck('subscribe', spec.document)) as { status?: string };
  if (ack.status !== 'success') throw new Error(`subscribe: ${JSON.stringify(ack)}`);
  socket.on('presence:frame', (frame: { set: Array<{ connectionId: string; data: Cursor }> }) => {
    for (const entry of frame.set) if (entry.connectionId !== socket.id) heard(entry.data);
  });
  socket.on('refused', (refusal: unknown) => {
    throw new Error(`refused: ${JSON.stringify(refusal)}`);
  });
  return {
    set: (cursor) => socket.emit('presence:set', { ...spec.document, data: cursor }),
    close: () => socket.close(),
  };
}

/** The part of @liveblocks/client the load uses. */
interface LiveblocksRoom {
  updatePresence(presence: Cursor): void;
  getStatus(): string;
  subscribe(
    topic: 'others',
    listener: (others: unknown, event: { type: string; user?: { presence: Cursor } }) => void,
  ): () => void;
  events: { status: { subscribe(listener: (status: string) => void): () => void } };
}
interface LiveblocksClientModule {
  createClient: (options: Record<string, unknown>) => {
    enterRoom(
      roomId: string,
      options: { initialPresence: Record<string, never> },
    ): { room: LiveblocksRoom; leave: () => void };
  };
}

/** A Liveblocks client (its own, one per user) on the dev server, throttling off as the dev server allows. */
async function liveblocksUser(spec: PresenceChildSpec, heard: Heard): Promise<User> {
  const { createClient } = peerModule<LiveblocksClientModule>('@liveblocks/client');
  const client = createClient({
    publicApiKey: 'pk_localdev',
    baseUrl: spec.url,
    polyfills: { WebSocket },
    __DANGEROUSLY_disableThrottling: true,
  });
  const { room, leave } = client.enterRoom(`${spec.document.organizationId}-${spec.document.documentId}`, {
    initialPresence: {},
  });
  if (room.getStatus() !== 'connected') {
    await new Promise<void>((resolve) => {
      const stop = room.events.status.subscribe((status) => {
        if (status !== 'connected') return;
        stop();
        resolve();
      });
    });
  }
  room.subscribe('others', (_, event) => {
    if (event.type === 'update') heard(event.user?.presence);
  });
  return { set: (cursor) => room.updatePresence(cursor), close: leave };
}

/** Every user sets its cursor `rate` times a second for `durationS`, paced by the clock: a busy loop delays sets, never drops them. */
async function paced(
  users: User[],
  spec: PresenceChildSpec,
  run: number,
): Promise<{ sets: number; startedAt: number }> {
  const total = Math.round(spec.rate * users.length * spec.durationS);
  const startedAt = now();
  let sets = 0;
  const send = () => {
    const due = Math.min(total, Math.floor(((now() - startedAt) / 1000) * spec.rate * users.length));
    for (; sets < due; sets++) users[sets % users.length].set({ x: sets % 1280, y: sets % 720, t: now(), run });
  };
  const pacer = setInterval(send, 2);
  await sleep(spec.durationS * 1000);
  clearInterval(pacer);
  send();
  return { sets, startedAt };
}

/** Resolves once no update arrived for QUIET_MS (or after DRAIN_LIMIT_MS). */
async function drained(lastArrivalAt: () => number): Promise<void> {
  const since = now();
  const limit = since + DRAIN_LIMIT_MS;
  while (now() - Math.max(lastArrivalAt(), since) < QUIET_MS && now() < limit) await sleep(50);
}

async function main(): Promise<void> {
  const spec = JSON.parse(process.argv[2]) as PresenceChildSpec;
  let run = 0;
  let deliveries = 0;
  let lastArrivalAt = 0;
  const buckets = new Map<number, number>();
  const heard: Heard = (cursor) => {
    if (cursor?.run !== run) return;
    lastArrivalAt = now();
    const bucket = Math.round((lastArrivalAt - cursor.t) * 10);
    buckets.set(bucket, (buckets.get(bucket) ?? 0) + 1);
    deliveries++;
  };
  const users: User[] = [];
  for (let i = 0; i < spec.users; i++) {
    users.push(spec.side === 'api' ? await apiUser(spec, spec.auths[i], heard) : await liveblocksUser(spec, heard));
  }
  process.send!({ ready: true });
  await new Promise<void>((resolve) => {
    process.on('message', (message: { run?: number; stop?: boolean }) => {
      if (message.stop) {
        for (const user of users) user.close();
        resolve();
        return;
      }
      run = message.run!;
      deliveries = 0;
      lastArrivalAt = 0;
      buckets.clear();
      void paced(users, spec, run).then(async ({ sets, startedAt }) => {
        await drained(() => lastArrivalAt);
        const result: PresenceChildResult = { sets, deliveries, startedAt, lastArrivalAt, histogram: [...buckets] };
        process.send!(result);
      });
    });
  });
}

runBench(main);
