import fc from 'fast-check';
import { Socket } from 'socket.io-client';
import WebSocket from 'ws';
import { CLIENT_EVENTS } from '../../libs/realtime/client-events';
import { clientLimit } from '../../libs/realtime-hub/client-limits';
import { RunningApi } from '../support/processes';
import { DocumentRef, FuzzInstances } from '../support/fuzz-instances';
import { Ack, request } from '../support/realtime-client';

const LONG = 240_000;
const DOCUMENTS: DocumentRef[] = [
  { organizationId: 'org-fz', documentId: 'doc-fz' },
  { organizationId: 'org-fz', documentId: 'doc-fz-2' },
];
/** Batches of generated messages per instance, each followed by the checks; FUZZ_SOCKET_BATCHES raises it for a soak. */
const BATCHES = Number(process.env.FUZZ_SOCKET_BATCHES ?? 12);
const BATCH = 40;
const RAW_SESSIONS = 150;
/** Messages of one burst, each with an ack, sent without waiting for any answer. */
const BURST = 300;
/** Names socket.io-client refuses to emit itself: they never reach the server from a client. */
const CLIENT_RESERVED = new Set([
  'connect',
  'connect_error',
  'disconnect',
  'disconnecting',
  'newListener',
  'removeListener',
]);

/** One generated message: an event name, its arguments, and whether a function ack follows them. */
interface Message {
  event: string;
  args: unknown[];
  withAck: boolean;
}

/**
 * Hostile input on the socket surface (issue 36, item 7). Every client event of the gateway's own list
 * gets generated argument lists (0 to 6 arguments of every type, binary, deep nesting, oversize values,
 * prototype keys, unpaired surrogates) from an end user of one tenant on both instances; raw engine.io
 * and socket.io packets follow. After each batch both instances answer /health, no handler error was
 * counted, the other tenant's clients on the documents of the same ids still hear each other across
 * instances, and every document reads back over REST.
 */
