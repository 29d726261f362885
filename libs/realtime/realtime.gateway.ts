import {
  BeforeApplicationShutdown,
  Injectable,
  Logger,
  OnApplicationBootstrap,
  OnApplicationShutdown,
  OnModuleDestroy,
} from '@nestjs/common';
import { AbstractHttpAdapter, HttpAdapterHost } from '@nestjs/core';
import { Server as HttpServer } from 'node:http';
import { Gauge } from 'prom-client';
import { Server, Socket } from 'socket.io';
import { EndUser, UserTokenService } from '@app/user';
import { ApiError, AppConfig, ErrorCode } from '@app/common';
import { toErrorResponse } from '@app/http';
import { MetricsRegistry } from '@app/metrics';
import { DomainService } from '@app/workspace';
import {
  clientLimit,
  closeRealtimeClients,
  MIGRATED_NOTICE,
  MigratedNotice,
  RealtimeHub,
  realtimeAdapter,
  RECHECK_EVENT,
  RecheckFilter,
  userRoom,
} from '@app/realtime-hub';
import { RedisClient } from '@app/redis';
import { originAllowed } from './socket-origin';
import { ClientPlaneHandlers } from './client-plane.handlers';
import { ConnectionPresenceService } from './connection-presence.service';
import { RoomBroadcast } from './room-broadcast.service';
import { hotPayload } from './socket-payload';
import { eventTable, EventTable, SocketDispatcher } from './socket-dispatcher';
import { SubscriptionService } from './subscription.service';

export const REALTIME_PATH = '/realtime';
/** Sent to a socket whose token has expired, just before the server closes it. */
export const TOKEN_EXPIRED_EVENT = 'token_expired';
/**
 * socket.io inside the API process (docs/architecture.md "Processes"). The Redis adapter makes every API instance share
 * rooms, broadcasts and server-side events, so N instances act as one.
 */
