import type { Socket } from 'socket.io-client';
import { RealtimeError } from './types';

type Ack<T> = (T & { status: 'success' }) | { error: { status: string; message: string } };

/** Emits `event` and resolves with its ack, or rejects with the ack's error (RealtimeError). */
export async function request<T>(socket: Socket, event: string, payload: unknown, timeoutMs = 10_000): Promise<T> {
  const ack = (await socket.timeout(timeoutMs).emitWithAck(event, payload)) as Ack<T>;
  if ('error' in ack) throw new RealtimeError(ack.error.status, ack.error.message);
  return ack;
}

/** A room's operation: sent once its (re)subscription has landed, with the room's document in the payload. */
export type Send = <T = unknown>(event: string, payload: object) => Promise<T>;

/** A room's message without an answer (presence sets): sent once its (re)subscription has landed; a refusal comes back as a `refused` event. */
export type Post = (event: string, payload: object) => Promise<void>;