describe('fuzz: socket events and raw packets on two instances', () => {
  let instances: FuzzInstances;
  let baseline: number;
  let sent = 0;

  beforeAll(async () => {
    instances = await FuzzInstances.start({ documents: DOCUMENTS, editors: ['mallory', 'ctl-a', 'ctl-b'] });
    await instances.connectControls({ actor: 'ctl-a', watcher: 'ctl-b' });
    baseline = await instances.handlerErrors();
    expect(baseline).toBe(0);
  }, LONG);

  afterAll(async () => {
    const alarming = instances?.alarmingLines() ?? [];
    await instances?.stop();
    expect(alarming.slice(0, 3)).toEqual([]);
  }, LONG);

  it(
    `answers ${BATCHES} batches of ${BATCH} generated messages per instance over all ${CLIENT_EVENTS.length} events`,
    async () => {
      const started = Date.now();
      const attackers = await Promise.all(instances.apis.map((api) => Attacker.connect(instances, api)));
      await fc.assert(
        fc.asyncProperty(fc.array(message, { minLength: BATCH * 2, maxLength: BATCH * 2 }), async (batch) => {
          await Promise.all(
            attackers.map((attacker, index) => attacker.send(batch.slice(index * BATCH, (index + 1) * BATCH))),
          );
          sent += batch.length;
          for (const attacker of attackers) expect(attacker.dropped).toEqual([]);
          await instances.checkBatch(baseline);
        }),
        { numRuns: BATCHES, endOnFailure: true },
      );
      for (const attacker of attackers) attacker.close();
      const seconds = (Date.now() - started) / 1000;
      console.log(`fuzz: ${sent} generated socket messages in ${seconds.toFixed(1)} s`);
    },
    LONG,
  );

  it(
    `answers bursts of ${BURST} generated messages sent at once, past the ${clientLimit('requests in flight')} requests in flight`,
    async () => {
      const attackers = await Promise.all(instances.apis.map((api) => Attacker.connect(instances, api)));
      // Valid lists among them fill the flight, so the generated ones meet the bound as often as not.
      const list: Message = { event: 'comments:list', args: [DOCUMENTS[0]], withAck: true };
      await fc.assert(
        fc.asyncProperty(
          fc.array(
            fc.oneof(
              message.map((generated) => ({ ...generated, withAck: true })),
              fc.constant(list),
            ),
            {
              minLength: BURST,
              maxLength: BURST,
            },
          ),
          async (burst) => {
            await Promise.all(attackers.map((attacker) => attacker.send(burst)));
            for (const attacker of attackers) expect(attacker.dropped).toEqual([]);
            await instances.checkBatch(baseline);
          },
        ),
        { numRuns: 3, endOnFailure: true },
      );
      for (const attacker of attackers) attacker.close();
    },
    LONG,
  );

  it(
    `survives ${RAW_SESSIONS} sessions of raw engine.io and socket.io packets`,
    async () => {
      const auth = await instances.handshake(instances.attacker, 'mallory');
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...instances.apis),
          fc.array(rawFrame, { minLength: 1, maxLength: 5 }),
          async (api, frames) => {
            await rawSession(api, auth, frames);
          },
        ),
        { numRuns: RAW_SESSIONS, endOnFailure: true },
      );
      await instances.checkBatch(baseline);
    },
    LONG,
  );

  it.each([
    ['size', [{ ...DOCUMENTS[0], pageToken: 'x'.repeat(clientLimit('socket message') + 100_000) }]],
    ['binary attachments', Array.from({ length: clientLimit('binary attachments') + 1 }, () => Buffer.from([1]))],
  ])(
    'closes the connection of a message over the socket message %s limit, and serves its next one',
    async (_, args) => {
      const attacker = await Attacker.connect(instances, instances.apis[0]);
      attacker.socket.emit('comments:list', ...args);
      await new Promise((resolve) => attacker.socket.once('disconnect', resolve));
      expect(attacker.dropped).toEqual(['transport close']);
      attacker.close();
      const next = await Attacker.connect(instances, instances.apis[0]);
      expect((await request(next.socket, 'comments:list', DOCUMENTS[0])).status).toBe('success');
      next.close();
      await instances.checkBatch(baseline);
    },
    LONG,
  );
});

/** An end user of the attacking tenant on one instance, subscribed to every document. */
class Attacker {
  readonly dropped: string[] = [];

  private constructor(readonly socket: Socket) {
    socket.on('disconnect', (reason) => this.dropped.push(reason));
  }

  static async connect(instances: FuzzInstances, api: RunningApi): Promise<Attacker> {
    const socket = await instances.socket(instances.attacker, 'mallory', api);
    for (const doc of DOCUMENTS) await socket.timeout(5000).emitWithAck('subscribe', doc);
    return new Attacker(socket);
  }

  /** Sends the messages at once; each with an ack must be answered with a success or a refusal, never INTERNAL. */
  async send(messages: Message[]): Promise<void> {
    await Promise.all(
      messages.map(async ({ event, args, withAck }) => {
        if (!withAck) return void this.socket.emit(event, ...args);
        const answer = (await this.socket.timeout(10_000).emitWithAck(event, ...args)) as Ack;
        expectAnswer(answer, { event, args });
      }),
    );
  }

  close(): void {
    this.socket.removeAllListeners('disconnect');
    this.socket.close();
  }
}

function expectAnswer(answer: Ack, sent: { event: string; args: unknown[] }): void {
  const context = () => `${JSON.stringify(answer).slice(0, 300)} for ${fc.stringify(sent).slice(0, 500)}`;
  if (answer?.status === 'success') return;
  const error = answer?.error;
  if (typeof error?.status !== 'string' || typeof error.message !== 'string')
    throw new Error(`not an envelope: ${context()}`);
  if (error.status === 'INTERNAL') throw new Error(`INTERNAL: ${context()}`);
}

