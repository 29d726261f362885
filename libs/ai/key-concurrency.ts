import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { REDIS } from '@app/redis';
import { ModelError } from './model-error';

/**
 * A counting semaphore in one sorted set per API key, so every API and worker process shares the
 * key's limit: members are leases scored by their expiry (Redis's clock), so a lease of a killed
 * process frees itself. Answers 1 when a lease was taken.
 */
const ACQUIRE = `
local t = redis.call('TIME')
local now = t[1] * 1000 + math.floor(t[2] / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[1]) then return 0 end
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[2]), ARGV[3])
redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[2]))
return 1
`;

const POLL_MS = 25;
const MAX_POLL_MS = 250;

export interface LeaseOptions {
  apiKeyId: string;
  limit: number;
  /** How long the lease lives if it is never released (the call's own timeout and a margin). */
  leaseMs: number;
  /** How long to wait for a free slot before the call fails as `busy`. */
  waitMs: number;
}

@Injectable()
export class KeyConcurrency {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  /** Runs `task` holding one of the key's slots; waits (polling with backoff) for one to free. */
  async run<T>(options: LeaseOptions, task: () => Promise<T>): Promise<T> {
    const key = `ai-concurrency:${options.apiKeyId}`;
    const lease = randomUUID();
    const deadline = Date.now() + options.waitMs;
    let pause = POLL_MS;
    while (
      Number(await this.redis.eval(ACQUIRE, 1, key, String(options.limit), String(options.leaseMs), lease)) !== 1
    ) {
      if (Date.now() >= deadline) {
        throw new ModelError('busy', `All ${options.limit} model calls of this API key stayed busy.`);
      }
      await new Promise((resolve) => setTimeout(resolve, pause));
      pause = Math.min(pause * 2, MAX_POLL_MS);
    }
    try {
      return await task();
    } finally {
      await this.redis.zrem(key, lease).catch(() => undefined);
    }
  }
}
