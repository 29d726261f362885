import fc from 'fast-check';
import http from 'node:http';
import { connect as tcpConnect } from 'node:net';
import { createTestEnvironment, TestEnvironment } from '../support/test-environment';
import { RunningApi, startApi } from '../support/processes';
import { createWorkspace, Credentials, Envelope } from '../support/http-client';
import { apiRoutes, FieldSketch, Route } from '../support/routes';
import { seedDocument } from '../support/seed';

/** At least this many generated requests per run (issue 7); FUZZ_REQUESTS raises it for a longer soak. */
const TARGET_REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 20_000);
const BATCH = 16;
const RAW_SOCKET_RUNS = 300;
const LONG = 240_000;

interface Sent {
  route: string;
  headers: Record<string, string>;
  body: Buffer;
}

interface Received {
  status: number;
  contentType: string;
  text: string;
}

/** The fields of a pino log line that say what failed. */
interface LogEntry {
  path?: string;
  req?: { url?: string };
  msg?: string;
  err?: { message?: string; stack?: string };
}

/**
 * Property-based requests over every POST route of the compiled app: wrong shapes, huge strings,
 * deep nesting, unicode and NUL, random and oversized headers, with valid and invalid credentials.
 * Every answer must be a JSON envelope below 500, and the API processes must log no crash or 500.
 */
