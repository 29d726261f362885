import { Socket } from 'socket.io-client';
import { CLIENT_EVENTS } from '../libs/realtime/client-events';
import { metricSum } from './support/fuzz-instances';
import { createWorkspace, Credentials } from './support/http-client';
import { RunningApi, startApi } from './support/processes';
import { Ack, connect, nextEvent, request, userToken } from './support/realtime-client';
import { seedDocument, seedEditors } from './support/seed';
import { createTestEnvironment, TestEnvironment } from './support/test-environment';

const LONG = 120_000;
const doc = { organizationId: 'org-sr', documentId: 'doc-sr' };

interface Refused {
  event: string;
  status: string;
  message: string;
}

/** `levels` levels of `{"a": {"a": ...}}` as JSON, written out: JSON.stringify would recurse that deep. */
function deepJson(levels: number): string {
  return `${'{"a":'.repeat(levels)}{}${'}'.repeat(levels)}`;
}

/**
 * The reproductions of hostile socket messages (issue 36, items 1 and 6): each gets a refusal (in its
 * ack, or as the `refused` event without one), and the instance keeps serving every socket.
 */
describe('socket refusals: no argument list takes an instance down, and every refusal is answered', () => {
  let world: TestEnvironment;
  let api: RunningApi;
  let owner: Credentials;
  let ann: Socket;
  let bystander: Socket;
  const dropped: string[] = [];

  /** The next `refused` event of `event` on ann's socket. */
  const refusedOf = (event: string) => nextEvent<Refused>(ann, 'refused', (refused) => refused.event === event);

  beforeAll(async () => {
    world = await createTestEnvironment();
    api = await startApi(world.env);
    owner = await createWorkspace(api.url);
    await seedDocument(world, owner.apiKey, doc.organizationId, doc.documentId, { accessType: 'organizationPrivate' });
    await seedEditors(api.url, owner, doc.organizationId, ['ann', 'bob']);
    ann = await connect(api.url, await userToken(api.url, owner, 'ann'));
    bystander = await connect(api.url, await userToken(api.url, owner, 'bob'));
    bystander.on('disconnect', (reason) => dropped.push(reason));
    for (const socket of [ann, bystander]) expect((await request(socket, 'subscribe', doc)).status).toBe('success');
  }, LONG);

  afterAll(async () => {
    ann?.close();
    bystander?.close();
    const exit = api ? { exitCode: api.child.exitCode, signal: api.child.signalCode } : undefined;
    await api?.stop();
    await world?.dispose();
    // The instance lived through every message; no handler error got out of its listener.
    expect(exit).toEqual({ exitCode: null, signal: null });
  }, LONG);

  afterEach(async () => {
    expect((await fetch(`${api.url}/health`)).status).toBe(200);
    expect(dropped).toEqual([]);
    expect(metricSum(await (await fetch(`${api.url}/metrics`)).text(), 'realtime_handler_errors_total')).toBe(0);
    expect((await request(bystander, 'comments:list', doc)).status).toBe('success');
  });

  it.each([
    ['a string', 'x'],
    ['a number', 7],
    ['an object', { four: 4 }],
    ['an array', [5]],
    ['true', true],
  ])('comments:list with %s after the payload is refused as an extra argument', async (_, extra) => {
    const refused = refusedOf('comments:list');
    ann.emit('comments:list', doc, extra);
    expect(await refused).toEqual({
      event: 'comments:list',
      status: 'INVALID_ARGUMENT',
      message: 'comments:list takes one payload argument (then an optional ack), but 2 arguments came before the ack.',
    });
  });

  it('a refused payload followed by a non-function is refused, not thrown', async () => {
    const refused = refusedOf('comments:add');
    ann.emit('comments:add', { organizationId: 5 }, 'x');
    expect(await refused).toMatchObject({ event: 'comments:add', status: 'INVALID_ARGUMENT' });
  });

  it('subscribe and presence:set with trailing non-functions are refused', async () => {
    const subscribe = refusedOf('subscribe');
    ann.emit('subscribe', doc, 'x');
    expect(await subscribe).toMatchObject({ status: 'INVALID_ARGUMENT' });
    const presence = refusedOf('presence:set');
    ann.emit('presence:set', { ...doc, data: {} }, 1, 'x', {}, []);
    expect(await presence).toMatchObject({
      status: 'INVALID_ARGUMENT',
      message: expect.stringContaining('5 arguments came before the ack') as string,
    });
  });

  it('extra arguments before a real ack: the ack is the last argument and gets the refusal', async () => {
    const ack = (await ann.timeout(5000).emitWithAck('comments:list', doc, 'two', 3, { four: 4 }, [5])) as Ack;
    expect(ack.error).toEqual({
      status: 'INVALID_ARGUMENT',
      message: 'comments:list takes one payload argument (then an optional ack), but 5 arguments came before the ack.',
    });
  });

  it(`emitWithAck with no payload gets its ack, on all ${CLIENT_EVENTS.length} events`, async () => {
    expect(CLIENT_EVENTS.length).toBe(24);
    const acks = await Promise.all(CLIENT_EVENTS.map((event) => ann.timeout(5000).emitWithAck(event) as Promise<Ack>));
    expect(acks.map((ack) => ack.error)).toEqual(
      CLIENT_EVENTS.map(() => ({ status: 'INVALID_ARGUMENT', message: 'Payload must be an object.' })),
    );
  });

  it.each(['presence:set', 'event:broadcast'])('a 10,000-deep %s is INVALID_ARGUMENT', async (event) => {
    const field = event === 'presence:set' ? 'data' : 'event';
    const refused = refusedOf(event);
    // As a raw socket.io event packet (engine.io adds its message type, 4): the client library's own binary scan recurses too deep to send it.
    const payload = `{"organizationId":"${doc.organizationId}","documentId":"${doc.documentId}","${field}":${deepJson(10_000)}}`;
    ann.io.engine.write(`2["${event}",${payload}]`);
    expect(await refused).toMatchObject({
      status: 'INVALID_ARGUMENT',
      message: expect.stringMatching(/^data\.(data|event)(\.a)+ is nested deeper than 32 levels\.$/) as string,
    });
  });

  it.each(['presence:set', 'event:broadcast'])('%s refuses unknown fields like every other event', async (event) => {
    const field = event === 'presence:set' ? 'data' : 'event';
    const ack = await request(ann, event, { ...doc, [field]: { x: 1 }, extra: true });
    expect(ack.error).toEqual({ status: 'INVALID_ARGUMENT', message: 'data.extra is not a known field.' });
  });

  it('notifications:mark takes 100 ids, not 101', async () => {
    const ids = (n: number) => Array.from({ length: n }, (_, i) => `n${i}`);
    const mark = (n: number) =>
      request(ann, 'notifications:mark', { organizationId: doc.organizationId, notificationIds: ids(n), read: true });
    expect((await mark(100)).status).toBe('success');
    expect((await mark(101)).error).toEqual({
      status: 'INVALID_ARGUMENT',
      message: 'data.notificationIds must contain no more than 100 elements.',
    });
  });

  it('a binary payload, or binary in a field, gets our own message naming the field', async () => {
    const bytes = Buffer.from([1, 2, 3]);
    expect((await request(ann, 'comments:list', bytes)).error).toEqual({
      status: 'INVALID_ARGUMENT',
      message: 'Payload must be a JSON object: binary data is not accepted.',
    });
    expect((await request(ann, 'comments:list', { ...doc, pageToken: bytes })).error).toEqual({
      status: 'INVALID_ARGUMENT',
      message: 'data.pageToken must be JSON: binary data is not accepted.',
    });
    expect((await request(ann, 'presence:set', { ...doc, data: { blob: bytes } })).error).toEqual({
      status: 'INVALID_ARGUMENT',
      message: 'data.data.blob must be JSON: binary data is not accepted.',
    });
  });

  it('lone surrogates are refused in values and keys', async () => {
    expect((await request(ann, 'presence:set', { ...doc, data: { name: 'a\ud800' } })).error).toEqual({
      status: 'INVALID_ARGUMENT',
      message: 'data.data.name must not contain NUL characters or unpaired surrogates.',
    });
    expect((await request(ann, 'event:broadcast', { ...doc, event: { ['\udc00']: 1 } })).error).toEqual({
      status: 'INVALID_ARGUMENT',
      message: 'data.event must not contain NUL characters or unpaired surrogates in keys.',
    });
    const added = await request(ann, 'comments:add', { ...doc, comment: { commentText: 'x\udfff' } });
    expect(added.error).toMatchObject({
      status: 'INVALID_ARGUMENT',
      message: expect.stringContaining('data.comment.commentText') as string,
    });
  });

  it.each(['subscribe', 'unsubscribe', 'livestate:set'])(
    '%s refused without an ack sends the refused event',
    async (event) => {
      const refused = refusedOf(event);
      ann.emit(event, { organizationId: 5 });
      expect(await refused).toMatchObject({ event, status: 'INVALID_ARGUMENT' });
    },
  );

  it('a connection is subscribed to at most 256 documents, those under way included, until it unsubscribes from one', async () => {
    const ids = Array.from({ length: 257 }, (_, i) => `many-${i}`);
    await world.query(
      `INSERT INTO document (api_key_id, organization_id, id, name, access_type)
       SELECT $1, $2, id, id, 'organizationPrivate' FROM unnest($3::text[]) AS id`,
      [owner.apiKey, doc.organizationId, ids],
    );
    const socket = await connect(api.url, await userToken(api.url, owner, 'ann'));
    const subscribe = (documentId: string) =>
      request(socket, 'subscribe', { organizationId: doc.organizationId, documentId });
    try {
      // The first 200 in batches within the requests in flight; the last 57 at once, so the last one arrives
      // while the others' access checks are still under way.
      const answers = [];
      for (const batch of [0, 50, 100, 150, 200].map((start) => ids.slice(start, start === 200 ? 257 : start + 50)))
        answers.push(...(await Promise.all(batch.map(subscribe))));
      expect(answers.slice(0, 256).filter((answer) => answer.status !== 'success')).toEqual([]);
      expect(answers[256]).toEqual({
        error: { status: 'RESOURCE_EXHAUSTED', message: 'Too many documents: at most 256 per connection.' },
      });
      expect((await subscribe('many-0')).status).toBe('success');
      expect((await subscribe('many-256')).error.status).toBe('RESOURCE_EXHAUSTED');
      expect(
        (await request(socket, 'unsubscribe', { organizationId: doc.organizationId, documentId: 'many-0' })).status,
      ).toBe('success');
      expect((await subscribe('many-256')).status).toBe('success');
    } finally {
      socket.close();
    }
  });

  it('an unknown event name gets a refused answer, with an ack or without', async () => {
    const refused = refusedOf('no:such-event');
    ann.emit('no:such-event', doc);
    expect(await refused).toEqual({
      event: 'no:such-event',
      status: 'INVALID_ARGUMENT',
      message: 'Unknown event "no:such-event".',
    });
    expect((await request(ann, 'constructor', doc)).error).toEqual({
      status: 'INVALID_ARGUMENT',
      message: 'Unknown event "constructor".',
    });
    // An EventEmitter throws on an `error` event nobody listens to.
    const error = refusedOf('error');
    ann.emit('error', 'boom');
    expect(await error).toMatchObject({ status: 'INVALID_ARGUMENT', message: 'Unknown event "error".' });
  });

  it('a connection that never waits for its acks has at most 64 messages in flight: the rest are refused, nothing is dropped unanswered, and it goes on', async () => {
    const flight = { organizationId: doc.organizationId, documentId: 'doc-flight' };
    await seedDocument(world, owner.apiKey, flight.organizationId, flight.documentId, {
      accessType: 'organizationPrivate',
    });
    const socket = await connect(api.url, await userToken(api.url, owner, 'ann'));
    try {
      expect((await request(socket, 'subscribe', flight)).status).toBe('success');
      const text = 'x'.repeat(60_000);
      // Sent at once, each 60 kB: without the bound the process held every one until its write's turn came.
      const answers = await Promise.all(
        Array.from({ length: 300 }, () =>
          request(socket, 'comments:add', { ...flight, comment: { commentText: text } }),
        ),
      );
      const added = answers.filter((answer) => answer.status === 'success').length;
      const refused = answers.filter((answer) => answer.status !== 'success');
      expect(added).toBeGreaterThanOrEqual(64);
      expect(refused.length).toBeGreaterThan(0);
      expect(added + refused.length).toBe(300);
      expect(new Set(refused.map((answer) => JSON.stringify(answer)))).toEqual(
        new Set([
          JSON.stringify({
            error: { status: 'RESOURCE_EXHAUSTED', message: 'Too many requests in flight: at most 64 per connection.' },
          }),
        ]),
      );
      // What was acknowledged is stored, and only that; the connection takes the next message.
      const listed = await request<{ threads: unknown[] }>(socket, 'comments:list', { ...flight, pageSize: 1000 });
      expect(listed.threads).toHaveLength(added);
    } finally {
      socket.close();
    }
  });
});
