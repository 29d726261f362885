import { once } from 'node:events';
import { connect as tcpConnect, Socket as TcpSocket } from 'node:net';
import { io, Socket } from 'socket.io-client';
import { eventually } from './support/eventually';
import { createWorkspace } from './support/http-client';
import { startApi } from './support/processes';
import { userToken } from './support/realtime-client';
import { createTestEnvironment, TestEnvironment } from './support/test-environment';

/** A SIGTERM that lands while handshakes are still arriving must still end the process. */
describe('realtime gateway shutdown', () => {
  let world: TestEnvironment;

  beforeAll(async () => {
    world = await createTestEnvironment();
  });

  afterAll(async () => {
    await world?.dispose();
  });

  it('exits on SIGTERM with sockets connected and handshakes in flight, closing them as a transport close', async () => {
    const api = await startApi(world.env);
    const owner = await createWorkspace(api.url);
    const auth = await userToken(api.url, owner, 'ann');
    const sockets: Socket[] = [];
    // Why each connected socket was closed: a transport close is what socket.io clients reconnect from.
    const reasons: string[] = [];
    const open = () => {
      const socket = io(api.url, {
        path: '/realtime',
        auth,
        transports: ['websocket'],
        reconnection: false,
        forceNew: true,
      });
      socket.on('disconnect', (reason) => reasons.push(reason));
      sockets.push(socket);
    };
    for (let i = 0; i < 50; i++) open();
    const arriving = setInterval(() => {
      for (let i = 0; i < 10; i++) open();
    }, 5);
    try {
      await new Promise((resolve) => setTimeout(resolve, 200));
      const stopped = api.stop('SIGTERM');
      const deadline = new Promise((resolve) => setTimeout(() => resolve('still running after 15 s'), 15_000));
      expect(await Promise.race([stopped, deadline])).toBe('SIGTERM');
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(reasons.length).toBeGreaterThan(0);
      expect(reasons.filter((reason) => reason !== 'transport close')).toEqual([]);
    } finally {
      clearInterval(arriving);
      await api.stop('SIGKILL');
      for (const socket of sockets) socket.close();
    }
  }, 60_000);

  it('refuses a handshake that arrives once shutdown has begun, rather than opening a session and closing it', async () => {
    const api = await startApi(world.env);
    // A request whose body is still coming keeps the HTTP server's close waiting, and its connection open:
    // a handshake pipelined behind it reaches the server while it shuts down.
    const held = tcpConnect(api.port, '127.0.0.1');
    await once(held, 'connect');
    let answers = '';
    held.on('data', (chunk: Buffer) => (answers += chunk.toString('latin1')));
    held.write(
      'POST /v2/workspace/get HTTP/1.1\r\nHost: x\r\ncontent-type: application/json\r\ncontent-length: 11\r\n\r\n{"da',
    );
    try {
      const stopped = api.stop('SIGTERM');
      // The listener is closed (a new connection is refused) once shutdown reaches the HTTP server.
      await eventually(() => refusedConnection(api.port), { timeoutMs: 30_000, intervalMs: 100 });
      held.write('ta":{}}GET /realtime/?EIO=4&transport=polling HTTP/1.1\r\nHost: x\r\n\r\n');
      await eventually(() => expect(answers.match(/HTTP\/1\.1 \d{3}/g)).toHaveLength(2), { timeoutMs: 15_000 });
      const handshake = answers.slice(answers.lastIndexOf('HTTP/1.1'));
      expect(handshake).toMatch(/^HTTP\/1\.1 403/);
      expect(handshake).toContain('The server is shutting down: connect again.');
      expect(handshake).not.toContain('"sid"');
      expect(await stopped).toBe('SIGTERM');
    } finally {
      held.destroy();
      await api.stop('SIGKILL');
    }
  }, 60_000);
});

/** Resolves once a TCP connection to the port is refused; rejects while one is accepted. */
async function refusedConnection(port: number): Promise<void> {
  const probe: TcpSocket = tcpConnect(port, '127.0.0.1');
  const outcome = await new Promise<string>((resolve) => {
    probe.once('connect', () => resolve('accepted'));
    probe.once('error', () => resolve('refused'));
  });
  probe.destroy();
  if (outcome !== 'refused') throw new Error('the API still accepts connections');
}
