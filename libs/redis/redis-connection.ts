import { Cluster, ClusterOptions, Redis, RedisOptions } from 'ioredis';
import { AppConfig } from '@app/common';

/** A client of the configured Redis: one server (REDIS_URL) or a cluster (REDIS_CLUSTER_NODES); both take the same commands. */
export type RedisClient = Redis | Cluster;

/** Cluster-only settings a caller may add, such as `shardedSubscribers` for SSUBSCRIBE. */
export type ClusterExtras = Pick<ClusterOptions, 'shardedSubscribers' | 'enableOfflineQueue'>;

/**
 * Connects to REDIS_URL, or to the cluster seeded by REDIS_CLUSTER_NODES with the same per-node
 * options. A cluster client follows MOVED/ASK redirections and slot changes itself; `keyPrefix` is
 * applied by the cluster client, before the key's slot is computed, so hash tags in keys keep working.
 */
export function connectRedis(config: AppConfig, options: RedisOptions, extras: ClusterExtras = {}): RedisClient {
  if (!config.redisClusterNodes) return new Redis(config.redisUrl, options);
  const { keyPrefix, enableOfflineQueue, ...nodeOptions } = options;
  return new Cluster(config.redisClusterNodes, {
    keyPrefix,
    enableOfflineQueue: extras.enableOfflineQueue ?? enableOfflineQueue ?? true,
    shardedSubscribers: extras.shardedSubscribers ?? false,
    redisOptions: nodeOptions,
    // A master that stopped answering: its slots fail fast instead of every command waiting out the redirection budget.
    retryDelayOnClusterDown: 100,
    retryDelayOnFailover: 100,
    maxRedirections: 4,
    clusterRetryStrategy: (attempt) => Math.min(attempt * 200, 2000),
  });
}

/**
 * The servers that hold keys: every master of a cluster, or the one server. Commands that walk the
 * keyspace (SCAN) see only the node they are sent to, so they run once per entry.
 */
export function keyspaceNodes(client: RedisClient): Redis[] {
  return client instanceof Cluster ? client.nodes('master') : [client];
}
