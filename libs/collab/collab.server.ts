import {
  BeforeApplicationShutdown,
  Injectable,
  Logger,
  OnApplicationBootstrap,
  OnApplicationShutdown,
} from '@nestjs/common';
import { AbstractHttpAdapter, HttpAdapterHost } from '@nestjs/core';
import { Hocuspocus } from '@hocuspocus/server';
import type { RedisInstance } from '@hocuspocus/extension-redis';
import type { IncomingMessage, Server as HttpServer } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import { AppConfig } from '@app/common';
import { RealtimeHub } from '@app/realtime-hub';
import { originAllowed } from '@app/realtime';
import { connectRedis } from '@app/redis';
import { DomainService } from '@app/workspace';
import { CollabAccess } from './collab-access';
import { CollabDurability } from './collab-durability';
import { CollabMessages } from './collab-messages';
import { CollabMetrics } from './collab-metrics';
import { CollabRedis } from './collab-redis';
import { TenantSocket } from './tenant-socket';

export const COLLAB_PATH = '/collab';
const MAX_API_KEY_LENGTH = 256;

/**
 * Hocuspocus inside the API process, on the API's HTTP server at /collab: `@hocuspocus/provider`
 * (or y-websocket) connects to `ws(s)://<api>/collab?apiKey=<API key>` with the end-user token of
 * /v2/auth/generate_token, and opens documents named `organizationId/documentId/editorId`. The
 * Redis extension makes every API instance's copy of a document one.
 */
@Injectable()
export class CollabServer implements OnApplicationBootstrap, BeforeApplicationShutdown, OnApplicationShutdown {
  private readonly logger = new Logger('Collab');
  private readonly sockets: WebSocketServer;
  readonly hocuspocus: Hocuspocus;

  constructor(
    private readonly adapterHost: HttpAdapterHost<AbstractHttpAdapter<HttpServer>>,
    config: AppConfig,
    private readonly hub: RealtimeHub,
    private readonly domains: DomainService,
    private readonly access: CollabAccess,
    durability: CollabDurability,
    messages: CollabMessages,
    metrics: CollabMetrics,
  ) {
    // One Redis client for publishing and the lock, one for subscribing; no keyPrefix: channels ignore it.
    const redis = new CollabRedis({
      createClient: () => {
        const client = connectRedis(config, { connectionName: 'collab' });
        client.on('error', (error: Error) => this.logger.warn(`collab redis: ${error.message}`));
        return client as unknown as RedisInstance;
      },
      prefix: `${config.redisPrefix}:collab`,
      disconnectDelay: 250,
    });
    this.hocuspocus = new Hocuspocus({
      name: 'collab',
      quiet: true,
      debounce: config.collabCompactDebounceMs,
      maxDebounce: config.collabCompactDebounceMs * 5,
      extensions: [redis, access, messages, durability, durability.database],
    });
    metrics.observe(this.hocuspocus);
    // A frame over the update limit (plus room for the message header) is refused by ws itself (close 1009).
    this.sockets = new WebSocketServer({ noServer: true, maxPayload: config.collabMaxUpdateBytes + 64 * 1024 });
  }

  onApplicationBootstrap(): void {
    this.adapterHost.httpAdapter
      .getHttpServer()
      .on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
        const url = new URL(request.url ?? '/', 'http://api');
        if (url.pathname !== COLLAB_PATH) return;
        this.upgrade(request, url.searchParams.get('apiKey'), socket, head).catch((error: unknown) => {
          this.logger.warn(`collab upgrade failed: ${String(error)}`);
          refuseUpgrade(socket, 503, 'Service Unavailable');
        });
      });
    this.hub.onRecheck((filter) => this.access.recheck(this.hocuspocus.documents.values(), filter));
  }

  /** Before the HTTP server closes: every update a client saw acknowledged is already in PostgreSQL. */
  beforeApplicationShutdown(): void {
    for (const socket of this.sockets.clients) socket.close(1012, 'server restarting');
    this.sockets.close();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.hocuspocus.hooks('onDestroy', { instance: this.hocuspocus });
  }

  /** The API key comes with the URL; each document's token is checked when the client opens it. */
  private async upgrade(
    request: IncomingMessage,
    apiKeyId: string | null,
    socket: Duplex,
    head: Buffer,
  ): Promise<void> {
    if (!apiKeyId || apiKeyId.length > MAX_API_KEY_LENGTH) return refuseUpgrade(socket, 401, 'Unauthorized');
    const allowed = await this.domains.allowedFor(apiKeyId);
    if (allowed.length > 0 && !originAllowed(allowed, request.headers.origin))
      return refuseUpgrade(socket, 403, 'Forbidden');
    this.sockets.handleUpgrade(request, socket, head, (ws) =>
      this.hocuspocus.handleConnection(new TenantSocket(ws, apiKeyId) as never, request),
    );
  }
}

function refuseUpgrade(socket: Duplex, status: number, text: string): void {
  if (socket.writable) socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}
