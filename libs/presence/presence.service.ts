import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AppConfig, BatchItem, DocumentRefDto, item } from '@app/common';
import { RealtimeHub } from '@app/realtime-hub';
import { REDIS, RedisClient } from '@app/redis';
import { ensureDocument } from '@app/resource';
import { PresenceUserDto } from './dto/presence.dto';
import { PRESENCE_WRITE_SCRIPT, presenceKey } from './presence-key';
import { PublishWindows } from './publish-windows';

/** Spec: Presence user. */
export interface PresenceUser {
  userId: string;
  name: string;
  email: string;
  status: string;
}

interface StoredPresence extends PresenceUser {
  expiresAt: number;
}

export const PRESENCE_EVENT = 'presence';
/** HSET + PEXPIRE + HGETALL in one command: a write and the read its publish needs in one round trip. */
const DEFAULT_STATUS = 'online';

/**
 * Presence per document in one Redis hash (docs/architecture.md "Resources and live data"). Redis 7.0 has no per-field expiry, so each
 * entry carries its own deadline, readers drop lapsed entries, and the whole hash expires after
 * PRESENCE_TTL_S without writes. Every change is pushed to the document's sockets as the whole list:
 * at once when the document is quiet, folded into one push per PRESENCE_PUBLISH_WINDOW_MS in a burst.
 */
@Injectable()
export class PresenceService {
  private readonly ttlMs: number;
  private readonly windows: PublishWindows;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(REDIS) private readonly redis: RedisClient,
    private readonly hub: RealtimeHub,
    config: AppConfig,
  ) {
    this.ttlMs = config.presenceTtlSeconds * 1000;
    this.windows = new PublishWindows(config.presencePublishWindowMs, new Logger('Presence'));
  }

  async add(apiKeyId: string, ref: DocumentRefDto, users: PresenceUserDto[]): Promise<void> {
    await this.assertDocument(apiKeyId, ref);
    const entries = users.map((user) => ({
      userId: user.userId,
      name: user.name ?? '',
      email: user.email ?? '',
      status: user.status ?? DEFAULT_STATUS,
    }));
    await this.publish(apiKeyId, ref, await this.present(apiKeyId, ref, (await this.write(apiKeyId, ref, entries))!));
  }

  /** Changes the given fields of users already present; others get "User is not present.". */
  async update(apiKeyId: string, ref: DocumentRefDto, users: PresenceUserDto[]): Promise<BatchItem[]> {
    await this.assertDocument(apiKeyId, ref);
    const current = new Map((await this.list(apiKeyId, ref)).map((user) => [user.userId, user]));
    const changed = users
      .filter((user) => current.has(user.userId))
      .map((user) => {
        const was = current.get(user.userId)!;
        return {
          userId: user.userId,
          name: user.name ?? was.name,
          email: user.email ?? was.email,
          status: user.status ?? was.status,
        };
      });
    const stored = await this.write(apiKeyId, ref, changed);
    if (stored) await this.publish(apiKeyId, ref, await this.present(apiKeyId, ref, stored));
    return users.map((user) =>
      current.has(user.userId)
        ? item(user.userId, true, 'Presence updated.')
        : item(user.userId, false, 'User is not present.'),
    );
  }

  async remove(apiKeyId: string, ref: DocumentRefDto, userIds: string[]): Promise<void> {
    await this.assertDocument(apiKeyId, ref);
    await this.leave(apiKeyId, ref, userIds);
  }

  async get(apiKeyId: string, ref: DocumentRefDto): Promise<PresenceUser[]> {
    await this.assertDocument(apiKeyId, ref);
    return this.list(apiKeyId, ref);
  }

  /**
   * For connected sockets: no document check, the gateway already resolved access. Answers who is
   * present now, the joining user included, from the write's own round trip.
   */
  async join(apiKeyId: string, ref: DocumentRefDto, user: PresenceUser, publish = true): Promise<PresenceUser[]> {
    const users = await this.present(apiKeyId, ref, (await this.write(apiKeyId, ref, [user]))!);
    if (publish) await this.publish(apiKeyId, ref, users);
    return users;
  }

  async leave(apiKeyId: string, ref: DocumentRefDto, userIds: string[]): Promise<void> {
    await this.redis.hdel(key(apiKeyId, ref), ...userIds);
    await this.publish(apiKeyId, ref);
  }

  async list(apiKeyId: string, ref: DocumentRefDto): Promise<PresenceUser[]> {
    return this.present(apiKeyId, ref, await this.redis.hgetall(key(apiKeyId, ref)));
  }

  /** The live entries of the hash, by user id; lapsed ones are dropped from Redis on the way. */
  private async present(
    apiKeyId: string,
    ref: DocumentRefDto,
    entries: Record<string, string>,
  ): Promise<PresenceUser[]> {
    const now = Date.now();
    const users: PresenceUser[] = [];
    const lapsed: string[] = [];
    for (const [userId, raw] of Object.entries(entries)) {
      const { expiresAt, ...user } = JSON.parse(raw) as StoredPresence;
      if (expiresAt > now) users.push(user);
      else lapsed.push(userId);
    }
    if (lapsed.length > 0) await this.redis.hdel(key(apiKeyId, ref), ...lapsed);
    return users.sort((a, b) => (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0));
  }

  /** Writes the entries and reads the whole hash back in the same round trip; null when there is nothing to write. */
  private async write(
    apiKeyId: string,
    ref: DocumentRefDto,
    users: PresenceUser[],
  ): Promise<Record<string, string> | null> {
    if (users.length === 0) return null;
    const expiresAt = Date.now() + this.ttlMs;
    const fields = users.flatMap((user) => {
      const entry: StoredPresence = {
        userId: user.userId,
        name: user.name,
        email: user.email,
        status: user.status,
        expiresAt,
      };
      return [user.userId, JSON.stringify(entry)];
    });
    const flat = (await this.redis.eval(
      PRESENCE_WRITE_SCRIPT,
      1,
      key(apiKeyId, ref),
      this.ttlMs,
      ...fields,
    )) as string[];
    const stored: Record<string, string> = {};
    for (let i = 0; i < flat.length; i += 2) stored[flat[i]] = flat[i + 1];
    return stored;
  }

  /**
   * Pushes the document's presence list: `users` when the caller has just read it, else read now. Within
   * a window after the last push it is folded into one push at the window's end, which reads the list then.
   */
  private publish(apiKeyId: string, ref: DocumentRefDto, users: PresenceUser[] | null = null): Promise<void> {
    const emitList = async (list: PresenceUser[] | null) =>
      this.hub.emitToDocument(apiKeyId, ref.organizationId, ref.documentId, PRESENCE_EVENT, {
        ...pick(ref),
        users: list ?? (await this.list(apiKeyId, ref)),
      });
    return this.windows.publish(
      key(apiKeyId, ref),
      () => emitList(users),
      () => emitList(null),
    );
  }

  private assertDocument(apiKeyId: string, ref: DocumentRefDto): Promise<void> {
    return ensureDocument(this.dataSource.manager, apiKeyId, ref.organizationId, ref.documentId, { lock: false });
  }
}

function pick(ref: DocumentRefDto): DocumentRefDto {
  return { organizationId: ref.organizationId, documentId: ref.documentId };
}

function key(apiKeyId: string, ref: DocumentRefDto): string {
  return presenceKey(apiKeyId, ref.organizationId, ref.documentId);
}
