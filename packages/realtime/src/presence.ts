import { Listeners } from './listeners';
import type { Post } from './request';
import type { Connection, PresenceData, PresenceFrame, PresenceUser } from './types';

/** The presence frame version this client reads. */
const FRAME_VERSION = 1;

/**
 * Who is in a room: the users (from the server's `presence` list) and the other connections with the
 * presence data each last set (seeded by the subscribe ack, kept from the server's `presence:frame`s).
 */
export class Presence {
  private users: PresenceUser[] = [];
  private readonly peers = new Map<string, Connection>();
  /** This connection's last data, set again after a reconnect. */
  private data: PresenceData | undefined;
  private readonly userListeners = new Listeners<PresenceUser[]>();
  private readonly connectionListeners = new Listeners<Connection[]>();

  constructor(
    private readonly selfId: string,
    private readonly post: Post,
  ) {}

  /** Everyone present but this user. */
  others(): PresenceUser[] {
    return this.users.filter((user) => user.userId !== this.selfId);
  }

  self(): PresenceUser | undefined {
    return this.users.find((user) => user.userId === this.selfId);
  }

  /** Called with the full user list (self included) on every change. */
  update(listener: (users: PresenceUser[]) => void): () => void {
    return this.userListeners.add(listener);
  }

  /**
   * Replaces this connection's presence data; resolves once sent. The server delivers the latest to the
   * others in its next frame. No ack comes back (a cursor moves many times a second): a refusal (too
   * large, too fast) arrives as the socket's `refused` event.
   */
  async set(data: PresenceData): Promise<void> {
    this.data = data;
    await this.post('presence:set', { data });
  }

  /** The other connections in the room and their data. */
  connections<T = PresenceData>(): Array<Connection<T>> {
    return [...this.peers.values()] as Array<Connection<T>>;
  }

  /** Called with the other connections on every change to them or their data. */
  onConnections<T = PresenceData>(listener: (connections: Array<Connection<T>>) => void): () => void {
    return this.connectionListeners.add(listener as (connections: Connection[]) => void);
  }

  /** The server's `presence` list, pushed on every arrival and departure. */
  setUsers(users: PresenceUser[]): void {
    this.pushes++;
    this.users = users;
    this.userListeners.emit(users);
  }

  /** How many lists have been pushed: a subscribe ack's list is taken only if none came while it was on its way. */
  pushes = 0;

  /** A subscribe ack's list, answered at `pushesBefore`; a list pushed since is as new, and kept. */
  subscribedUsers(users: PresenceUser[], pushesBefore: number): void {
    if (this.pushes === pushesBefore) this.setUsers(users);
  }

  /** A (re)subscription's list replaces ours, and this connection's data is set again on the new one. */
  async subscribed(connections: Connection[]): Promise<void> {
    this.peers.clear();
    for (const connection of connections) this.peers.set(connection.connectionId, connection);
    this.connectionListeners.emit(this.connections());
    if (this.data) await this.set(this.data);
  }

  /** A frame's sets and leaves, but this connection's own (`ownConnectionId`); listeners hear once per frame that changed something. */
  received(frame: PresenceFrame, ownConnectionId: string | undefined): void {
    if (frame.v !== FRAME_VERSION) return;
    let changed = false;
    for (const { connectionId, userId, name, data } of frame.set) {
      if (connectionId === ownConnectionId) continue;
      this.peers.set(connectionId, { connectionId, userId, name, data });
      changed = true;
    }
    for (const { connectionId } of frame.left) changed = this.peers.delete(connectionId) || changed;
    if (changed) this.connectionListeners.emit(this.connections());
  }

  clear(): void {
    this.userListeners.clear();
    this.connectionListeners.clear();
  }
}