@Injectable()
export class RealtimeGateway
  implements OnApplicationBootstrap, OnModuleDestroy, BeforeApplicationShutdown, OnApplicationShutdown
{
  private readonly logger = new Logger('Realtime');
  private io: Server;
  /** Set once shutdown begins: a handshake arriving from then on is refused, and its client tries again elsewhere. */
  private closing = false;
  private redisClients: RedisClient[] = [];
  private refreshTimer: NodeJS.Timeout;
  private connectionsTimer: NodeJS.Timeout;
  /**
   * Every client event's handler (docs/client-api.md "Operations"). Presence sets and broadcasts are the
   * hot path: synchronous work, no promise per message.
   */
  private readonly handlers: EventTable;

  constructor(
    private readonly adapterHost: HttpAdapterHost<AbstractHttpAdapter<HttpServer>>,
    private readonly config: AppConfig,
    private readonly hub: RealtimeHub,
    private readonly tokens: UserTokenService,
    private readonly domains: DomainService,
    private readonly subscriptions: SubscriptionService,
    private readonly metrics: MetricsRegistry,
    private readonly clientPlane: ClientPlaneHandlers,
    private readonly connections: ConnectionPresenceService,
    private readonly broadcasts: RoomBroadcast,
    private readonly dispatcher: SocketDispatcher,
  ) {
    this.handlers = eventTable({
      subscribe: (socket, payload) => this.subscriptions.subscribe(socket, payload),
      unsubscribe: (socket, payload) => this.subscriptions.unsubscribe(socket, payload),
      'livestate:set': (socket, payload) => this.subscriptions.setLiveState(socket, payload),
      'presence:set': (socket, payload) => {
        const { ref, value } = hotPayload(payload, 'data');
        this.connections.set(socket, this.subscriptions.roomOf(socket, ref), ref, value);
        return {};
      },
      'event:broadcast': (socket, payload) => {
        const { ref, value } = hotPayload(payload, 'event');
        this.broadcasts.send(socket, this.subscriptions.roomOf(socket, ref), ref, value);
        return {};
      },
      ...this.clientPlane.handlers,
    });
  }

  onApplicationBootstrap(): void {
    const { adapter, clients: redisClients } = realtimeAdapter(this.config, this.logger);
    this.redisClients = redisClients;
    this.io = new Server(this.adapterHost.httpAdapter.getHttpServer(), {
      path: REALTIME_PATH,
      serveClient: false,
      // Origins are checked per API key in the handshake below, against its allowed domains.
      cors: { origin: true },
      maxHttpBufferSize: clientLimit('socket message'),
      // engine.io answers a refused handshake 403 with this message; the client's reconnection retries.
      allowRequest: (_request, answer) =>
        this.closing ? answer('The server is shutting down: connect again.', false) : answer(null, true),
      adapter,
    });
    // A connection whose handshake was let in just before shutdown and that arrives once the sockets
    // have been closed would hold the HTTP server's close open.
    this.io.engine.on('connection', (connection: { close(): void }) => {
      if (this.closing) connection.close();
    });
    this.io.use((socket, next) => {
      this.authenticate(socket).then(
        () => next(),
        (error: unknown) => next(connectError(error)),
      );
    });
    this.io.on('connection', (socket) => this.wire(socket));
    const io = this.io;
    const clients: Gauge = new Gauge({
      name: 'realtime_connected_clients',
      help: 'socket.io clients connected to this API instance.',
      registers: [this.metrics],
      collect: () => clients.set(io.of('/').sockets.size),
    });
    this.io.on(RECHECK_EVENT, (filter: RecheckFilter) => void this.hub.recheckLocal(filter));
    this.io.on(MIGRATED_NOTICE, (notice: MigratedNotice) => void this.hub.migratedLocal(notice));
    this.subscriptions.attach(this.io);
    this.connections.attach(this.io);
    this.broadcasts.attach(this.io);
    this.hub.attach(this.io);
    this.hub.onRecheck((filter) => this.recheckLocal(filter));
    const refreshMs = (this.config.presenceTtlSeconds * 1000) / 3;
    this.refreshTimer = setInterval(() => void this.subscriptions.refreshPresence().catch(() => undefined), refreshMs);
    this.refreshTimer.unref();
    this.connectionsTimer = setInterval(
      () =>
        void this.connections
          .refresh()
          .catch((error) => this.logger.warn(`connection presence refresh failed: ${String(error)}`)),
      this.connections.refreshIntervalMs,
    );
    this.connectionsTimer.unref();
  }

  /** Shutdown begins with the modules' destroy hooks, before any other module's shutdown work: no handshake is let in from here on. */
  onModuleDestroy(): void {
    this.closing = true;
  }

  /**
   * Before the HTTP server closes, which waits for every connection to end: each client's connection is
   * closed (a transport close, which socket.io clients reconnect from, to another instance), a handshake
   * still in flight with it (socket.io drops a socket whose connection closed during its middleware).
   */
  beforeApplicationShutdown(): void {
    this.io?.engine.close();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.refreshTimer);
    clearInterval(this.connectionsTimer);
    await closeRealtimeClients(this.redisClients);
  }

  /** Handshake `auth: {apiKey, token}`: a valid end-user token of that key, from an allowed origin if any are set. */
  private async authenticate(socket: Socket): Promise<void> {
    const { apiKey, token } = (socket.handshake.auth ?? {}) as { apiKey?: unknown; token?: unknown };
    if (
      typeof apiKey !== 'string' ||
      typeof token !== 'string' ||
      apiKey.length > clientLimit('ids') ||
      token.length > clientLimit('handshake token')
    ) {
      throw ApiError.unauthenticated('auth.apiKey and auth.token are required.');
    }
    const { user, expiresAt } = await this.tokens.verifyWithExpiry(apiKey, token);
    const allowed = await this.domains.allowedFor(apiKey);
    if (allowed.length > 0 && !originAllowed(allowed, socket.handshake.headers.origin)) {
      throw new ApiError(ErrorCode.PERMISSION_DENIED, 'Origin not allowed for this API key.');
    }
    socket.data = { user, expiresAt };
  }

  private wire(socket: Socket): void {
    // What is addressed to the person (notifications) reaches each of their sockets through this room.
    const { user, expiresAt } = socket.data as { user: EndUser; expiresAt: number };
    void socket.join(userRoom(user.apiKeyId, user.userId));
    // The token's lifetime bounds the connection's: the client hears why, then reconnects with a fresh token.
    const expiry = setTimeout(
      () => {
        socket.emit(TOKEN_EXPIRED_EVENT, {});
        socket.disconnect(true);
      },
      Math.max(0, expiresAt - Date.now()),
    );
    expiry.unref();
    this.dispatcher.attach(socket, this.handlers);
    socket.on('disconnect', () => {
      clearTimeout(expiry);
      this.broadcasts.disconnected(socket);
      void this.subscriptions.disconnected(socket).catch((error) => this.logger.warn(String(error)));
    });
  }

  private async recheckLocal(filter: RecheckFilter): Promise<void> {
    await this.subscriptions.recheck(filter).catch((error) => this.logger.warn(`recheck failed: ${String(error)}`));
  }
}

/** A refused handshake: the client's connect_error carries the error code in `data`. */
function connectError(error: unknown): Error {
  const { body } = toErrorResponse(error);
  return Object.assign(new Error(body.error.message), { data: { status: body.error.status } });
}
