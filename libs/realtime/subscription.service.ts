import { Injectable, Logger } from '@nestjs/common';
import pLimit from 'p-limit';
import { Server, Socket } from 'socket.io';
import { ClientComments } from '@app/comment';
import { ApiError, DocumentRefDto, ErrorCode } from '@app/common';
import { DATABASE_POOL_SIZE } from '@app/database';
import { BroadcastLiveStateDto, LiveStateService } from '@app/live-state';
import { PresenceService } from '@app/presence';
import { clientLimit, documentRoom, documentUserRoom, RecheckFilter, recheckCovers } from '@app/realtime-hub';
import { AccessRole } from '@app/resource';
import { EndUser } from '@app/user';
import { ConnectionPresenceService } from './connection-presence.service';
import { RealtimeLimits } from './realtime-limits';
import { SocketAccess } from './socket-access.service';
import { userOf } from './socket-user';
import { parsePayload } from './socket-payload';

interface Subscription {
  organizationId: string;
  documentId: string;
  role: AccessRole;
}

export const ACCESS_REVOKED_EVENT = 'access_revoked';

/** Tries of one leave check (a cross-instance query that can time out under load) before it is given up. */
const LEAVE_CHECK_ATTEMPTS = 3;

/** A leave check of one user on one document under way on this instance, and whether another must follow it. */
interface LeaveCheck {
  again: boolean;
}

/** Document subscriptions of this instance's sockets: access checks, rooms, presence and revocation. */
@Injectable()
export class SubscriptionService {
  private readonly logger = new Logger('Realtime');
  /** Socket id -> room -> subscription. Kept here, not in socket.data, which the adapter serializes. */
  private readonly subscriptions = new Map<string, Map<string, Subscription>>();
  private server: Server;
  /**
   * Subscribes' access checks beyond the pool's size wait their turn here, not in the pool's queue: a
   * waiter there is failed UNAVAILABLE after its connection timeout (meant for a database that does not
   * answer), which a reconnect storm of thousands of subscribes outlasts while the database answers fine.
   */
  private readonly accessChecks = pLimit(DATABASE_POOL_SIZE);
  /** By user and document room: see leavePresence. */
  private readonly leaveChecks = new Map<string, LeaveCheck>();
  /** Socket id -> rooms whose subscribe is under way: they count toward its subscriptions until they are among them. */
  private readonly joining = new Map<string, Set<string>>();

  constructor(
    private readonly access: SocketAccess,
    private readonly presence: PresenceService,
    private readonly liveState: LiveStateService,
    private readonly connections: ConnectionPresenceService,
    private readonly comments: ClientComments,
    private readonly limits: RealtimeLimits,
  ) {}

  attach(server: Server): void {
    this.server = server;
  }

  /** At most `subscriptions` documents per connection, those whose subscribe is under way included. */
  async subscribe(socket: Socket, payload: unknown) {
    const ref = parsePayload(DocumentRefDto, payload);
    const room = documentRoom(userOf(socket).apiKeyId, ref.organizationId, ref.documentId);
    // Read, not made: a refused subscribe leaves no entry behind.
    const subscribed = this.subscriptions.get(socket.id) ?? new Map<string, Subscription>();
    const joining = this.joining.get(socket.id) ?? new Set<string>();
    if (!subscribed.has(room) && !joining.has(room))
      this.limits.checkCount('subscribe', 'documents', subscribed.size + joining.size, clientLimit('subscriptions'));
    this.joining.set(socket.id, joining.add(room));
    try {
      return await this.join(socket, ref, room);
    } finally {
      joining.delete(room);
      if (joining.size === 0 && this.joining.get(socket.id) === joining) this.joining.delete(socket.id);
    }
  }

  private async join(socket: Socket, ref: DocumentRefDto, room: string) {
    const user = userOf(socket);
    const role = await this.accessChecks(() => this.access.roleOn(user, ref.organizationId, ref.documentId));
    if (!role) throw new ApiError(ErrorCode.PERMISSION_DENIED, 'No access to this document.');
    // A socket that closed during the access check is not subscribed: its disconnect has been handled already.
    if (socket.disconnected) throw closedDuringSubscribe();
    const subscription: Subscription = { organizationId: ref.organizationId, documentId: ref.documentId, role };
    // The per-user room carries what only some readers may hear (a private thread's changes).
    await socket.join([room, documentUserRoom(user.apiKeyId, ref.organizationId, ref.documentId, user.userId)]);
    this.of(socket).set(room, subscription);
    this.joining.get(socket.id)?.delete(room);
    this.connections.joined(socket, room, ref);
    const users = await this.presence.join(user.apiKeyId, ref, presenceEntry(user));
    // One that closed while presence was written: its disconnect found no subscription to end yet; this one is.
    if (socket.disconnected) {
      await this.drop(socket, room, subscription);
      throw closedDuringSubscribe();
    }
    // The comment cursor, read after joining the room, lets a client that never lists catch up after a reconnect.
    const [liveStates, connections, cursor] = await Promise.all([
      this.liveState.stored(user.apiKeyId, ref),
      this.connections.list(user.apiKeyId, ref, socket.id),
      this.comments.cursor(user.apiKeyId, ref),
    ]);
    return { role, presence: users, liveStates, connections, cursor };
  }

  /** The room of a document the socket is subscribed to; FAILED_PRECONDITION when it is not. */
  roomOf(socket: Socket, ref: DocumentRefDto): string {
    const room = documentRoom(userOf(socket).apiKeyId, ref.organizationId, ref.documentId);
    if (!this.of(socket).has(room))
      throw new ApiError(ErrorCode.FAILED_PRECONDITION, 'Subscribe to the document first.');
    return room;
  }

