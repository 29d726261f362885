import { Injectable } from '@nestjs/common';
import { Socket } from 'socket.io';
import { ApiError } from '@app/common';
import { toErrorResponse } from '@app/http';
import { clientLimit, RealtimeHandlerErrors } from '@app/realtime-hub';
import { ClientEvent } from './client-events';
import { RealtimeLimits } from './realtime-limits';

/** Answers a refused message that was sent without an ack: `{event, status, message}`. */
export const REFUSED_EVENT = 'refused';

/** One client event's work: the socket and its one payload; the ack's success fields, now or later. */
export type EventHandler = (socket: Socket, payload: unknown) => object | Promise<object>;
export type EventHandlers = Record<ClientEvent, EventHandler>;
export type EventTable = ReadonlyMap<string, EventHandler>;

/** The handlers by name, looked up without reaching an object's prototype (`constructor`, `__proto__`). */
export function eventTable(handlers: EventHandlers): EventTable {
  return new Map(Object.entries(handlers));
}

type Ack = (response: unknown) => void;

/** An unknown event's name is echoed this far, so a refusal never carries a huge name back. */
const ECHOED_NAME_CHARS = 100;

/**
 * The one way a client event reaches its handler, whatever the client sent: any number of arguments of
 * any type, binary anywhere. The ack is the last argument, and only if it is a function; the payload is
 * the one argument before it. Nothing a handler throws leaves the listener: a refusal goes to the ack,
 * or without one as a `refused` event; an unexpected error is logged with the event and the socket,
 * counted in `realtime_handler_errors_total{event}` and answered `INTERNAL` without its text.
 *
 * A connection has at most `requests in flight` messages whose handling is under way: socket.io hands
 * over each message as it arrives, so a client that never waits for its acks would otherwise make the
 * process hold every message it sent (each up to `socket message` bytes) until memory runs out.
 */
@Injectable()
export class SocketDispatcher {
  /** Per connection, the messages whose handler has not settled yet. */
  private readonly inFlight = new WeakMap<Socket, number>();

  constructor(
    private readonly errors: RealtimeHandlerErrors,
    private readonly limits: RealtimeLimits,
  ) {}

  attach(socket: Socket, table: EventTable): void {
    socket.onAny((event: unknown, ...args: unknown[]) => this.dispatch(socket, table, event, args));
    // socket.io emits each incoming event on the socket after the catch-all: an event a client names
    // `error` would throw out of EventEmitter were there no listener for it. The catch-all answered it.
    socket.on('error', () => undefined);
  }

  private dispatch(socket: Socket, table: EventTable, event: unknown, args: unknown[]): void {
    const ack = typeof args.at(-1) === 'function' ? (args.pop() as Ack) : undefined;
    const name = String(event);
    const handler = table.get(name);
    try {
      if (!handler) throw ApiError.invalid(`Unknown event "${name.slice(0, ECHOED_NAME_CHARS)}".`);
      if (args.length > 1)
        throw ApiError.invalid(
          `${name} takes one payload argument (then an optional ack), but ${args.length} arguments came before the ack.`,
        );
      const held = this.inFlight.get(socket) ?? 0;
      this.limits.checkCount(name, 'requests in flight', held, clientLimit('requests in flight'));
      const result = handler(socket, args[0]);
      if (!(result instanceof Promise)) return this.succeed(socket, name, ack, result);
      this.inFlight.set(socket, held + 1);
      result
        .finally(() => this.inFlight.set(socket, (this.inFlight.get(socket) ?? 1) - 1))
        .then(
          (fields) => this.succeed(socket, name, ack, fields),
          (error: unknown) => this.refuse(socket, name, ack, error),
        );
    } catch (error) {
      this.refuse(socket, handler ? name : name.slice(0, ECHOED_NAME_CHARS), ack, error);
    }
  }

  private succeed(socket: Socket, event: string, ack: Ack | undefined, fields: object): void {
    try {
      ack?.({ status: 'success', ...fields });
    } catch (error) {
      this.unexpected(socket, event, error);
    }
  }

  /** Acks mirror the REST envelope's error: `{error: {status, message}}`; without an ack, the `refused` event. */
  private refuse(socket: Socket, event: string, ack: Ack | undefined, error: unknown): void {
    try {
      const response = toErrorResponse(error);
      if (response.errorId) this.errors.record({ event, connectionId: socket.id, error, errorId: response.errorId });
      if (ack) ack(response.body);
      else socket.emit(REFUSED_EVENT, { event, ...response.body.error });
    } catch (failure) {
      this.unexpected(socket, event, failure);
    }
  }

  private unexpected(socket: Socket, event: string, error: unknown): void {
    this.errors.record({ event, connectionId: socket.id, error });
  }
}
