import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { Redis } from 'ioredis';
import { Client } from 'pg';

const run = promisify(execFile);

export const ADMIN_DATABASE_URL = process.env.TEST_ADMIN_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** One isolated world per suite: its own PostgreSQL database (migrated) and its own Redis key prefix. */
export interface TestEnvironment {
  name: string;
  env: Record<string, string>;
  databaseUrl: string;
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  redis: Redis;
  dispose(): Promise<void>;
}

export async function createTestEnvironment(): Promise<TestEnvironment> {
  const name = `t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new Client({ connectionString: ADMIN_DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const databaseUrl = new URL(ADMIN_DATABASE_URL);
  databaseUrl.pathname = `/${name}`;
  const env = {
    DATABASE_URL: databaseUrl.toString(),
    REDIS_URL,
    REDIS_PREFIX: name,
    SECRET_KEY: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'warn',
    WORKSPACE_CREATE_LIMIT: '100000',
    WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
  };
  await run(
    process.execPath,
    ['node_modules/typeorm/cli.js', 'migration:run', '-d', 'dist/apps/schema/src/data-source.js'],
    {
      env: { ...process.env, ...env },
    },
  );
  const db = new Client({ connectionString: env.DATABASE_URL });
  await db.connect();
  const redis = new Redis(REDIS_URL, { keyPrefix: `${name}:`, maxRetriesPerRequest: 1 });
  return {
    name,
    env,
    databaseUrl: env.DATABASE_URL,
    redis,
    async query<T>(sql: string, params: unknown[] = []) {
      return (await db.query(sql, params)).rows as T[];
    },
    async dispose() {
      await db.end().catch(() => undefined);
      await deleteKeys(redis, name);
      redis.disconnect();
      const cleanup = new Client({ connectionString: ADMIN_DATABASE_URL });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

async function deleteKeys(redis: Redis, prefix: string): Promise<void> {
  const raw = new Redis(REDIS_URL);
  try {
    let cursor = '0';
    do {
      const [next, keys] = await raw.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
      if (keys.length > 0) await raw.unlink(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    raw.disconnect();
  }
}
