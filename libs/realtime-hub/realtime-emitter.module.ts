import { Global, Injectable, Logger, Module, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { Server } from 'socket.io';
import { AppConfig } from '@app/common';
import { RedisClient } from '@app/redis';
import { closeRealtimeClients, realtimeAdapter } from './realtime-adapter';
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
  private clients: RedisClient[] = [];

  constructor(
    private readonly config: AppConfig,
    private readonly hub: RealtimeHub,
  ) {}

  onModuleInit(): void {
    // The same adapter and channels as RealtimeGateway.
    const { adapter, clients } = realtimeAdapter(this.config, this.logger);
    this.clients = clients;
    this.io = new Server({ serveClient: false, adapter });
    // No local sockets here: re-checks only need to reach the API instances.
    this.hub.attach(this.io);
  }

  async onApplicationShutdown(): Promise<void> {
    // Not io.close(): it assumes an attached engine, which a headless server has not.
    await this.io?.of('/').adapter.close();
    await closeRealtimeClients(this.clients);
  }
}

/** Worker counterpart of RealtimeHubModule (which the API's gateway attaches to). */
@Global()
@Module({
  providers: [RealtimeHub, RealtimeRevocation, HeadlessRealtimeServer],
  exports: [RealtimeHub, RealtimeRevocation],
})
export class RealtimeEmitterModule {}
