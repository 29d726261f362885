import { Redis } from 'ioredis';

/** What Redis servers did, summed over their masters: command calls, server CPU, client bytes. */
export interface RedisStats {
  calls: Record<string, number>;
  /** used_cpu_user + used_cpu_sys of the servers, µs: commands and network I/O alike. */
  cpuUs: number;
  bytesIn: number;
  bytesOut: number;
}

/** Commands a measurement itself sends; left out of the counts. */
const OWN_COMMANDS = new Set([
  'info',
  'hello',
  'config|resetstat',
  'cluster|info',
  'cluster|slots',
  'cluster|nodes',
  'ping',
  'client|setname',
  'client|setinfo',
  'select',
]);

/** INFO commandstats and stats of every server on the ports, summed. */
export async function redisStats(ports: number[]): Promise<RedisStats> {
  const total: RedisStats = { calls: {}, cpuUs: 0, bytesIn: 0, bytesOut: 0 };
  for (const port of ports) {
    const redis = new Redis(port, '127.0.0.1', { maxRetriesPerRequest: 1 });
    try {
      const info = `${await redis.info('commandstats')}\n${await redis.info('stats')}\n${await redis.info('cpu')}`;
      // Commands a script runs are counted too (EVAL and the HSET inside it are two calls).
      for (const [, name, calls] of info.matchAll(/^cmdstat_([^:]+):calls=(\d+)/gm)) {
        if (OWN_COMMANDS.has(name)) continue;
        total.calls[name] = (total.calls[name] ?? 0) + Number(calls);
      }
      const cpuSeconds = (field: string) => Number(new RegExp(`^${field}:([\\d.]+)`, 'm').exec(info)?.[1] ?? 0);
      total.cpuUs += (cpuSeconds('used_cpu_user') + cpuSeconds('used_cpu_sys')) * 1e6;
      total.bytesIn += Number(/^total_net_input_bytes:(\d+)/m.exec(info)?.[1] ?? 0);
      total.bytesOut += Number(/^total_net_output_bytes:(\d+)/m.exec(info)?.[1] ?? 0);
    } finally {
      redis.disconnect();
    }
  }
  return total;
}

export interface RedisCost {
  commands: number;
  byCommand: string;
  cpuUs: number;
  bytesIn: number;
  bytesOut: number;
}

/**
 * Redis's cost per operation of `work` (which answers how many operations it did): the readings
 * around it, less what one reading costs by itself (its own INFO replies count as output bytes).
 */
export async function measureRedis<T extends { operations: number }>(
  ports: number[],
  work: () => Promise<T>,
): Promise<T & { redis: RedisCost }> {
  const first = await redisStats(ports);
  const before = await redisStats(ports);
  const result = await work();
  const after = await redisStats(ports);
  const reading = {
    bytesIn: before.bytesIn - first.bytesIn,
    bytesOut: before.bytesOut - first.bytesOut,
    cpuUs: before.cpuUs - first.cpuUs,
  };
  const corrected = {
    ...after,
    bytesIn: after.bytesIn - reading.bytesIn,
    bytesOut: after.bytesOut - reading.bytesOut,
    cpuUs: after.cpuUs - reading.cpuUs,
  };
  return { ...result, redis: perOperation(before, corrected, result.operations) };
}

function perOperation(before: RedisStats, after: RedisStats, operations: number): RedisCost {
  const byCommand = Object.entries(after.calls)
    .map(([name, calls]) => [name, (calls - (before.calls[name] ?? 0)) / operations] as const)
    .filter(([, calls]) => calls >= 0.05)
    .sort((a, b) => b[1] - a[1]);
  return {
    commands: byCommand.reduce((sum, [, calls]) => sum + calls, 0),
    byCommand: byCommand.map(([name, calls]) => `${name} ${calls.toFixed(2)}`).join(', '),
    cpuUs: (after.cpuUs - before.cpuUs) / operations,
    bytesIn: (after.bytesIn - before.bytesIn) / operations,
    bytesOut: (after.bytesOut - before.bytesOut) / operations,
  };
}
