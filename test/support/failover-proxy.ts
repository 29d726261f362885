import { once } from 'node:events';
import { connect, createServer, Server, Socket } from 'node:net';

/**
 * A TCP load balancer in its simplest form: each connection goes to the first target that accepts it,
 * so clients of an instance that died land on the next one when they reconnect.
 */
export class FailoverProxy {
  private server?: Server;
  private readonly sockets = new Set<Socket>();
  port = 0;

  constructor(private readonly targetPorts: number[]) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<this> {
    this.server = createServer((client) => {
      client.pause();
      this.track(client);
      const tryTarget = (index: number): void => {
        if (index >= this.targetPorts.length || client.destroyed) {
          client.destroy();
          return;
        }
        const upstream = connect(this.targetPorts[index], '127.0.0.1');
        upstream.once('error', () => tryTarget(index + 1));
        upstream.once('connect', () => {
          upstream.removeAllListeners('error');
          this.track(upstream);
          client.pipe(upstream).pipe(client);
          client.resume();
          client.on('close', () => upstream.destroy());
          upstream.on('close', () => client.destroy());
        });
      };
      tryTarget(0);
    });
    this.server.listen(0, '127.0.0.1');
    await once(this.server, 'listening');
    this.port = (this.server.address() as { port: number }).port;
    return this;
  }

  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise((resolve) => this.server?.close(resolve));
  }

  private track(socket: Socket): void {
    this.sockets.add(socket);
    socket.on('close', () => this.sockets.delete(socket));
    socket.on('error', () => undefined);
  }
}
