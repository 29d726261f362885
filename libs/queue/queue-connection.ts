import { DynamicModule, Inject, Injectable, Module, OnApplicationShutdown } from '@nestjs/common';
import { QueueOptions } from 'bullmq';
import { Cluster } from 'ioredis';
import { AppConfig } from '@app/common';
import { connectRedis } from '@app/redis';

/**
 * Prefix of every BullMQ key. On a cluster it is a hash tag (BullMQ's scripts touch many keys of a
 * queue at once, which a cluster runs only when they share a slot). A single Redis keeps the
 * untagged prefix it always had, so the jobs of an existing deployment stay where its workers look.
 */
export function queuePrefix(config: Pick<AppConfig, 'redisPrefix' | 'redisClusterNodes'>): string {
  return config.redisClusterNodes ? `{${config.redisPrefix}}:bull` : `${config.redisPrefix}:bull`;
}

const CONNECTION_OPTIONS = Symbol('QUEUE_CONNECTION_OPTIONS');

/** How the process's queue connection behaves while Redis is away (see QueueModule). */
export interface QueueConnectionOptions {
  maxRetriesPerRequest: number | null;
  enableOfflineQueue?: boolean;
  commandTimeout?: number;
}

/**
 * The connection BullMQ's queues and workers of this process use. For one server BullMQ takes the
 * options and owns its connections; a cluster client must be made here (BullMQ cannot build one
 * from options) and, being shared, is closed here after the queues.
 */
@Injectable()
export class QueueConnection implements OnApplicationShutdown {
  readonly connection: QueueOptions['connection'];
  private readonly cluster: Cluster | null;

  constructor(config: AppConfig, @Inject(CONNECTION_OPTIONS) options: QueueConnectionOptions) {
    if (config.redisClusterNodes) {
      this.cluster = connectRedis(config, options) as Cluster;
      this.connection = this.cluster;
    } else {
      this.cluster = null;
      this.connection = { url: config.redisUrl, ...options };
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await this.cluster?.quit().catch(() => this.cluster?.disconnect());
  }
}

@Module({})
export class QueueConnectionModule {
  static with(options: QueueConnectionOptions): DynamicModule {
    return {
      module: QueueConnectionModule,
      providers: [{ provide: CONNECTION_OPTIONS, useValue: options }, QueueConnection],
      exports: [QueueConnection],
    };
  }
}
