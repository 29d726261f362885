import { Global, Inject, Logger, Module, OnApplicationShutdown } from '@nestjs/common';
import { AppConfig } from '@app/common';
import { connectRedis, RedisClient } from './redis-connection';

export const REDIS = Symbol('REDIS');

export const REDIS_COMMAND_TIMEOUT_MS = 2000;

/**
 * Application Redis client (one server or a cluster). Every key it writes is under `<REDIS_PREFIX>:`
 * so deployments and test suites can share a server.
 */
export function createRedis(config: AppConfig, name: string): RedisClient {
  const client = connectRedis(config, {
    keyPrefix: `${config.redisPrefix}:`,
    connectionName: name,
    // Requests fail fast with UNAVAILABLE while Redis is down instead of queueing behind a dead connection.
    maxRetriesPerRequest: 1,
    // Bounds every call even when the connection hangs or flaps (a half-open link, a proxy that
    // accepts then drops): the caller gets UNAVAILABLE instead of waiting out the outage.
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    enableOfflineQueue: true,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
  });
  const logger = new Logger('Redis');
  client.on('error', (error: Error) => logger.warn(`${name}: ${error.message}`));
  return client;
}

@Global()
@Module({
  providers: [{ provide: REDIS, inject: [AppConfig], useFactory: (config: AppConfig) => createRedis(config, 'app') }],
  exports: [REDIS],
})
export class RedisModule implements OnApplicationShutdown {
  constructor(@Inject(REDIS) private readonly redis: RedisClient) {}

  async onApplicationShutdown(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
