import { createServer, IncomingMessage, ServerResponse } from 'node:http';
import { Backends, verifyApiKey } from './hot-route-work';

/** One route of a bare server: the verified API key and the request's `data`, answering the envelope. */
export type BareRoute = (apiKeyId: string, data: Record<string, unknown>) => Promise<unknown>;

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function send(res: ServerResponse, status: number, body: unknown): void {
  const bytes = Buffer.from(JSON.stringify(body));
  res
    .writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': bytes.length })
    .end(bytes);
}

/**
 * The yardsticks' node:http server: POST routes by path, the API's per-request auth (support/hot-route-work.ts),
 * the JSON body's `data` to the route. Prints its port when ready; on SIGTERM closes, then runs `close`.
 */
export function serveBare(backends: Backends, routes: Record<string, BareRoute>, close: () => Promise<unknown>): void {
  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const route = routes[req.url ?? ''];
    if (req.method !== 'POST' || !route)
      return send(res, 404, { error: { status: 'NOT_FOUND', message: 'No such route.' } });
    const apiKeyId = await verifyApiKey(
      backends.pool,
      req.headers['x-svc-api-key'] as string | undefined,
      req.headers['x-svc-auth-token'] as string | undefined,
    );
    if (!apiKeyId) return send(res, 401, { error: { status: 'UNAUTHENTICATED', message: 'Invalid credentials.' } });
    const body = JSON.parse(await readBody(req)) as { data: Record<string, unknown> };
    send(res, 200, await route(apiKeyId, body.data));
  }
  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) =>
      send(res, 500, { error: { status: 'INTERNAL', message: String(error) } }),
    );
  });
  server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    process.stdout.write(`${typeof address === 'object' && address ? address.port : 0}\n`);
  });
  process.on('SIGTERM', () => {
    server.close();
    void close().finally(() => process.exit(0));
  });
}
