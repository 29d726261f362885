import type { Socket } from 'socket.io-client';
import { RoomComments } from './comments';
import { Listeners } from './listeners';
import { Presence } from './presence';
import { Post, request } from './request';
import type { Connection, Cursor, DocumentRef, EventFrame, LiveStateValue, PresenceUser, RoomEvent } from './types';

/** The event frame version this client reads. */
const EVENT_FRAME_VERSION = 1;

interface Subscribed {
  role: 'editor' | 'viewer';
  /** The document's comment cursor: where a room that has heard no change catches up from. */
  cursor: Cursor;
  presence: PresenceUser[];
  liveStates: LiveStateValue[];
  connections: Connection[];
}

/**
 * A document the user is in. Presence, live state and comments are kept here from the subscribe ack and
 * the server's pushes; the client re-subscribes it after a reconnect and follows a migration to the new id.
 */
export class Room {
  role: 'editor' | 'viewer' = 'viewer';
  closed = false;
  readonly presence: Presence;
  readonly comments: RoomComments;
  private readonly states = new Map<string, LiveStateValue>();
  private readonly stateListeners = new Listeners<LiveStateValue>();
  private readonly eventListeners = new Listeners<RoomEvent>();
  private readonly migratedListeners = new Listeners<{ from: string; to: string }>();
  private readonly closedListeners = new Listeners<{ reason: 'access_revoked' | 'left' }>();
  /** The latest (re)subscription: the server refuses a document operation until it has landed, so operations wait for it. */
  private subscribed: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly socket: Socket,
    readonly organizationId: string,
    public documentId: string,
    selfId: string,
    private readonly onLeave: (room: Room) => void,
  ) {
    this.presence = new Presence(selfId, this.post);
    this.comments = new RoomComments(this.send);
  }

  get ref(): DocumentRef {
    return { organizationId: this.organizationId, documentId: this.documentId };
  }

  readonly liveState = {
    get: <T = Record<string, unknown>>(id: string): T | undefined => this.states.get(id)?.data as T | undefined,
    /** Editors only; `merge` deep-merges into the stored object instead of replacing it. */
    set: async <T extends Record<string, unknown>>(
      id: string,
      data: T,
      options: { merge?: boolean } = {},
    ): Promise<void> => {
      await this.send('livestate:set', { liveStateDataId: id, data, merge: options.merge ?? false });
    },
    subscribe: <T = Record<string, unknown>>(id: string, listener: (data: T) => void): (() => void) =>
      this.stateListeners.add((value) => value.liveStateDataId === id && listener(value.data as T)),
  };

  /** An ephemeral event to the room's other connections; it is not stored. */
  async broadcast(event: unknown): Promise<void> {
    await this.send('event:broadcast', { event });
  }

  onEvent<T = unknown>(listener: (event: RoomEvent<T>) => void): () => void {
    return this.eventListeners.add(listener as (event: RoomEvent) => void);
  }

  onMigrated(listener: (change: { from: string; to: string }) => void): () => void {
    return this.migratedListeners.add(listener);
  }

  onClosed(listener: (event: { reason: 'access_revoked' | 'left' }) => void): () => void {
    return this.closedListeners.add(listener);
  }

  async leave(): Promise<void> {
    if (this.closed) return;
    this.close('left');
    if (this.socket.connected) await request(this.socket, 'unsubscribe', this.ref).catch(() => undefined);
  }

  /**
   * (Re)subscribes: the ack's presence, connections and live states replace ours. After a reconnect the
   * user's presence data is set again and the thread list catches up, in the background; the first
   * subscribe takes the ack's comment cursor as the point to catch up from.
   */
  async subscribe(): Promise<void> {
    const pushesBefore = this.presence.pushes;
    const subscribing = request<Subscribed>(this.socket, 'subscribe', this.ref);
    this.subscribed = subscribing;
    const ack = await subscribing;
    this.role = ack.role;
    this.presence.subscribedUsers(ack.presence, pushesBefore);
    for (const state of ack.liveStates) this.setState(state);
    void this.presence.subscribed(ack.connections).catch(() => undefined);
    void this.comments.catchUp(ack.cursor).catch(() => undefined);
  }

  matches(ref: DocumentRef): boolean {
    return ref.organizationId === this.organizationId && ref.documentId === this.documentId;
  }

  setState(state: LiveStateValue): void {
    const known = this.states.get(state.liveStateDataId);
    // A re-subscribe may hand back a value older than a push already seen.
    if (known?.updatedAt && state.updatedAt && known.updatedAt > state.updatedAt) return;
    this.states.set(state.liveStateDataId, state);
    this.stateListeners.emit(state);
  }

  /** Each event of the frame in order, but this connection's own. */
  receivedFrame(frame: EventFrame, ownConnectionId: string | undefined): void {
    if (frame.v !== EVENT_FRAME_VERSION) return;
    for (const { connectionId, userId, event } of frame.events)
      if (connectionId !== ownConnectionId) this.eventListeners.emit({ connectionId, userId, event });
  }

  /** Listeners hear of the new id at once; an operation they start then waits for the new subscription. */
  async migrate(newDocumentId: string): Promise<void> {
    const from = this.documentId;
    this.documentId = newDocumentId;
    const subscribing = this.subscribe();
    this.migratedListeners.emit({ from, to: newDocumentId });
    await subscribing;
  }

  close(reason: 'access_revoked' | 'left'): void {
    this.closed = true;
    this.onLeave(this);
    this.closedListeners.emit({ reason });
    this.presence.clear();
    this.comments.clear();
    for (const listeners of [this.stateListeners, this.eventListeners, this.migratedListeners, this.closedListeners])
      listeners.clear();
  }

  private readonly send = async <T>(event: string, payload: object): Promise<T> => {
    await this.subscribed.catch(() => undefined);
    return request<T>(this.socket, event, { ...this.ref, ...payload });
  };

  private readonly post: Post = async (event, payload) => {
    await this.subscribed.catch(() => undefined);
    this.socket.emit(event, { ...this.ref, ...payload });
  };
}
