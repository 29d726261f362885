import { Queue } from 'bullmq';
import { createServer, IncomingMessage, ServerResponse } from 'node:http';
import { DEFAULT_JOB_OPTIONS } from '../libs/queue/queue.module';
import { addAnnotation, TenantSinks } from './support/comment-write-work';
import { openBackends, verifyApiKey } from './support/hot-route-work';

/**
 * The comment-write yardstick of bench/comment-writes.bench.ts: a bare node:http server doing the API's
 * per-request auth and `commentannotations/add`'s statements, publishes and job (support/comment-write-work.ts).
 * BARE_COMMENT_SINKS is a JSON object of each API key's sinks. Prints its port when ready.
 */
const backends = openBackends(process.env);
const queue = new Queue('webhook', {
  connection: { url: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379' },
  prefix: `${process.env.REDIS_PREFIX ?? 'bench'}:bull`,
  defaultJobOptions: DEFAULT_JOB_OPTIONS,
});
const sinks = JSON.parse(process.env.BARE_COMMENT_SINKS ?? '{}') as Record<string, TenantSinks>;

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
  if (req.method !== 'POST' || req.url !== '/v2/commentannotations/add')
    return send(res, 404, { error: { status: 'NOT_FOUND', message: 'No such route.' } });
  const apiKeyId = await verifyApiKey(
    backends.pool,
    req.headers['x-svc-api-key'] as string | undefined,
    req.headers['x-svc-auth-token'] as string | undefined,
  );
  if (!apiKeyId) return send(res, 401, { error: { status: 'UNAUTHENTICATED', message: 'Invalid credentials.' } });
  const body = JSON.parse(await readBody(req)) as { data: Parameters<typeof addAnnotation>[3] };
  const tenant = sinks[apiKeyId] ?? { activity: false, notification: false, immutableActivities: true };
  send(res, 200, await addAnnotation(backends, queue, apiKeyId, body.data, tenant));
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
  void Promise.all([queue.close(), backends.close()]).finally(() => process.exit(0));
});