/** Strings that break things: empty, NUL, lone surrogates, emoji, over-limit lengths, SQL and JSON look-alikes. */
const nastyString: fc.Arbitrary<string> = fc.oneof(
  { weight: 20, arbitrary: fc.string({ maxLength: 30 }) },
  { weight: 10, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  {
    weight: 10,
    arbitrary: fc.constantFrom(
      '',
      '\u0000',
      'a\u0000b',
      '\ud800',
      '\udfff\ud800',
      'x\udc00',
      '🙂'.repeat(300),
      "'; DROP TABLE comment; --",
      '{"__proto__":1}',
      '0',
      '-1',
      '9'.repeat(30),
      'ALL',
      'MINE',
    ),
  },
  { weight: 3, arbitrary: fc.integer({ min: 257, max: 20_000 }).map((n) => 'x'.repeat(n)) },
  { weight: 10, arbitrary: fc.constantFrom(...DOCUMENTS.flatMap((doc) => [doc.organizationId, doc.documentId])) },
);

const binary: fc.Arbitrary<unknown> = fc
  .uint8Array({ maxLength: 64 })
  .chain((bytes) => fc.constantFrom<unknown>(Buffer.from(bytes), bytes, bytes.buffer));

const FIELD_NAMES = [
  'organizationId',
  'documentId',
  'annotationId',
  'commentId',
  'comment',
  'commentText',
  'data',
  'event',
  'notificationIds',
  'read',
  'pageSize',
  'pageToken',
  'since',
  'query',
  'limit',
  'icon',
  'status',
  'priority',
  'assignedTo',
  'visibility',
  'config',
  'from',
  'userId',
  'location',
  'context',
  'liveStateDataId',
  'unread',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
];
const fieldName = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom(...FIELD_NAMES) },
  { weight: 1, arbitrary: nastyString },
);

const leaf: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 10, arbitrary: nastyString },
  { weight: 4, arbitrary: fc.integer() },
  { weight: 2, arbitrary: fc.double() },
  { weight: 2, arbitrary: fc.constantFrom(0, 1, 100, 101, 1000, 1001, -1, Number.MAX_SAFE_INTEGER + 2) },
  { weight: 3, arbitrary: fc.boolean() },
  { weight: 2, arbitrary: fc.constant(null) },
  { weight: 2, arbitrary: binary },
);

const { tree } = fc.letrec<{ tree: unknown }>((tie) => ({
  tree: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    fc.array(tie('tree'), { maxLength: 5 }),
    fc.dictionary(fieldName, tie('tree'), { maxKeys: 5 }),
  ),
}));

/** `levels` levels of `{a: ...}`, up to where the client library's own recursive binary scan still copes. */
const deep: fc.Arbitrary<unknown> = fc.integer({ min: 30, max: 400 }).map((levels) => {
  let value: unknown = 'bottom';
  for (let i = 0; i < levels; i++) value = { a: value };
  return value;
});

/** An object with `__proto__` as an own key (as JSON.parse makes it), beside a plausible document reference. */
const prototypeKeys: fc.Arbitrary<unknown> = fc
  .constantFrom('__proto__', 'constructor', 'prototype')
  .chain((key) =>
    fc.constantFrom<unknown>(
      JSON.parse(`{"${key}": {"polluted": true}, "organizationId": "org-fz", "documentId": "doc-fz"}`),
      JSON.parse(`{"organizationId": "org-fz", "documentId": "doc-fz", "data": {"${key}": {"polluted": true}}}`),
      JSON.parse(`{"organizationId": "org-fz", "documentId": "doc-fz", "event": [{"${key}": 1}]}`),
    ),
  );

/** A payload close to a real one: a document of the world with some fields added, replaced or broken. */
const plausible: fc.Arbitrary<unknown> = fc
  .tuple(fc.constantFrom(...DOCUMENTS), fc.dictionary(fieldName, fc.oneof(leaf, tree, deep), { maxKeys: 4 }))
  .map(([doc, extra]) => ({ ...doc, ...extra }));

/** Oversize values that still fit in one socket message. */
const oversize: fc.Arbitrary<unknown> = fc
  .integer({ min: 70_000, max: 300_000 })
  .chain((n) => fc.constantFrom<unknown>('y'.repeat(n), { ...DOCUMENTS[0], data: { blob: 'y'.repeat(n) } }));

