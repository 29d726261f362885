import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import { decodeJwt } from 'jose';
import { createServer } from 'node:http';
import { AddressInfo } from 'node:net';
import { Server } from 'socket.io';

/**
 * Yardstick for bench/cursors.bench.ts and bench/broadcasts.bench.ts: a bare socket.io server on
 * node:http with the API's Redis adapter (same package, same `<REDIS_PREFIX>:socket.io` key), doing
 * the fan-out and nothing else: `subscribe` joins the document's room; `presence:set` is sent on to
 * the room's other sockets as `presence:data`, `event:broadcast` as one `event` each, in the API's
 * shapes (no ack, as @collab-backend/realtime sends them none). The handshake's token is decoded for the
 * user's id and name, not verified. Prints its port when ready.
 */
interface DocumentRef {
  organizationId: string;
  documentId: string;
}

const roomOf = ({ organizationId, documentId }: DocumentRef) => `${organizationId}/${documentId}`;

const pub = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
const sub = pub.duplicate();
const http = createServer();
const io = new Server(http, {
  path: '/realtime',
  serveClient: false,
  adapter: createAdapter(pub, sub, { key: `${process.env.REDIS_PREFIX ?? 'bench'}:socket.io` }),
});

io.on('connection', (socket) => {
  const { userId, name } = decodeJwt(String((socket.handshake.auth as { token?: unknown }).token));
  socket.on('subscribe', (document: DocumentRef, ack: (response: unknown) => void) => {
    void socket.join(roomOf(document));
    ack({ status: 'success' });
  });
  socket.on('presence:set', ({ organizationId, documentId, data }: DocumentRef & { data: unknown }) => {
    socket
      .to(roomOf({ organizationId, documentId }))
      .emit('presence:data', { organizationId, documentId, connectionId: socket.id, userId, name, data });
  });
  socket.on('event:broadcast', ({ organizationId, documentId, event }: DocumentRef & { event: unknown }) => {
    socket
      .to(roomOf({ organizationId, documentId }))
      .emit('event', { organizationId, documentId, connectionId: socket.id, userId, event });
  });
});

http.listen(0, '127.0.0.1', () => process.stdout.write(`${(http.address() as AddressInfo).port}\n`));
process.on('SIGTERM', () => {
  void io.close();
  pub.disconnect();
  sub.disconnect();
  process.exit(0);
});
