import { io, Socket } from 'socket.io-client';
import { Listeners } from './listeners';
import { Notifications } from './notifications';
import { backoffMs, isTransient } from './retry';
import { Room } from './room';
import {
  CommentChange,
  DocumentRef,
  EventFrame,
  LiveStateValue,
  Notification,
  PresenceFrame,
  PresenceUser,
  RealtimeError,
} from './types';

export interface RealtimeOptions {
  /** The API's origin, e.g. `https://collab.example.com`. */
  url: string;
  apiKey: string;
  /** An end-user token from `/v2/auth/generate_token` (issued by your server). */
  token: string;
  /** Asked for a fresh token when the server refuses the current one (expired); reconnects with it. */
  refreshToken?: () => Promise<string>;
  /** The user the token is for, so presence can tell self from others. */
  userId: string;
}

/**
 * The browser realtime client: one socket.io connection at `/realtime`, documents entered as rooms.
 * socket.io reconnects on its own; every open room is subscribed again on each (re)connect. A refusal
 * that means "not now" (UNAVAILABLE, as a server under a reconnect storm or without its database
 * answers), of the handshake or of a re-subscribe, is retried with a backoff; only a real refusal
 * closes a room.
 */
export class RealtimeClient {
  readonly socket: Socket;
  readonly notifications: Notifications;
  private readonly rooms = new Set<Room>();
  private readonly notificationListeners = new Listeners<Notification>();
  private readonly statusListeners = new Listeners<'connected' | 'disconnected'>();
  /** One refresh per refused handshake: a fresh token that is refused too is a real refusal, not a loop. */
  private refreshed = false;
  /** The server said the token expired; its close that follows is answered by connecting again. */
  private tokenExpired = false;
  /** Handshakes refused UNAVAILABLE in a row, for the backoff; socket.io does not retry a refused handshake. */
  private refusedHandshakes = 0;
  /** Counts connections, so a re-subscribe retry left over from an earlier one stands down. */
  private connection = 0;
  /** Set by disconnect(): nothing connects again. */
  private stopped = false;

  constructor(private readonly options: RealtimeOptions) {
    this.socket = io(options.url, {
      path: '/realtime',
      auth: { apiKey: options.apiKey, token: options.token },
      transports: ['websocket'],
      autoConnect: false,
    });
    this.notifications = new Notifications(this.socket);
    this.socket.on('connect', () => {
      this.refreshed = false;
      this.refusedHandshakes = 0;
      this.connection++;
      this.statusListeners.emit('connected');
      for (const room of this.rooms) this.resubscribe(room, room.subscribe(), 0);
    });
    this.socket.on('disconnect', (reason) => {
      this.statusListeners.emit('disconnected');
      // socket.io does not reconnect after a server-side close; connecting again with the expired
      // token is refused, which asks refreshToken for a new one (without it, the client stays off).
      if (reason === 'io server disconnect' && this.tokenExpired) {
        this.tokenExpired = false;
        this.socket.connect();
      }
    });
    this.socket.on('token_expired', () => (this.tokenExpired = true));
    // A refused handshake is not retried by socket.io: refresh the token and connect again, or, when
    // the server could not answer, connect again after a backoff.
    this.socket.on('connect_error', (error: Error & { data?: { status?: string } }) => {
      if (this.willRefresh(error)) void this.reauthenticate();
      else if (!this.socket.active && error.data?.status === 'UNAVAILABLE') this.retryHandshake();
    });
    this.socket.on('presence', (event: DocumentRef & { users: PresenceUser[] }) =>
      this.roomOf(event)?.presence.setUsers(event.users),
    );
    this.socket.on('presence:frame', (frame: PresenceFrame) =>
      this.roomOf(frame)?.presence.received(frame, this.socket.id),
    );
    this.socket.on('event:frame', (frame: EventFrame) => this.roomOf(frame)?.receivedFrame(frame, this.socket.id));
    this.socket.on('comment:change', (change: CommentChange) => this.roomOf(change)?.comments.receive(change));
    this.socket.on('livestate', (event: DocumentRef & LiveStateValue) => this.roomOf(event)?.setState(event));
    this.socket.on('notification', (notification: Notification) => this.notificationListeners.emit(notification));
    this.socket.on('document_migrated', (event: DocumentRef & { newDocumentId: string }) => {
      const room = this.roomOf(event);
      if (room) this.resubscribe(room, room.migrate(event.newDocumentId), 0);
    });
    this.socket.on('access_revoked', (event: DocumentRef) => this.roomOf(event)?.close('access_revoked'));
  }

