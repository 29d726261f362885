import { Logger } from '@nestjs/common';
import { createAdapter, createShardedAdapter } from '@socket.io/redis-adapter';
import { Cluster } from 'ioredis';
import { ServerOptions } from 'socket.io';
import { AppConfig } from '@app/common';
import { connectRedis, RedisClient } from '@app/redis';
import { OwnMessageParser } from './own-message-parser';

/** A socket.io adapter and the two Redis clients it publishes and subscribes with, to close at shutdown. */
export interface RealtimeAdapter {
  adapter: ServerOptions['adapter'];
  clients: RedisClient[];
}

/**
 * The adapter that makes socket.io servers on many processes one: on a single Redis the classic one
 * (PUBLISH/PSUBSCRIBE on `<prefix>:socket.io` channels), on a cluster the sharded one (Redis 7
 * SPUBLISH/SSUBSCRIBE, a channel per document room, so room traffic spreads over the shards instead
 * of every message reaching every node). Both carry serverSideEmit (access re-checks) on the
 * namespace's own channel. The classic one skips decoding its own publishes (own-message-parser.ts). No keyPrefix on these clients: it would not apply to channels anyway.
 */
export function realtimeAdapter(config: AppConfig, logger: Logger): RealtimeAdapter {
  const pub = connectRedis(config, { connectionName: 'socket.io-pub' });
  const sub = connectRedis(config, { connectionName: 'socket.io-sub' }, { shardedSubscribers: true });
  const clients = [pub, sub];
  for (const client of clients) client.on('error', (error: Error) => logger.warn(`socket.io redis: ${error.message}`));
  const channel = `${config.redisPrefix}:socket.io`;
  if (pub instanceof Cluster) return { adapter: createShardedAdapter(pub, sub, { channelPrefix: channel }), clients };
  const parser = new OwnMessageParser();
  const classic = createAdapter(pub, sub, { key: channel, parser });
  // socket.io calls the adapter with `new`: a function, not an arrow.
  const adapter = function ownedAdapter(nsp: unknown) {
    const created = classic(nsp);
    parser.own(created.uid as string);
    return created;
  };
  return { adapter, clients };
}

export async function closeRealtimeClients(clients: RedisClient[]): Promise<void> {
  await Promise.all(clients.map((client) => client.quit().catch(() => client.disconnect())));
}
