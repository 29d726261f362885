import type { Socket } from 'socket.io-client';
import { Listeners } from './listeners.js';
import { DocumentRef, LiveStateValue, PresenceUser, RealtimeError } from './types.js';

interface Subscribed {
  role: 'editor' | 'viewer';
  presence: PresenceUser[];
  liveStates: LiveStateValue[];
}

type Ack<T> = (T & { status: 'success' }) | { error: { status: string; message: string } };

export async function request<T>(socket: Socket, event: string, payload: unknown, timeoutMs = 10_000): Promise<T> {
  const ack = (await socket.timeout(timeoutMs).emitWithAck(event, payload)) as Ack<T>;
  if ('error' in ack) throw new RealtimeError(ack.error.status, ack.error.message);
  return ack;
}

/**
 * A document the user is in. Presence and live state are kept here from the subscribe ack and the
 * server's pushes; the client re-subscribes it after a reconnect and follows a migration to the new id.
 */
export class Room {
  role: 'editor' | 'viewer' = 'viewer';
  closed = false;
  private users: PresenceUser[] = [];
  private readonly states = new Map<string, LiveStateValue>();
  private readonly presenceListeners = new Listeners<PresenceUser[]>();
  private readonly stateListeners = new Listeners<LiveStateValue>();
  private readonly migratedListeners = new Listeners<{ from: string; to: string }>();
  private readonly closedListeners = new Listeners<{ reason: 'access_revoked' | 'left' }>();
  /** The latest (re)subscription: the server refuses a set until it has landed, so sets wait for it. */
  private subscribed: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly socket: Socket,
    readonly organizationId: string,
    public documentId: string,
    private readonly selfId: string,
    private readonly onLeave: (room: Room) => void,
  ) {}

  get ref(): DocumentRef {
    return { organizationId: this.organizationId, documentId: this.documentId };
  }

  readonly presence = {
    /** Everyone present but this user. */
    others: (): PresenceUser[] => this.users.filter((user) => user.userId !== this.selfId),
    self: (): PresenceUser | undefined => this.users.find((user) => user.userId === this.selfId),
    /** Called with the full list (self included) on every change. */
    update: (listener: (users: PresenceUser[]) => void): (() => void) => this.presenceListeners.add(listener),
  };

  readonly liveState = {
    get: <T = Record<string, unknown>>(id: string): T | undefined => this.states.get(id)?.data as T | undefined,
    /** Editors only; `merge` deep-merges into the stored object instead of replacing it. */
    set: async <T extends Record<string, unknown>>(id: string, data: T, options: { merge?: boolean } = {}): Promise<void> => {
      await this.subscribed.catch(() => undefined);
      await request(this.socket, 'livestate:set', { ...this.ref, liveStateDataId: id, data, merge: options.merge ?? false });
    },
    subscribe: <T = Record<string, unknown>>(id: string, listener: (data: T) => void): (() => void) =>
      this.stateListeners.add((value) => value.liveStateDataId === id && listener(value.data as T)),
  };

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

  /** (Re)subscribes: the ack carries the current presence and live states, which replace ours. */
  async subscribe(): Promise<void> {
    const subscribing = request<Subscribed>(this.socket, 'subscribe', this.ref);
    this.subscribed = subscribing;
    const ack = await subscribing;
    this.role = ack.role;
    this.setPresence(ack.presence);
    for (const state of ack.liveStates) this.setState(state);
  }

  matches(ref: DocumentRef): boolean {
    return ref.organizationId === this.organizationId && ref.documentId === this.documentId;
  }

  setPresence(users: PresenceUser[]): void {
    this.users = users;
    this.presenceListeners.emit(users);
  }

  setState(state: LiveStateValue): void {
    const known = this.states.get(state.liveStateDataId);
    // A re-subscribe may hand back a value older than a push already seen.
    if (known?.updatedAt && state.updatedAt && known.updatedAt > state.updatedAt) return;
    this.states.set(state.liveStateDataId, state);
    this.stateListeners.emit(state);
  }

  /** Listeners hear of the new id at once; a set they make then waits for the new subscription. */
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
    this.presenceListeners.clear();
    this.stateListeners.clear();
    this.migratedListeners.clear();
    this.closedListeners.clear();
  }
}