describe('fuzz: generated requests over every POST route', () => {
  let world: TestEnvironment;
  let apis: RunningApi[];
  let owner: Credentials;
  let sent = 0;
  const agent = new http.Agent({ keepAlive: true, maxSockets: BATCH });

  beforeAll(async () => {
    world = await createTestEnvironment();
    apis = await Promise.all([startApi(world.env), startApi(world.env)]);
    owner = await createWorkspace(apis[0].url);
    await seedDocument(world, owner.apiKey, 'org', 'doc');
  }, LONG);

  afterAll(async () => {
    agent.destroy();
    const running = (apis ?? []).map((api) => api.child.exitCode === null && api.child.signalCode === null);
    await Promise.all((apis ?? []).map((api) => api.stop()));
    await world?.dispose();
    // Both processes lived through every request, with no unhandled rejection, uncaught exception or
    // error-level log line (a 500 is logged at level 50).
    expect(running).toEqual((apis ?? []).map(() => true));
    for (const api of apis ?? []) {
      const alarming = api
        .output()
        .split('\n')
        .filter((line) => /unhandled|uncaught|"level":(50|60)/i.test(line));
      expect(alarming.slice(0, 3).map(errorOf)).toEqual([]);
    }
  }, LONG);

  it(
    `answers ${TARGET_REQUESTS}+ generated requests with JSON envelopes and no 5xx`,
    async () => {
      const routes = apiRoutes().filter((route) => route.method === 'POST');
      expect(routes.length).toBeGreaterThan(40);
      const request = requestArbitrary(routes, owner);
      const started = Date.now();
      const runsPerApi = Math.ceil(TARGET_REQUESTS / BATCH / apis.length);
      await Promise.all(
        apis.map((api) =>
          fc.assert(
            fc.asyncProperty(fc.array(request, { minLength: BATCH, maxLength: BATCH }), async (batch) => {
              const answers = await Promise.all(batch.map((one) => send(api, one)));
              answers.forEach((answer, index) => expectEnvelope(batch[index], answer));
            }),
            { numRuns: runsPerApi },
          ),
        ),
      );
      const seconds = (Date.now() - started) / 1000;
      console.log(
        `fuzz: ${sent} generated requests over ${routes.length} POST routes and ${apis.length} API processes in ${seconds.toFixed(1)} s (${Math.round(sent / seconds)}/s)`,
      );
      expect(sent).toBeGreaterThanOrEqual(TARGET_REQUESTS);
    },
    LONG,
  );

  it(
    `answers ${RAW_SOCKET_RUNS} requests with bytes no HTTP client library would send (NUL and controls in headers, broken request lines)`,
    async () => {
      const before = sent;
      const route = fc.constantFrom(
        ...apiRoutes()
          .filter((r) => r.method === 'POST')
          .map((r) => r.path),
      );
      const junk = fc.string({
        unit: fc.integer({ min: 0, max: 0xff }).map((c) => String.fromCharCode(c)),
        maxLength: 64,
      });
      const rawRequest = fc.oneof(
        fc
          .tuple(route, junk)
          .map(
            ([path, value]) =>
              `POST ${path} HTTP/1.1\r\nHost: x\r\nx-svc-api-key: ${value}\r\ncontent-type: application/json\r\ncontent-length: 11\r\n\r\n{"data":{}}`,
          ),
        fc
          .tuple(route, junk)
          .map(([path, value]) => `POST ${path}${value} HTTP/1.1\r\nHost: x\r\ncontent-length: 0\r\n\r\n`),
        fc
          .tuple(route, junk)
          .map(([path, value]) => `POST ${path} HTTP/1.1\r\nHost: x\r\n${value}: 1\r\ncontent-length: 0\r\n\r\n`),
        fc
          .tuple(route, fc.integer({ min: 17_000, max: 40_000 }))
          .map(
            ([path, size]) =>
              `POST ${path} HTTP/1.1\r\nHost: x\r\nx-pad: ${'a'.repeat(size)}\r\ncontent-length: 0\r\n\r\n`,
          ),
        fc
          .tuple(route, junk)
          .map(
            ([path, value]) =>
              `POST ${path} HTTP/1.1\r\nHost: x\r\ntransfer-encoding: chunked\r\ncontent-type: application/json\r\n\r\n${value}\r\n0\r\n\r\n`,
          ),
      );
      const shortened = rawRequest.map((raw) => ({
        raw,
        [fc.toStringMethod]: () => JSON.stringify(raw.length > 300 ? `${raw.slice(0, 300)}...` : raw),
      }));
      await fc.assert(
        fc.asyncProperty(shortened, async ({ raw }) => {
          const answer = await sendRaw(apis[1].port, Buffer.from(raw, 'latin1'));
          sent++;
          if (answer === null) return; // The server may close a connection it cannot parse at all without a word.
          expectEnvelope({ route: raw, headers: {}, body: Buffer.alloc(0) }, answer);
        }),
        { numRuns: RAW_SOCKET_RUNS },
      );
      console.log(`fuzz: ${sent - before} raw-socket requests`);
    },
    LONG,
  );

  async function send(api: RunningApi, one: Sent): Promise<Received> {
    sent++;
    return new Promise((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port: api.port,
          path: one.route,
          method: 'POST',
          agent,
          headers: { ...one.headers, 'content-length': String(one.body.length) },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              contentType: String(res.headers['content-type'] ?? ''),
              text: Buffer.concat(chunks).toString('utf8'),
            }),
          );
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(one.body);
    });
  }
});

/** The gist of a log line: the route and the error's message and top frames, not megabytes of headers. */
function errorOf(line: string): unknown {
  try {
    const entry = JSON.parse(line) as LogEntry;
    return {
      path: entry.path ?? entry.req?.url,
      msg: entry.msg,
      error: entry.err?.message,
      stack: String(entry.err?.stack ?? '')
        .split('\n')
        .slice(0, 4)
        .join(' | '),
    };
  } catch {
    return line.slice(0, 500);
  }
}

/** Routes whose Velt page answers 200 with `result.success` (false with the reason, e.g. no model configured) instead of `result.status`. */
const SUCCESS_FLAG_ROUTES = new Set(['/v2/rewriter/ask-ai']);