  /**
   * Resolves once connected; rejects with the server's refusal (RealtimeError) otherwise. After an
   * UNAVAILABLE refusal or a network error the client goes on trying in the background, as socket.io
   * does; `onStatus` tells when it is connected.
   */
  connect(): Promise<void> {
    if (this.socket.connected) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const onConnect = () => {
        this.socket.off('connect_error', onError);
        resolve();
      };
      const onError = (error: Error & { data?: { status?: string } }) => {
        if (this.willRefresh(error)) return;
        this.socket.off('connect', onConnect);
        this.socket.off('connect_error', onError);
        reject(new RealtimeError(error.data?.status ?? 'UNAVAILABLE', error.message));
      };
      this.socket.once('connect', onConnect);
      this.socket.on('connect_error', onError);
      this.stopped = false;
      this.socket.connect();
    });
  }

  async enterDocument(organizationId: string, documentId: string): Promise<Room> {
    await this.connect();
    const room = new Room(this.socket, organizationId, documentId, this.options.userId, (left) =>
      this.rooms.delete(left),
    );
    // Listed before subscribing: a push sent while the subscription lands (another user arriving) is the room's too.
    this.rooms.add(room);
    try {
      await room.subscribe();
    } catch (error) {
      this.rooms.delete(room);
      throw error;
    }
    return room;
  }

  onNotification(listener: (notification: Notification) => void): () => void {
    return this.notificationListeners.add(listener);
  }

  onStatus(listener: (status: 'connected' | 'disconnected') => void): () => void {
    return this.statusListeners.add(listener);
  }

  disconnect(): void {
    this.stopped = true;
    for (const room of [...this.rooms]) room.close('left');
    this.socket.disconnect();
  }

  private roomOf(ref: DocumentRef): Room | undefined {
    for (const room of this.rooms) if (room.matches(ref)) return room;
    return undefined;
  }

  /** A (re)subscription under way: a transient refusal is retried while this connection lasts (the next one subscribes the room anyway), any other closes the room. */
  private resubscribe(room: Room, subscribing: Promise<void>, attempt: number): void {
    const connection = this.connection;
    void subscribing.catch((error: unknown) => {
      if (!isTransient(error)) {
        room.close('access_revoked');
        return;
      }
      setTimeout(() => {
        if (room.closed || !this.socket.connected || this.connection !== connection) return;
        this.resubscribe(room, room.subscribe(), attempt + 1);
      }, backoffMs(attempt));
    });
  }

  private retryHandshake(): void {
    setTimeout(() => {
      if (!this.stopped && !this.socket.active) this.socket.connect();
    }, backoffMs(this.refusedHandshakes++));
  }

  private willRefresh(error: Error & { data?: { status?: string } }): boolean {
    return error.data?.status === 'UNAUTHENTICATED' && this.options.refreshToken !== undefined && !this.refreshed;
  }

  private async reauthenticate(): Promise<void> {
    const token = await (this.options.refreshToken as () => Promise<string>)();
    // Set after the await: connect()'s own connect_error listener runs after this one and must still see a refresh coming.
    this.refreshed = true;
    this.socket.auth = { apiKey: this.options.apiKey, token };
    this.socket.connect();
  }
}
