import { ThrottlerStorageRedisService } from '@nest-lab/throttler-storage-redis';
import { Module } from '@nestjs/common';
import { ThrottlerModule } from '@nestjs/throttler';
import { Cluster } from 'ioredis';
import { AppConfig } from '@app/common';
import { REDIS, RedisClient } from '@app/redis';

/**
 * Rate limits counted in Redis, so N API instances enforce one limit. The `default` throttler
 * guards workspace create per client IP (spec: Limits); routes opt in with ThrottlerGuard.
 */
@Module({
  imports: [
    ThrottlerModule.forRootAsync({
      inject: [AppConfig, REDIS],
      useFactory: (config: AppConfig, redis: RedisClient) => ({
        throttlers: [
          { name: 'default', limit: config.workspaceCreateLimit, ttl: config.workspaceCreateWindowSeconds * 1000 },
        ],
        // Its script's two keys share a `{key:throttler}` hash tag, so it runs on a cluster as is. The
        // branches only pick the constructor overload (one per client type) for the typechecker.
        storage:
          redis instanceof Cluster ? new ThrottlerStorageRedisService(redis) : new ThrottlerStorageRedisService(redis),
      }),
    }),
  ],
  exports: [ThrottlerModule],
})
export class RateLimitModule {}