function expectEnvelope(request: Sent, answer: Received): void {
  const describe = () => `${answer.status} ${answer.text.slice(0, 300)} for ${summarize(request)}`;
  if (answer.status >= 500 || answer.status < 200) throw new Error(`status ${describe()}`);
  if (!answer.contentType.startsWith('application/json'))
    throw new Error(`content-type "${answer.contentType}": ${describe()}`);
  let body: unknown;
  try {
    body = JSON.parse(answer.text);
  } catch {
    throw new Error(`not JSON: ${describe()}`);
  }
  const keys = body && typeof body === 'object' ? Object.keys(body) : [];
  // Each member is read only once `keys` shows it is the one present.
  const envelope = body as Envelope;
  const isResult =
    keys.length === 1 &&
    keys[0] === 'result' &&
    answer.status === 200 &&
    (envelope.result.status === 'success' ||
      (SUCCESS_FLAG_ROUTES.has(request.route) &&
        typeof (envelope.result as { success?: unknown }).success === 'boolean'));
  const isError =
    keys.length === 1 &&
    keys[0] === 'error' &&
    typeof envelope.error.status === 'string' &&
    typeof envelope.error.message === 'string' &&
    answer.status >= 400;
  if (!isResult && !isError) throw new Error(`not an envelope: ${describe()}`);
}

/** Writes raw bytes on a fresh connection and reads the answer until the server closes it. */
function sendRaw(port: number, bytes: Buffer): Promise<Received | null> {
  return new Promise((resolve, reject) => {
    const socket = tcpConnect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => socket.destroy(new Error('raw request got no answer within 5 s')), 5000);
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      // Answer complete once the announced body length has arrived; the server may keep the connection.
      const text = Buffer.concat(chunks).toString('latin1');
      const end = text.indexOf('\r\n\r\n');
      const length = /\r\ncontent-length: *(\d+)/i.exec(text.slice(0, end));
      if (end >= 0 && length && Buffer.concat(chunks).length >= end + 4 + Number(length[1])) socket.end();
    });
    socket.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    socket.on('close', () => {
      clearTimeout(timer);
      const raw = Buffer.concat(chunks);
      if (raw.length === 0) return resolve(null);
      const text = raw.toString('latin1');
      const end = text.indexOf('\r\n\r\n');
      const head = text.slice(0, end < 0 ? text.length : end);
      const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(head)?.[1] ?? 0);
      const contentType = /\r\ncontent-type: *([^\r]*)/i.exec(head)?.[1] ?? '';
      resolve({
        status,
        contentType,
        text: end < 0 ? '' : raw.subarray(Buffer.byteLength(text.slice(0, end + 4), 'latin1')).toString('utf8'),
      });
    });
    // Half-close after the bytes: an incomplete request then ends instead of waiting for the server's timeout.
    socket.end(bytes);
  });
}

const FIELD_NAMES = [
  'data',
  'id',
  'userId',
  'organizationId',
  'documentId',
  'folderId',
  'apiKey',
  'users',
  'documents',
  '__proto__',
  'constructor',
  'toString',
];
const PLAUSIBLE_IDS = [
  'org',
  'doc',
  'u1',
  'f1',
  'missing',
  'editor',
  'viewer',
  'public',
  'restricted',
  'testing',
  'comment.add',
];

/** Strings that break things: empty, NUL, lone surrogates, emoji, over-limit lengths, huge, SQL and JSON look-alikes. */
const nastyString: fc.Arbitrary<string> = fc.oneof(
  { weight: 30, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 15, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 20, arbitrary: fc.constantFrom(...PLAUSIBLE_IDS) },
  {
    weight: 10,
    arbitrary: fc.constantFrom(
      '',
      '\u0000',
      'a\u0000b',
      '\ud800',
      '\udfff\ud800',
      '😀'.repeat(200),
      "'; DROP TABLE organization; --",
      '{"data":{}}',
      '%00',
      '../../etc/passwd',
      'http://127.0.0.1:1/x',
      'x@mailinator.com',
      '2026-13-45T25:61:61Z',
    ),
  },
  { weight: 2, arbitrary: fc.integer({ min: 255, max: 1100 }).map((n) => 'x'.repeat(n)) },
  { weight: 1, arbitrary: fc.integer({ min: 2_000, max: 20_000 }).map((n) => 'é'.repeat(n)) },
);

