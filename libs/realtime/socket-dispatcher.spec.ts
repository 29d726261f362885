import { Logger } from '@nestjs/common';
import { Counter } from 'prom-client';
import { Socket } from 'socket.io';
import { MetricsRegistry } from '@app/metrics';
import { clientLimit, RealtimeHandlerErrors } from '@app/realtime-hub';
import { RealtimeLimits } from './realtime-limits';
import { EventHandler, eventTable, EventHandlers, SocketDispatcher } from './socket-dispatcher';

/** A socket.io server socket reduced to what the dispatcher touches: its catch-all, listeners and emits. */
function fakeSocket() {
  let catchAll: (...args: unknown[]) => void = () => undefined;
  const emitted: Array<[string, unknown]> = [];
  const socket = {
    id: 'socket-1',
    onAny: (listener: typeof catchAll) => (catchAll = listener),
    on: () => undefined,
    emit: (event: string, payload: unknown) => emitted.push([event, payload]),
  };
  return { socket: socket as unknown as Socket, send: (...args: unknown[]) => catchAll(...args), emitted };
}

/** A table holding only the handlers a test names: every other name is unknown to it. */
function handlers(some: Partial<EventHandlers>): EventHandlers {
  return some as EventHandlers;
}

const anyId: unknown = expect.any(String);

describe('SocketDispatcher', () => {
  const metrics = new MetricsRegistry();
  const dispatcher = new SocketDispatcher(new RealtimeHandlerErrors(metrics), new RealtimeLimits(metrics));

  beforeAll(() => {
    Logger.overrideLogger(false);
  });

  async function errorsCounted(): Promise<number> {
    const metric = metrics.getSingleMetric('realtime_handler_errors_total') as Counter;
    return (await metric.get()).values.reduce((sum, { value }) => sum + value, 0);
  }

  it.each<[string, EventHandler]>([
    [
      'thrown',
      () => {
        throw new TypeError('secret library text');
      },
    ],
    ['rejected', () => Promise.reject(new RangeError('Maximum call stack size exceeded'))],
  ])('an unexpected error %s by a handler is answered INTERNAL without its text, and counted', async (_, handler) => {
    const { socket, send, emitted } = fakeSocket();
    dispatcher.attach(socket, eventTable(handlers({ 'comments:list': handler })));
    const before = await errorsCounted();
    const acks: unknown[] = [];
    send('comments:list', {}, (response: unknown) => acks.push(response));
    send('comments:list', {});
    await new Promise((resolve) => setImmediate(resolve));
    expect(acks).toEqual([{ error: { status: 'INTERNAL', message: 'Internal error.', errorId: anyId } }]);
    expect(emitted).toEqual([
      ['refused', { event: 'comments:list', status: 'INTERNAL', message: 'Internal error.', errorId: anyId }],
    ]);
    expect(await errorsCounted()).toBe(before + 2);
  });

  it('takes the ack from the last argument only, and answers a synchronous handler at once', () => {
    const { socket, send } = fakeSocket();
    const payloads: unknown[] = [];
    dispatcher.attach(
      socket,
      eventTable(handlers({ 'presence:set': (_, payload) => (payloads.push(payload), { ok: 1 }) })),
    );
    const acks: unknown[] = [];
    send('presence:set', { a: 1 }, (response: unknown) => acks.push(response));
    expect(payloads).toEqual([{ a: 1 }]);
    expect(acks).toEqual([{ status: 'success', ok: 1 }]);
  });

  it('refuses a number as an event name like any unknown name', () => {
    const { socket, send, emitted } = fakeSocket();
    dispatcher.attach(socket, eventTable(handlers({})));
    send(42, {});
    expect(emitted).toEqual([['refused', { event: '42', status: 'INVALID_ARGUMENT', message: 'Unknown event "42".' }]]);
  });

  it('holds at most `requests in flight` unanswered messages per connection, refusing any message past them; each answered frees one, and a synchronous one never holds one', async () => {
    const limit = clientLimit('requests in flight');
    const { socket, send, emitted } = fakeSocket();
    const pending: Array<() => void> = [];
    dispatcher.attach(
      socket,
      eventTable(
        handlers({
          'comments:add': () => new Promise<object>((resolve) => pending.push(() => resolve({}))),
          'presence:set': () => ({}),
        }),
      ),
    );
    const acks: unknown[] = [];
    for (let i = 0; i <= limit; i++) send('comments:add', {}, (response: unknown) => acks.push(response));
    expect(pending).toHaveLength(limit);
    expect(acks).toEqual([
      {
        error: {
          status: 'RESOURCE_EXHAUSTED',
          message: `Too many requests in flight: at most ${limit} per connection.`,
        },
      },
    ]);
    send('presence:set', {});
    expect(emitted).toEqual([
      ['refused', expect.objectContaining({ event: 'presence:set', status: 'RESOURCE_EXHAUSTED' })],
    ]);
    pending.shift()!();
    await new Promise((resolve) => setImmediate(resolve));
    expect(acks.slice(1)).toEqual([{ status: 'success' }]);
    send('comments:add', {}, (response: unknown) => acks.push(response));
    expect(pending).toHaveLength(limit);
    // Another connection has its own count.
    const other = fakeSocket();
    dispatcher.attach(other.socket, eventTable(handlers({ 'comments:add': () => Promise.resolve({}) })));
    const otherAcks: unknown[] = [];
    other.send('comments:add', {}, (response: unknown) => otherAcks.push(response));
    await new Promise((resolve) => setImmediate(resolve));
    expect(otherAcks).toEqual([{ status: 'success' }]);
  });
});
