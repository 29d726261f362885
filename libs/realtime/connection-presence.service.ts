import { Inject, Injectable, Logger } from '@nestjs/common';
import { Server, Socket } from 'socket.io';
import { ApiError, AppConfig, DocumentRefDto, UpdateRate } from '@app/common';
import { REDIS, RedisClient } from '@app/redis';
import { ConnectionPresence, PresenceFrames } from './presence-frames';
import { RealtimeLimits } from './realtime-limits';
import { userOf } from './socket-user';

interface Stored extends ConnectionPresence {
  expiresAt: number;
}

/** One connection's presence on one document: the latest data, and when it was last written to Redis. */
interface Slot {
  ref: DocumentRefDto;
  room: string;
  data: Record<string, unknown> | null;
  /** When the data was last written to Redis, and a write waiting for its turn. */
  storedAt: number;
  storeTimer: NodeJS.Timeout | null;
  rate: UpdateRate;
  /** Set once the connection left: a write still on its way (a refresh under way) must not bring the entry back. */
  left: boolean;
}

/** How often a connection's presence data is written to Redis for later subscribers, at most. */
const STORE_INTERVAL_MS = 1000;

/** HSET + PEXPIRE in one command, on one key (one slot). */
const WRITE_SCRIPT = `
redis.call('HSET', KEYS[1], ARGV[2], ARGV[3])
redis.call('PEXPIRE', KEYS[1], ARGV[1])
return 0
`;

/** Redis hash of one document's connection presence; braces make the document the cluster hash tag. */
function connectionsKey(apiKeyId: string, ref: DocumentRefDto): string {
  return `connection-presence:{${JSON.stringify([apiKeyId, ref.organizationId, ref.documentId])}}`;
}

/**
 * Custom presence per connection (cursor, selection, typing): fanned out to the document's room, kept
 * in Redis for those who subscribe later, never in PostgreSQL. The room hears it in presence frames
 * (presence-frames.ts: one per room per PRESENCE_FRAME_MS, the latest set wins). A connection's data leaves with it;
 * a SIGKILLed instance's entries lapse after PRESENCE_CONNECTION_TTL_S, and the instances still serving
 * the document sweep them out and tell the room within a third of that more.
 */
@Injectable()
export class ConnectionPresenceService {
  private readonly logger = new Logger('Realtime');
  /** Socket id -> room -> slot. This instance's own connections only. */
  private readonly slots = new Map<string, Map<string, Slot>>();
  private readonly ttlMs: number;
  private server: Server;

  constructor(
    @Inject(REDIS) private readonly redis: RedisClient,
    private readonly config: AppConfig,
    private readonly limits: RealtimeLimits,
    private readonly frames: PresenceFrames,
  ) {
    this.ttlMs = config.presenceConnectionTtlSeconds * 1000;
  }

  attach(server: Server): void {
    this.server = server;
    this.frames.attach(server);
  }

  /** Others' presence on the document, for a new subscriber. */
  async list(apiKeyId: string, ref: DocumentRefDto, except: string): Promise<ConnectionPresence[]> {
    const now = Date.now();
    const entries = await this.redis.hgetall(connectionsKey(apiKeyId, ref));
    return Object.values(entries)
      .map((raw) => JSON.parse(raw) as Stored)
      .filter((entry) => entry.expiresAt > now && entry.connectionId !== except)
      .map(({ connectionId, userId, name, data }) => ({ connectionId, userId, name, data }));
  }

  /** The connection subscribed to the document: from now on this instance sweeps the document's lapsed entries. */
  joined(socket: Socket, room: string, ref: DocumentRefDto): void {
    this.slotOf(socket, room, ref);
  }

  /** Replaces the connection's data: the room hears it in its next frame, Redis within a second. */
  set(socket: Socket, room: string, ref: DocumentRefDto, data: unknown): void {
    if (typeof data !== 'object' || data === null || Array.isArray(data))
      throw ApiError.invalid('data must be an object.');
    this.limits.checkSize('presence:set', 'data', data, this.config.presenceDataMaxBytes);
    const slot = this.slotOf(socket, room, ref);
    this.limits.checkRate('presence:set', slot.rate, this.config.presenceSetsPerSecond);
    slot.data = data as Record<string, unknown>;
    const user = userOf(socket);
    this.frames.set(room, slot.ref, { connectionId: socket.id, userId: user.userId, name: user.name, data: slot.data });
    if (slot.storeTimer) return;
    // Redis keeps the data for later subscribers only: written at most once a second, the latest data each time.
    const wait = slot.storedAt + STORE_INTERVAL_MS - Date.now();
    if (wait <= 0) this.storeQuietly(socket, slot);
    else
      slot.storeTimer = setTimeout(() => {
        slot.storeTimer = null;
        this.storeQuietly(socket, slot);
      }, wait);
  }

