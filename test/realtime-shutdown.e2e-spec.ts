import { io, Socket } from 'socket.io-client';
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
});