  async unsubscribe(socket: Socket, payload: unknown) {
    const ref = parsePayload(DocumentRefDto, payload);
    const room = documentRoom(userOf(socket).apiKeyId, ref.organizationId, ref.documentId);
    const subscription = this.of(socket).get(room);
    if (subscription) await this.drop(socket, room, subscription);
    return {};
  }

  /** Editors only; the role is resolved afresh so a lapsed or lowered grant takes effect at once. */
  async setLiveState(socket: Socket, payload: unknown) {
    const dto = parsePayload(BroadcastLiveStateDto, payload);
    const user = userOf(socket);
    this.roomOf(socket, dto);
    const role = await this.access.roleOn(user, dto.organizationId, dto.documentId);
    if (role !== 'editor') throw new ApiError(ErrorCode.PERMISSION_DENIED, 'Only editors may set live state.');
    return { liveState: await this.liveState.broadcast(user.apiKeyId, dto) };
  }

  async disconnected(socket: Socket): Promise<void> {
    const subscriptions = this.of(socket);
    this.subscriptions.delete(socket.id);
    for (const [room, subscription] of subscriptions) {
      await this.connections.leave(socket, room);
      await this.leavePresence(userOf(socket), room, subscription);
    }
  }

  /** Re-resolves the matching subscriptions of local sockets; those that lost access are told and dropped. */
  async recheck(filter: RecheckFilter): Promise<void> {
    for (const [socketId, subscriptions] of this.subscriptions) {
      const socket = this.server.of('/').sockets.get(socketId);
      if (!socket) continue;
      const user = userOf(socket);
      for (const [room, subscription] of subscriptions) {
        if (!recheckCovers(filter, user.apiKeyId, user.userId, subscription.organizationId, subscription.documentId))
          continue;
        const role = await this.access.recheckRoleOn(user, subscription.organizationId, subscription.documentId);
        if (role) {
          subscription.role = role;
          continue;
        }
        socket.emit(ACCESS_REVOKED_EVENT, {
          organizationId: subscription.organizationId,
          documentId: subscription.documentId,
        });
        await this.drop(socket, room, subscription);
      }
    }
  }

  /** Connected users stay present: their entries are rewritten before PRESENCE_TTL_S lapses. */
  async refreshPresence(): Promise<void> {
    for (const [socketId, subscriptions] of this.subscriptions) {
      const socket = this.server.of('/').sockets.get(socketId);
      if (!socket) continue;
      const user = userOf(socket);
      for (const [room, subscription] of subscriptions) {
        // Checked just before each write: a socket gone meanwhile must not be made present again.
        if (socket.disconnected || !subscriptions.has(room)) continue;
        await this.presence.join(user.apiKeyId, subscription, presenceEntry(user), false);
      }
    }
  }

  private async drop(socket: Socket, room: string, subscription: Subscription): Promise<void> {
    const user = userOf(socket);
    await socket.leave(room);
    await socket.leave(
      documentUserRoom(user.apiKeyId, subscription.organizationId, subscription.documentId, user.userId),
    );
    const subscriptions = this.of(socket);
    subscriptions.delete(room);
    if (subscriptions.size === 0 && socket.disconnected) this.subscriptions.delete(socket.id);
    await this.connections.leave(socket, room);
    await this.leavePresence(userOf(socket), room, subscription);
  }

  /**
   * A user with another socket still subscribed to the document, on any instance, stays present. The
   * checks of one user and document are folded on this instance: one runs at a time, and a socket that
   * leaves while one is under way makes one more run after it, so the last check always starts after
   * the last local socket left. Of two instances whose last sockets leave at once, the later check sees
   * the other's gone. Without folding, a burst of closes (500 sockets of one user) sent a cross-instance
   * query per socket, and one that timed out left the user present.
   */
  private async leavePresence(user: EndUser, room: string, subscription: Subscription): Promise<void> {
    const key = JSON.stringify([room, user.userId]);
    const running = this.leaveChecks.get(key);
    if (running) {
      running.again = true;
      return;
    }
    const check: LeaveCheck = { again: true };
    this.leaveChecks.set(key, check);
    try {
      while (check.again) {
        check.again = false;
        await this.leaveIfGone(user, subscription);
      }
    } finally {
      this.leaveChecks.delete(key);
    }
  }

  private async leaveIfGone(user: EndUser, subscription: Subscription): Promise<void> {
    const own = documentUserRoom(user.apiKeyId, subscription.organizationId, subscription.documentId, user.userId);
    for (let attempt = 1; ; attempt++) {
      try {
        if ((await this.server.in(own).fetchSockets()).length > 0) return;
        await this.presence.leave(user.apiKeyId, subscription, [user.userId]);
        return;
      } catch (error) {
        // Presence entries expire on their own; a failed removal must not break the disconnect path.
        if (attempt < LEAVE_CHECK_ATTEMPTS) continue;
        this.logger.warn(`presence leave failed: ${(error as Error).message}`);
        return;
      }
    }
  }

  private of(socket: Socket): Map<string, Subscription> {
    let subscriptions = this.subscriptions.get(socket.id);
    if (!subscriptions) {
      subscriptions = new Map();
      this.subscriptions.set(socket.id, subscriptions);
    }
    return subscriptions;
  }
}

function closedDuringSubscribe(): ApiError {
  return new ApiError(ErrorCode.FAILED_PRECONDITION, 'The connection closed during the subscribe.');
}

function presenceEntry(user: EndUser) {
  return { userId: user.userId, name: user.name, email: user.email, status: 'online' };
}