  /** The connection left the document (unsubscribe, revocation or disconnect): its entry goes and the room hears it. */
  async leave(socket: Socket, room: string): Promise<void> {
    const slots = this.slots.get(socket.id);
    const slot = slots?.get(room);
    if (!slots || !slot) return;
    if (slot.storeTimer) clearTimeout(slot.storeTimer);
    slot.left = true;
    slots.delete(room);
    if (slots.size === 0) this.slots.delete(socket.id);
    if (slot.data === null) return;
    const user = userOf(socket);
    // The entry goes before the room hears of it, so whoever reacts to the leave by subscribing finds no ghost.
    try {
      await this.redis.hdel(connectionsKey(user.apiKeyId, slot.ref), socket.id);
    } finally {
      this.frames.leave(room, slot.ref, { connectionId: socket.id, userId: user.userId });
    }
  }

  /** Rewrites this instance's entries before they lapse, and sweeps out lapsed ones of the documents it serves. */
  async refresh(): Promise<void> {
    const swept = new Map<string, { apiKeyId: string; ref: DocumentRefDto; room: string }>();
    for (const [socketId, slots] of this.slots) {
      const socket = this.server.of('/').sockets.get(socketId);
      if (!socket) continue;
      for (const slot of slots.values()) {
        if (slot.data !== null && !slot.storeTimer) await this.store(socket, slot);
        swept.set(slot.room, { apiKeyId: userOf(socket).apiKeyId, ref: slot.ref, room: slot.room });
      }
    }
    for (const { apiKeyId, ref, room } of swept.values()) await this.sweep(apiKeyId, ref, room);
  }

  get refreshIntervalMs(): number {
    return this.ttlMs / 3;
  }

  private async sweep(apiKeyId: string, ref: DocumentRefDto, room: string): Promise<void> {
    const key = connectionsKey(apiKeyId, ref);
    const now = Date.now();
    const lapsed = Object.values(await this.redis.hgetall(key))
      .map((raw) => JSON.parse(raw) as Stored)
      .filter((entry) => entry.expiresAt <= now);
    for (const entry of lapsed) {
      // Of the instances sweeping the same document, the one whose HDEL removes the entry tells the room.
      if ((await this.redis.hdel(key, entry.connectionId)) === 1) {
        this.frames.leave(room, ref, { connectionId: entry.connectionId, userId: entry.userId });
      }
    }
  }

  private storeQuietly(socket: Socket, slot: Slot): void {
    this.store(socket, slot).catch((error: unknown) =>
      this.logger.warn(`presence data write failed: ${(error as Error).message}`),
    );
  }

  private async store(socket: Socket, slot: Slot): Promise<void> {
    // Checked just before the write is queued: a leave's HDEL, queued later on the same connection, runs after it.
    if (slot.left) return;
    const user = userOf(socket);
    slot.storedAt = Date.now();
    const entry: Stored = {
      connectionId: socket.id,
      userId: user.userId,
      name: user.name,
      data: slot.data!,
      expiresAt: Date.now() + this.ttlMs,
    };
    // The hash outlives its entries' deadline, so the sweepers still find a lapsed entry to report.
    await this.redis.eval(
      WRITE_SCRIPT,
      1,
      connectionsKey(user.apiKeyId, slot.ref),
      this.ttlMs * 2,
      socket.id,
      JSON.stringify(entry),
    );
  }

  private slotOf(socket: Socket, room: string, ref: DocumentRefDto): Slot {
    let slots = this.slots.get(socket.id);
    if (!slots) {
      slots = new Map();
      this.slots.set(socket.id, slots);
    }
    let slot = slots.get(room);
    if (!slot) {
      slot = {
        ref: pick(ref),
        room,
        data: null,
        storedAt: 0,
        storeTimer: null,
        rate: new UpdateRate(this.config.presenceSetsPerSecond, Date.now()),
        left: false,
      };
      slots.set(room, slot);
    }
    return slot;
  }
}

function pick(ref: DocumentRefDto): DocumentRefDto {
  return { organizationId: ref.organizationId, documentId: ref.documentId };
}