const scalar: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 5, arbitrary: nastyString },
  { weight: 2, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.constantFrom(0, -1, 1001, 1.5, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, 5e-324) },
  { weight: 2, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
);

const { json: jsonValue } = fc.letrec<{ json: unknown }>((tie) => ({
  json: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { weight: 4, arbitrary: scalar },
    { weight: 1, arbitrary: fc.array(tie('json'), { maxLength: 5 }) },
    {
      weight: 1,
      arbitrary: fc.dictionary(fc.oneof(fc.constantFrom(...FIELD_NAMES), fc.string({ maxLength: 10 })), tie('json'), {
        maxKeys: 5,
      }),
    },
  ),
}));

/** Objects of the route's own DTO fields (so requests get past the envelope into validation and services), with any values. */
function dataFor(fields: FieldSketch, depth = 0): fc.Arbitrary<Record<string, unknown>> {
  const names = Object.keys(fields);
  const value = (name: string): fc.Arbitrary<unknown> => {
    const field = fields[name];
    const nested = field.nested && depth < 3 ? dataFor(field.nested, depth + 1) : null;
    const wellShaped: fc.Arbitrary<unknown> = field.array
      ? fc.array(nested ?? scalar, { minLength: 0, maxLength: 4 })
      : (nested ?? scalar);
    // Arrays at the 1000-item limit are costly to generate and to validate: a few per hundred requests.
    return fc.oneof(
      { weight: 40, arbitrary: wellShaped },
      { weight: 10, arbitrary: jsonValue },
      {
        weight: 1,
        arbitrary: fc.integer({ min: 999, max: 1002 }).map((n) => Array.from({ length: n }, (_, i) => `i${i}`)),
      },
    );
  };
  if (names.length === 0) return fc.dictionary(fc.string({ maxLength: 8 }), jsonValue, { maxKeys: 3 });
  return fc
    .tuple(
      fc.record(Object.fromEntries(names.map((name) => [name, value(name)])), { requiredKeys: [] }),
      fc.dictionary(fc.constantFrom(...FIELD_NAMES), jsonValue, { maxKeys: 2 }),
    )
    .map(([data, extra]) => ({ ...extra, ...data }));
}

function nested(depth: number): unknown {
  let value: unknown = 'bottom';
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { x: value };
  return value;
}

function bodyFor(route: Route): fc.Arbitrary<Buffer> {
  const json = (value: unknown) => Buffer.from(JSON.stringify(value) ?? 'null', 'utf8');
  // Weights are out of ~500, so the megabyte bodies stay a few dozen per run.
  return fc.oneof(
    { weight: 280, arbitrary: dataFor(route.fields).map((data) => json({ data })) },
    { weight: 40, arbitrary: dataFor(route.fields).map((data) => json(data)) },
    { weight: 40, arbitrary: jsonValue.map((data) => json({ data })) },
    { weight: 40, arbitrary: jsonValue.map(json) },
    {
      weight: 20,
      arbitrary: fc
        .integer({ min: 20, max: 1_500 })
        .map((depth) => json({ data: { organizationId: 'org', documentId: 'doc', data: nested(depth) } })),
    },
    {
      weight: 2,
      arbitrary: fc
        .integer({ min: 100_000, max: 1_100_000 })
        .map((size) => json({ data: { organizationId: 'org', documentId: 'doc', data: { blob: 'x'.repeat(size) } } })),
    },
    { weight: 20, arbitrary: fc.string({ maxLength: 200 }).map((text) => Buffer.from(text, 'utf8')) },
    { weight: 20, arbitrary: fc.uint8Array({ maxLength: 200 }).map((bytes) => Buffer.from(bytes)) },
    {
      weight: 20,
      arbitrary: fc
        .constantFrom('', '{', '{"data":', '{"data":{}}{}', '[]', 'null', '{"data":{"a":1,"a":2}}', '\ufeff{"data":{}}')
        .map((text) => Buffer.from(text, 'utf8')),
    },
  );
}

