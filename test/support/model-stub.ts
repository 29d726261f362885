import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createServer, IncomingHttpHeaders, Server, ServerResponse } from 'node:http';
import { freePort } from './processes';

/** One request the stub received, its body parsed. */
export interface ModelRequest {
  path: string;
  headers: IncomingHttpHeaders;
  body: {
    model?: string;
    messages?: Array<{ role: string; content: string }>;
    response_format?: { type: string; json_schema?: { name: string; schema: JsonSchema } };
    input?: string[] | string;
  };
}

/**
 * How the next answers behave: as usual (`ok`, to let one through before a misbehaviour), a chat
 * content that is not JSON, JSON that fits no schema, a refusal, a body that is not JSON at all, a
 * 500, a 429, an answer that comes after `slowMs`, or a request held until `release()`.
 */
export type Misbehaviour =
  'ok' | 'bad-json' | 'wrong-schema' | 'refusal' | 'broken-body' | '500' | '429' | 'slow' | 'hold';

/** What a chat answer's content is, from the request; a non-string is sent as JSON. */
export type Responder = (request: ModelRequest) => unknown;

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  minItems?: number;
}

/** The smallest value that fits a schema: the stub's deterministic answer to a structured request. */
export function minimalValue(schema: JsonSchema): unknown {
  if (schema.enum) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object':
      return Object.fromEntries(
        (schema.required ?? []).map((key) => [key, minimalValue(schema.properties?.[key] ?? {})]),
      );
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => minimalValue(schema.items ?? {}));
    case 'number':
    case 'integer':
      return 0;
    case 'boolean':
      return false;
    case 'null':
      return null;
    default:
      return 'stub';
  }
}

/** Dimensions of the stub's embeddings. */
export const STUB_DIMENSIONS = 64;

/**
 * A deterministic bag-of-words embedding: each lower-cased word adds to one of 64 buckets (by hash),
 * then the vector is normalised. Texts that share words are close, so search and ranking can be tested.
 */
export function stubEmbedding(text: string): number[] {
  const vector = new Array<number>(STUB_DIMENSIONS).fill(0);
  for (const word of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    vector[createHash('sha256').update(word).digest().readUInt16BE(0) % STUB_DIMENSIONS] += 1;
  }
  const norm = Math.sqrt(vector.reduce((sum, v) => sum + v * v, 0)) || 1;
  return vector.map((v) => v / norm);
}

/** The schema's minimal value for a structured request, else `stub: <last user message>`. */
export const defaultResponder: Responder = (request) => {
  const schema = request.body.response_format?.json_schema?.schema;
  if (schema) return minimalValue(schema);
  const last = [...(request.body.messages ?? [])].reverse().find((m) => m.role === 'user');
  return `stub: ${last?.content ?? ''}`;
};

const words = (text: string) => (text.match(/\S+/g) ?? []).length;

/**
 * A local OpenAI-compatible model API (`POST /v1/chat/completions`, `POST /v1/embeddings`) for the
 * tests: answers deterministically, records each request, and misbehaves on demand.
 */
export class ModelStub {
  readonly requests: ModelRequest[] = [];
  /** The chat content for a request; by default `defaultResponder`'s. */
  respond: Responder = defaultResponder;
  /** How long a `slow` answer waits. */
  slowMs = 10_000;
  private readonly queued: Misbehaviour[] = [];
  private readonly held = new Set<() => void>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private server: Server | null = null;

  private constructor(readonly port: number) {}

