import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import { createServer, IncomingMessage, ServerResponse } from 'node:http';
import { Server } from 'socket.io';

/**
 * Baseline for bench/realtime.bench.ts: a bare socket.io server with the same Redis adapter
 * (POST /broadcast emits to a room).
 */

/** The body this server reads: `{ data: { room, payload } }`. */
interface BareRequest {
  data: { room: string; payload: unknown };
}

function readJson(req: IncomingMessage): Promise<BareRequest> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      try {
        resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')) as BareRequest);
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
  });
}

function reply(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

const http = createServer((req, res) => {
  readJson(req).then(
    (body) => {
      if (req.url !== '/broadcast')
        return reply(res, 404, { error: { status: 'NOT_FOUND', message: 'No such route.' } });
      io.to(body.data.room).emit('livestate', body.data.payload);
      reply(res, 200, {
        result: { status: 'success', message: 'Event broadcasted successfully.', data: { success: true } },
      });
    },
    () => reply(res, 400, { error: { status: 'INVALID_ARGUMENT', message: 'Malformed JSON body.' } }),
  );
});

const pub = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
const sub = pub.duplicate();
const io = new Server(http, {
  path: '/realtime',
  adapter: createAdapter(pub, sub, { key: `${process.env.REDIS_PREFIX ?? 'bench'}:socket.io` }),
});
io.on('connection', (socket) => {
  socket.on('subscribe', (room: string, ack: (response: unknown) => void) => {
    void socket.join(room);
    ack({ status: 'success' });
  });
});

http.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => process.stdout.write('Bare server ready\n'));
process.on('SIGTERM', () => {
  void io.close();
  pub.disconnect();
  sub.disconnect();
  process.exit(0);
});