const argument: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: plausible },
  { weight: 1, arbitrary: oversize },
  { weight: 4, arbitrary: tree },
  { weight: 1, arbitrary: deep },
  { weight: 1, arbitrary: prototypeKeys },
);

const eventName: fc.Arbitrary<string> = fc
  .oneof(
    { weight: 12, arbitrary: fc.constantFrom(...CLIENT_EVENTS) },
    {
      weight: 1,
      arbitrary: fc.oneof(
        nastyString,
        fc.constantFrom('error', '__proto__', 'constructor', 'hasOwnProperty', 'refused'),
      ),
    },
  )
  .filter((name) => !CLIENT_RESERVED.has(name));

/**
 * Messages within the socket message limits of size and binary attachments (one over either closes the
 * connection: their own test below).
 */
const message: fc.Arbitrary<Message> = fc
  .record({ event: eventName, args: fc.array(argument, { maxLength: 6 }), withAck: fc.boolean() })
  .filter(
    ({ event, args }) =>
      Buffer.byteLength(JSON.stringify([event, ...args])) < 900_000 &&
      binaryValues(args) <= clientLimit('binary attachments'),
  );

/** The binary values anywhere in `value`: socket.io sends each as an attachment. */
function binaryValues(value: unknown): number {
  if (value instanceof ArrayBuffer || ArrayBuffer.isView(value)) return 1;
  if (typeof value !== 'object' || value === null) return 0;
  return Object.values(value).reduce((sum: number, child) => sum + binaryValues(child), 0);
}

/** A raw text or binary frame on the websocket: engine.io packets with socket.io inside, or garbage. */
const rawFrame: fc.Arbitrary<string | Buffer> = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 64 }),
  fc
    .tuple(fc.constantFrom('0', '1', '2', '3', '4', '5', '6', '7', '9'), fc.string({ maxLength: 32 }))
    .map(([t, s]) => t + s),
  fc
    .tuple(
      fc.constantFrom('0', '1', '2', '3', '4', '5', '6', '7'),
      fc.constantFrom('', '0', '1-', '2-', '99-', '-1-', '/admin,', '12'),
      fc.oneof(
        fc.constantFrom(
          '["comments:list",{"organizationId":"org-fz","documentId":"doc-fz"}]',
          '["presence:set",{"organizationId":"org-fz","documentId":"doc-fz","data":{"_placeholder":true,"num":0}}]',
          '["comments:list",{"_placeholder":true,"num":7}]',
          '[42,{}]',
          '[]',
          '[null]',
          '{}',
          '"x"',
          '["error","boom"]',
          '["__proto__",{}]',
          '[',
        ),
        fc.json({ maxDepth: 3 }),
      ),
    )
    .map(([type, prefix, body]) => `4${type}${prefix}${body}`),
  fc.uint8Array({ maxLength: 64 }).map((bytes) => Buffer.from(bytes)),
);

/**
 * Opens a websocket at the engine.io endpoint, connects the socket.io namespace with a valid token, then
 * writes the frames.
 */
async function rawSession(api: RunningApi, auth: { apiKey: string; token: string }, frames: Array<string | Buffer>) {
  const ws = new WebSocket(`ws://127.0.0.1:${api.port}/realtime/?EIO=4&transport=websocket`);
  const closed = new Promise<void>((resolve) => ws.once('close', () => resolve()));
  ws.on('error', () => undefined);
  try {
    await new Promise<void>((resolve, reject) => {
      ws.once('message', () => resolve());
      ws.once('close', () => reject(new Error('closed before the engine.io open packet')));
    });
    const connected = new Promise<void>((resolve) => ws.once('message', () => resolve()));
    ws.send(`40${JSON.stringify(auth)}`);
    await connected;
    for (const frame of frames) if (ws.readyState === WebSocket.OPEN) ws.send(frame);
    // The server answers, ignores or closes; the checks after the sessions tell whether it stayed whole.
    await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 200))]);
  } finally {
    ws.terminate();
  }
}