/** Header values a client library will send: latin-1, including UTF-8 bytes of any unicode. */
const headerValue: fc.Arbitrary<string> = fc.oneof(
  fc.string({
    unit: fc
      .integer({ min: 0x20, max: 0xff })
      .filter((c) => c !== 0x7f)
      .map((c) => String.fromCharCode(c)),
    maxLength: 40,
  }),
  fc.string({ unit: 'grapheme', maxLength: 20 }).map((text) => Buffer.from(text, 'utf8').toString('latin1')),
  fc.integer({ min: 250, max: 12_000 }).map((n) => 'k'.repeat(n)),
);

function headersFor(route: Route, owner: Credentials): fc.Arbitrary<Record<string, string>> {
  const valid =
    route.auth === 'workspace'
      ? { 'x-svc-workspace-id': owner.workspaceId, 'x-svc-auth-token': owner.workspaceToken }
      : { 'x-svc-api-key': owner.apiKey, 'x-svc-auth-token': owner.authToken };
  const auth = fc.oneof(
    { weight: 8, arbitrary: fc.constant(valid) },
    { weight: 1, arbitrary: fc.constant({ 'x-svc-api-key': owner.apiKey, 'x-svc-auth-token': `${owner.authToken}x` }) },
    {
      weight: 1,
      arbitrary: fc.constant({
        'x-svc-workspace-id': owner.workspaceId,
        'x-svc-api-key': owner.apiKey,
        'x-svc-auth-token': owner.workspaceToken,
      }),
    },
    {
      weight: 2,
      arbitrary: fc.record(
        { 'x-svc-api-key': headerValue, 'x-svc-workspace-id': headerValue, 'x-svc-auth-token': headerValue },
        { requiredKeys: [] },
      ),
    },
    { weight: 1, arbitrary: fc.constant({}) },
  );
  const contentType = fc.oneof(
    { weight: 12, arbitrary: fc.constant('application/json') },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        'application/json; charset=utf-8',
        'application/json; charset=latin1',
        'application/json; charset=utf-16',
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
        'application/merge-patch+json',
        '*/*',
        '',
      ),
    },
    { weight: 1, arbitrary: headerValue },
  );
  const extra = fc.dictionary(
    fc.oneof(
      fc.constantFrom(
        'content-encoding',
        'x-request-id',
        'x-forwarded-for',
        'accept',
        'origin',
        'authorization',
        'expect',
        'transfer-encoding',
        'cookie',
      ),
      fc.stringMatching(/^x-[a-z0-9-]{1,20}$/),
    ),
    fc.oneof(headerValue, fc.constantFrom('gzip', 'deflate', 'br', 'identity', 'bogus', '100-continue', 'chunked')),
    { maxKeys: 2 },
  );
  return fc.tuple(auth, contentType, extra).map(([credentials, type, more]) => {
    const headers: Record<string, string> = { ...(credentials as Record<string, string>), ...more };
    if (type !== '') headers['content-type'] = type;
    // The request sets content-length itself; these would make the request itself malformed on our side.
    delete headers['transfer-encoding'];
    delete headers.expect;
    return headers;
  });
}

function requestArbitrary(routes: Route[], owner: Credentials): fc.Arbitrary<Sent> {
  // One arbitrary per route, built once: building them per generated value costs more than the requests.
  const perRoute = routes.map((route) =>
    fc
      .record({ route: fc.constant(route.path), headers: headersFor(route, owner), body: bodyFor(route) })
      .map((sent) => Object.assign(sent, { [fc.toStringMethod]: () => summarize(sent) })),
  );
  return fc.oneof(...perRoute);
}

/** Counterexamples can carry megabytes: report them shortened. */
function summarize(request: Sent): string {
  const cut = (text: string) => (text.length > 300 ? `${text.slice(0, 300)}... (${text.length} chars)` : text);
  return `POST ${cut(request.route)} headers=${cut(JSON.stringify(request.headers))} body=${cut(request.body.toString('utf8'))}`;
}
