import { once } from 'node:events';
import { createServer, IncomingHttpHeaders } from 'node:http';
import { freePort } from './processes';

/** One resource of a permission query, as Velt sends it (data-models: PermissionQuery). */
export interface PermissionQueryResource {
  id: string;
  type: 'organization' | 'folder' | 'document';
  source: string;
  organizationId: string;
  parentFolderId?: string;
}

export interface PermissionQuery {
  data: { requests: Array<{ userId: string; resource: PermissionQueryResource }> };
}

export interface ReceivedQuery {
  headers: IncomingHttpHeaders;
  body: PermissionQuery;
}

export interface ProviderReply {
  status: number;
  body?: unknown;
  /** Holds the answer back this long (a provider that hangs). */
  delayMs?: number;
}

/** A real HTTP permission provider: records every query and answers as `reply` scripts it. */
export class PermissionProviderStub {
  readonly received: ReceivedQuery[] = [];
  reply: (query: ReceivedQuery) => ProviderReply = () => ({
    status: 200,
    body: { data: [], success: true, statusCode: 200 },
  });
  private readonly pending = new Set<NodeJS.Timeout>();

  private readonly server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const query = {
        headers: req.headers,
        body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as PermissionQuery,
      };
      this.received.push(query);
      const reply = this.reply(query);
      const timer = setTimeout(() => {
        this.pending.delete(timer);
        res.writeHead(reply.status, { 'content-type': 'application/json' }).end(JSON.stringify(reply.body ?? {}));
      }, reply.delayMs ?? 0);
      this.pending.add(timer);
    });
  });

  private constructor(readonly port: number) {
    this.server.keepAliveTimeout = 1000;
  }

  static async start(): Promise<PermissionProviderStub> {
    const stub = new PermissionProviderStub(await freePort());
    stub.server.listen(stub.port, '127.0.0.1');
    await once(stub.server, 'listening');
    return stub;
  }

  url(): string {
    return `http://127.0.0.1:${this.port}/check-permissions`;
  }

  async stop(): Promise<void> {
    for (const timer of this.pending) clearTimeout(timer);
    this.server.closeAllConnections();
    this.server.close();
    await once(this.server, 'close');
  }
}
