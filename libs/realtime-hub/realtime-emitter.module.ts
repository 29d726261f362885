import { Global, Injectable, Logger, Module, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import { Server } from 'socket.io';
import { AppConfig } from '@app/common';
import { RealtimeHub } from './realtime-hub';
import { RealtimeRevocation } from './realtime-revocation';

/**
 * Lets a process without sockets (the worker) reach the API instances' sockets: a socket.io server
 * that listens on nothing, joined to the same Redis adapter, so RealtimeHub emits and re-checks
 * travel to every API instance as if sent from one of them.
 */
@Injectable()
class HeadlessRealtimeServer implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('Realtime');
  private io: Server | null = null;
  private clients: Redis[] = [];

  constructor(
    private readonly config: AppConfig,
    private readonly hub: RealtimeHub,
  ) {}

  onModuleInit(): void {
    // Same channel key as RealtimeGateway; no keyPrefix, it would not apply to pub/sub anyway.
    const pub = new Redis(this.config.redisUrl, { connectionName: 'socket.io-pub' });
    const sub = pub.duplicate({ connectionName: 'socket.io-sub' });
    this.clients = [pub, sub];
    for (const client of this.clients) client.on('error', (error) => this.logger.warn(`socket.io redis: ${error.message}`));
    this.io = new Server({ serveClient: false, adapter: createAdapter(pub, sub, { key: `${this.config.redisPrefix}:socket.io` }) });
    // No local sockets here: re-checks only need to reach the API instances.
    this.hub.attach(this.io, () => Promise.resolve());
  }

  async onApplicationShutdown(): Promise<void> {
    // Not io.close(): it assumes an attached engine, which a headless server has not.
    await this.io?.of('/').adapter.close();
    await Promise.all(this.clients.map((client) => client.quit().catch(() => client.disconnect())));
  }
}

/** Worker counterpart of RealtimeHubModule (which the API's gateway attaches to). */
@Global()
@Module({
  providers: [RealtimeHub, RealtimeRevocation, HeadlessRealtimeServer],
  exports: [RealtimeHub, RealtimeRevocation],
})
export class RealtimeEmitterModule {}
