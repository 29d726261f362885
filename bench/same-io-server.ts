import { createServer, IncomingMessage, ServerResponse } from 'node:http';
import { HOT_ROUTE_WORK, openBackends, verifyApiKey } from './support/hot-route-work';

/**
 * Same-I/O baseline for bench/routes.bench.ts: a bare node:http server that reads the JSON body,
 * does the API's per-request auth (hash + 5 s cache) and runs each hot route's statements and Redis
 * commands (support/hot-route-work.ts), answering the same envelope. Prints its port when ready.
 */
const backends = openBackends(process.env);

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

async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const work = HOT_ROUTE_WORK[req.url ?? ''];
  if (req.method !== 'POST' || !work)
    return send(res, 404, { error: { status: 'NOT_FOUND', message: 'No such route.' } });
  const apiKeyId = await verifyApiKey(
    backends.pool,
    req.headers['x-svc-api-key'] as string | undefined,
    req.headers['x-svc-auth-token'] as string | undefined,
  );
  if (!apiKeyId) return send(res, 401, { error: { status: 'UNAUTHENTICATED', message: 'Invalid credentials.' } });
  const body = JSON.parse(await readBody(req)) as { data: Record<string, unknown> };
  send(res, 200, await work(backends, apiKeyId, body.data));
}

const server = createServer((req, res) => {
  handle(req, res).catch((error: unknown) => send(res, 500, { error: { status: 'INTERNAL', message: String(error) } }));
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(`${typeof address === 'object' && address ? address.port : 0}\n`);
});
process.on('SIGTERM', () => {
  server.close();
  void backends.close().finally(() => process.exit(0));
});
