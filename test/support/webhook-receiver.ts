import { once } from 'node:events';
import { createServer, IncomingHttpHeaders, Server } from 'node:http';
import { freePort } from './processes';

export interface ReceivedWebhook {
  headers: IncomingHttpHeaders;
  body: string;
  receivedAt: number;
}

export interface Reply {
  status: number;
  headers?: Record<string, string>;
  delayMs?: number;
  /** The response body; `ok` when not given. */
  body?: string;
}

/** A real HTTP endpoint for deliveries: records every request and answers as `reply` says. */
export class WebhookReceiver {
  readonly received: ReceivedWebhook[] = [];
  reply: (request: ReceivedWebhook, index: number) => Reply = () => ({ status: 200 });
  private server: Server | null = null;
  /** Replies still held back by `delayMs`; cleared on down() so a held request keeps no timer alive. */
  private readonly pending = new Set<NodeJS.Timeout>();

  private constructor(readonly port: number) {}

  static async start(): Promise<WebhookReceiver> {
    const receiver = new WebhookReceiver(await freePort());
    await receiver.up();
    return receiver;
  }

  url(path = '/hook'): string {
    return `http://127.0.0.1:${this.port}${path}`;
  }

  async up(): Promise<void> {
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const request = { headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), receivedAt: Date.now() };
        const index = this.received.push(request) - 1;
        const reply = this.reply(request, index);
        const timer = setTimeout(() => {
          this.pending.delete(timer);
          res.writeHead(reply.status, reply.headers).end(reply.body ?? 'ok');
        }, reply.delayMs ?? 0);
        this.pending.add(timer);
      });
    });
    server.keepAliveTimeout = 1000;
    server.listen(this.port, '127.0.0.1');
    await once(server, 'listening');
    this.server = server;
  }

  async down(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = null;
    for (const timer of this.pending) clearTimeout(timer);
    this.pending.clear();
    server.closeAllConnections();
    server.close();
    await once(server, 'close');
  }

  /** The body of the `index`th request, parsed; `T` is the payload shape the caller expects. */
  json<T = unknown>(index: number): T {
    return JSON.parse(this.received[index].body) as T;
  }
}
