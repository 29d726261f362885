import { Inject, Injectable } from '@nestjs/common';
import { keyspaceNodes, REDIS, RedisClient } from '@app/redis';
import { presenceKeyIds, presenceKeyPattern } from './presence-key';
import { PresenceUser } from './presence.service';

/** One live presence entry of the user, with the document it is on; `expiresAt` is its own deadline (epoch ms). */
export interface UserPresenceItem extends PresenceUser {
  organizationId: string;
  documentId: string;
  expiresAt: number;
}

/** Keys per SCAN call and per pipeline: bounds each round trip's work on the server. */
const SCAN_COUNT = 500;

/**
 * What the presence module holds about one end user, for the GDPR routes. Presence is one Redis hash
 * per document, so a user's entries are found by SCANning the hashes of the API key (or organization),
 * on every master of a cluster (each holds its own slots). These routes are rare; presence writes,
 * which are not, pay nothing for them (no per-user index to keep).
 */
@Injectable()
export class PresenceUserData {
  private readonly keyPrefix: string;

  constructor(@Inject(REDIS) private readonly redis: RedisClient) {
    this.keyPrefix = redis.options.keyPrefix ?? '';
  }

  /** The user's entries in the organization that have not lapsed, by document id. */
  async entries(apiKeyId: string, organizationId: string, userId: string): Promise<UserPresenceItem[]> {
    const keys = await this.keys(apiKeyId, organizationId);
    const entries = await this.onEach(keys, 'hget', userId);
    const now = Date.now();
    const items: UserPresenceItem[] = [];
    keys.forEach((key, i) => {
      const raw = entries[i];
      if (typeof raw !== 'string') return;
      const entry = JSON.parse(raw) as PresenceUser & { expiresAt: number };
      if (entry.expiresAt > now) items.push({ organizationId, documentId: presenceKeyIds(key)[2], ...entry });
    });
    return items.sort((a, b) => (a.documentId < b.documentId ? -1 : a.documentId > b.documentId ? 1 : 0));
  }

  /** Deletes the user's entries in the organizations (every one when null), lapsed or not; answers how many. Idempotent. */
  async erase(apiKeyId: string, organizations: string[] | null, userId: string): Promise<number> {
    let erased = 0;
    for (const organizationId of organizations ?? [undefined]) {
      const deleted = await this.onEach(await this.keys(apiKeyId, organizationId), 'hdel', userId);
      erased += deleted.reduce<number>((sum, n) => sum + Number(n), 0);
    }
    return erased;
  }

  /**
   * One HGET or HDEL of the user's field per key, SCAN_COUNT keys in flight at a time; the replies in
   * key order. Sent as separate commands, not one pipeline: on a cluster the keys are on many nodes,
   * and the client writes each command to its node's connection without waiting for the previous reply.
   */
  private async onEach(keys: string[], command: 'hget' | 'hdel', userId: string): Promise<unknown[]> {
    const replies: unknown[] = [];
    for (let i = 0; i < keys.length; i += SCAN_COUNT) {
      replies.push(
        ...(await Promise.all(
          keys
            .slice(i, i + SCAN_COUNT)
            .map((key) => (command === 'hget' ? this.redis.hget(key, userId) : this.redis.hdel(key, userId))),
        )),
      );
    }
    return replies;
  }

  /** Presence keys (without the client's keyPrefix, as commands take them) of the API key, or of one of its organizations. */
  private async keys(apiKeyId: string, organizationId?: string): Promise<string[]> {
    const match = presenceKeyPattern(this.keyPrefix, apiKeyId, organizationId);
    const keys = new Set<string>();
    for (const node of keyspaceNodes(this.redis)) {
      let cursor = '0';
      do {
        const [next, batch] = await node.scan(cursor, 'MATCH', match, 'COUNT', SCAN_COUNT);
        // SCAN may return a key twice; the Set keeps one.
        for (const key of batch) keys.add(key.slice(this.keyPrefix.length));
        cursor = next;
      } while (cursor !== '0');
    }
    return [...keys];
  }
}
