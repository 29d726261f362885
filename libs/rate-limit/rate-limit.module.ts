import { ThrottlerStorageRedisService } from '@nest-lab/throttler-storage-redis';
import { Module } from '@nestjs/common';
import { ThrottlerModule } from '@nestjs/throttler';
import { Redis } from 'ioredis';
import { AppConfig } from '@app/common';
import { REDIS } from '@app/redis';

/**
 * Rate limits counted in Redis, so N API instances enforce one limit. The `default` throttler
 * guards workspace create per client IP (spec: Limits); routes opt in with ThrottlerGuard.
 */
@Module({
  imports: [
    ThrottlerModule.forRootAsync({
      inject: [AppConfig, REDIS],
      useFactory: (config: AppConfig, redis: Redis) => ({
        throttlers: [{ name: 'default', limit: config.workspaceCreateLimit, ttl: config.workspaceCreateWindowSeconds * 1000 }],
        storage: new ThrottlerStorageRedisService(redis),
      }),
    }),
  ],
  exports: [ThrottlerModule],
})
export class RateLimitModule {}
