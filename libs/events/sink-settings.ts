import { EntityManager } from 'typeorm';
import { TtlCache } from '@app/common';

/**
 * A sink's settings of an API key, read once per `ttlMs` instead of once per event batch. Loaded with
 * the emitter's transaction (never a second pooled connection); the service that changes them calls
 * `forget` after commit, so this instance sees the change at once and every other within `ttlMs`
 * (AUTH_CACHE_TTL_MS, the bound of verified credentials).
 */
export class SinkSettings<T extends object | null> {
  private readonly cache: TtlCache<T>;
  /** Bumped by every `forget`: a load that began before it is not kept. */
  private generation = 0;

  constructor(
    ttlMs: number,
    private readonly load: (manager: EntityManager, apiKeyId: string) => Promise<T>,
  ) {
    this.cache = new TtlCache(ttlMs);
  }

  async of(manager: EntityManager, apiKeyId: string): Promise<T> {
    const known = this.cache.get(apiKeyId);
    if (known !== undefined) return known;
    const generation = this.generation;
    const loaded = await this.load(manager, apiKeyId);
    if (generation === this.generation) this.cache.set(apiKeyId, loaded);
    return loaded;
  }

  forget(apiKeyId: string): void {
    this.generation += 1;
    this.cache.delete(apiKeyId);
  }
}
