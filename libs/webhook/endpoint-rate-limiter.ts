import { Inject, Injectable } from '@nestjs/common';
import { Redis } from 'ioredis';
import { REDIS } from '@app/redis';

/**
 * GCRA over Redis, atomic in one script so every worker shares an endpoint's budget: each delivery
 * moves the endpoint's theoretical arrival time (TAT) on by 1000/limit ms, and up to `limit` may go
 * at once. Answers 0 when the delivery may go now, else the milliseconds to wait; a refused call
 * reserves nothing. Redis's clock, so workers on different machines agree.
 */
const GCRA = `
local t = redis.call('TIME')
local now = t[1] * 1000 + math.floor(t[2] / 1000)
local interval = tonumber(ARGV[1])
local tolerance = tonumber(ARGV[2])
local tat = tonumber(redis.call('GET', KEYS[1]) or '0')
if tat < now then tat = now end
local wait = tat - tolerance - now
if wait > 0 then return math.ceil(wait) end
tat = tat + interval
redis.call('SET', KEYS[1], tostring(tat), 'PX', math.ceil(tat - now) + 1000)
return 0
`;

@Injectable()
export class EndpointRateLimiter {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  /** Milliseconds to wait before delivering to the endpoint (0: go now), counting this delivery when it may go. */
  async reserve(endpointId: string, perSecond: number): Promise<number> {
    const interval = 1000 / perSecond;
    const wait = await this.redis.eval(
      GCRA,
      1,
      `webhook-endpoint-rate:${endpointId}`,
      String(interval),
      String(1000 - interval),
    );
    return Number(wait);
  }
}