  static async start(): Promise<ModelStub> {
    const stub = new ModelStub(await freePort());
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => stub.handle(req.url ?? '/', req.headers, Buffer.concat(chunks).toString('utf8'), res));
    });
    server.keepAliveTimeout = 1000;
    server.listen(stub.port, '127.0.0.1');
    await once(server, 'listening');
    stub.server = server;
    return stub;
  }

  /** The base URL to configure (`AI_BASE_URL`, or an API key's `baseUrl`). */
  get url(): string {
    return `http://127.0.0.1:${this.port}/v1`;
  }

  /** The next `times` answers behave this way (queued after any behaviour still pending). */
  misbehave(behaviour: Misbehaviour, times = 1): void {
    for (let i = 0; i < times; i++) this.queued.push(behaviour);
  }

  /** Answers every held request normally. */
  release(): void {
    for (const answer of this.held) answer();
    this.held.clear();
  }

  /** Requests to a path (`/v1/chat/completions`, `/v1/embeddings`). */
  requestsTo(path: string): ModelRequest[] {
    return this.requests.filter((request) => request.path === path);
  }

  /** Forgets recorded requests, pending misbehaviours and the responder. */
  reset(): void {
    this.requests.length = 0;
    this.queued.length = 0;
    this.respond = defaultResponder;
  }

  async close(): Promise<void> {
    for (const timer of this.timers) clearTimeout(timer);
    this.release();
    if (!this.server) return;
    this.server.closeAllConnections();
    this.server.close();
    await once(this.server, 'close');
  }

  private handle(path: string, headers: IncomingHttpHeaders, raw: string, res: ServerResponse): void {
    let body: ModelRequest['body'];
    try {
      body = JSON.parse(raw) as ModelRequest['body'];
    } catch {
      this.send(res, 400, { error: { message: 'request body is not JSON' } });
      return;
    }
    const request = { path, headers, body };
    this.requests.push(request);
    const behaviour = this.queued.shift();
    const answer = () => this.answer(request, behaviour, res);
    if (behaviour === 'hold') this.held.add(answer);
    else if (behaviour === 'slow') {
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        if (!res.destroyed) answer();
      }, this.slowMs);
      this.timers.add(timer);
    } else answer();
  }

  private answer(request: ModelRequest, behaviour: Misbehaviour | undefined, res: ServerResponse): void {
    if (res.destroyed) return;
    if (behaviour === '500') return this.send(res, 500, { error: { message: 'stub failure' } });
    if (behaviour === '429') return this.send(res, 429, { error: { message: 'slow down' } }, { 'retry-after': '0' });
    if (behaviour === 'broken-body') {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"choices": [');
      return;
    }
    if (request.path === '/v1/embeddings') return this.embeddings(request, res);
    if (request.path !== '/v1/chat/completions') return this.send(res, 404, { error: { message: 'unknown path' } });
    const model = request.body.model ?? 'stub-model';
    const prompt = (request.body.messages ?? []).reduce((sum, m) => sum + words(m.content), 0);
    if (behaviour === 'refusal') {
      return this.send(res, 200, {
        id: 'chatcmpl-stub',
        object: 'chat.completion',
        model,
        choices: [
          {
            index: 0,
            message: { role: 'assistant', content: null, refusal: 'I cannot help with that.' },
            finish_reason: 'stop',
          },
        ],
        usage: { prompt_tokens: prompt, completion_tokens: 0, total_tokens: prompt },
      });
    }
    const produced =
      behaviour === 'bad-json'
        ? 'Sure! Here are the findings: {not json'
        : behaviour === 'wrong-schema'
          ? { unexpected: true }
          : this.respond(request);
    const content = typeof produced === 'string' ? produced : JSON.stringify(produced);
    this.send(res, 200, {
      id: 'chatcmpl-stub',
      object: 'chat.completion',
      model,
      choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
      usage: { prompt_tokens: prompt, completion_tokens: words(content), total_tokens: prompt + words(content) },
    });
  }

  private embeddings(request: ModelRequest, res: ServerResponse): void {
    const input = request.body.input;
    const texts = Array.isArray(input) ? input : [input ?? ''];
    const prompt = texts.reduce((sum, text) => sum + words(text), 0);
    this.send(res, 200, {
      object: 'list',
      model: request.body.model ?? 'stub-embedding',
      data: texts.map((text, index) => ({ object: 'embedding', index, embedding: stubEmbedding(text) })),
      usage: { prompt_tokens: prompt, total_tokens: prompt },
    });
  }

  private send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
    res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
  }
}
