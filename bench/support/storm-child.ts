import { performance } from 'node:perf_hooks';
import { io, Socket } from 'socket.io-client';
import type { Handshake } from '../../test/support/realtime-client';

/**
 * One share of a reconnect storm's clients, in its own process (forked; the spec and the result go
 * over IPC): a single Node process opening thousands of WebSockets is itself the bottleneck on two
 * cores. Each socket connects as the browser client does (packages/realtime: socket.io's own
 * reconnection on, so a connect that times out is tried again) and subscribes on every connect until
 * one subscribe succeeds. A refused handshake or subscribe is counted, not retried: socket.io does not
 * retry a refused handshake, and the browser client closes a room whose subscribe fails.
 *
 * Messages from the parent: the share (the child answers `settled` with its result once every socket
 * is subscribed or refused), `report` (answered with the result so far, presence pushes received
 * included) and `close`.
 */
export interface StormShare {
  url: string;
  sockets: { auth: Handshake; ref: { organizationId: string; documentId: string } }[];
}

export interface StormShareResult {
  subscribed: number;
  /** Refusals by message: refused handshakes and failed subscribes. */
  refused: Record<string, number>;
  /** Connect attempts that failed in transport and were tried again, by message (`timeout`: not open within socket.io's 20 s). */
  retries: Record<string, number>;
  /** Subscribe round trips (emit to ack) longer than the browser client's 10 s request timeout. */
  slowerThanClientTimeout: number;
  /** The slowest subscribe round trip, ms. */
  slowestSubscribeMs: number;
  /** `presence` pushes received, all sockets of the share together. */
  presencePushes: number;
}

export type StormChildMessage = { settled: StormShareResult } | { report: StormShareResult };

/** The browser client's request timeout (packages/realtime/src/request.ts). */
const CLIENT_TIMEOUT_MS = 10_000;
/** A subscribe unanswered this long is lost: counted as refused instead of hanging the run. */
const LOST_AFTER_MS = 60_000;

function count(counts: Record<string, number>, key: string): void {
  counts[key] = (counts[key] ?? 0) + 1;
}

function storm(share: StormShare): { result: StormShareResult; sockets: Socket[]; settled: Promise<void> } {
  const result: StormShareResult = {
    subscribed: 0,
    refused: {},
    retries: {},
    slowerThanClientTimeout: 0,
    slowestSubscribeMs: 0,
    presencePushes: 0,
  };
  let finished = 0;
  let resolveSettled = () => undefined as void;
  const settled = new Promise<void>((resolve) => (resolveSettled = resolve));
  const settle = () => {
    if (++finished === share.sockets.length) resolveSettled();
  };
  const refuse = (socket: Socket, reason: string) => {
    count(result.refused, reason);
    socket.close();
    settle();
  };
  const sockets = share.sockets.map(({ auth, ref }) => {
    const socket = io(share.url, { path: '/realtime', auth, transports: ['websocket'], forceNew: true });
    let done = false;
    socket.on('presence', () => result.presencePushes++);
    socket.on('connect', () => {
      const sent = performance.now();
      socket
        .timeout(LOST_AFTER_MS)
        .emitWithAck('subscribe', ref)
        .then(
          (ack: { status: string; error?: { status: string; message: string } }) => {
            if (done) return;
            done = true;
            const ms = performance.now() - sent;
            result.slowestSubscribeMs = Math.max(result.slowestSubscribeMs, ms);
            if (ms > CLIENT_TIMEOUT_MS) result.slowerThanClientTimeout++;
            if (ack.status !== 'success') return refuse(socket, `subscribe: ${ack.error?.message}`);
            result.subscribed++;
            settle();
          },
          (error: Error) => {
            // A subscribe cut short by a disconnect is sent again on the reconnect.
            if (done || !socket.connected) return;
            done = true;
            refuse(socket, `subscribe: ${error.message}`);
          },
        );
    });
    socket.on('connect_error', (error: Error & { data?: { status?: string } }) => {
      if (done) return;
      if (error.data) {
        done = true;
        refuse(socket, `handshake: ${error.message}`);
      } else count(result.retries, error.message);
    });
    return socket;
  });
  return { result, sockets, settled };
}

process.once('message', (share: StormShare) => {
  const { result, sockets, settled } = storm(share);
  void settled.then(() => process.send!({ settled: result } satisfies StormChildMessage));
  process.on('message', (message: 'report' | 'close') => {
    if (message === 'report') return void process.send!({ report: result } satisfies StormChildMessage);
    for (const socket of sockets) socket.close();
    process.disconnect();
  });
});
process.send!('ready');
