import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
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
  await createMigratedDatabase(name, env);
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

const MIGRATIONS = 'dist/libs/database/migrations';
/** Any fixed key: test environments take PostgreSQL's advisory lock on it to build and copy the template one at a time. */
const TEMPLATE_LOCK = 7_262_026;
const TEMPLATE_KEEP_MS = 24 * 3600 * 1000;

/**
 * Creates database `name` as a copy of a template that the built migrations were run into once
 * (named by a hash of them, so a changed migration builds a new one): running the TypeORM CLI for
 * every suite cost seconds of CPU each. Templates of other migrations a day old are dropped as a new one is built.
 */
async function createMigratedDatabase(name: string, env: Record<string, string>): Promise<void> {
  const template = `t_template_${migrationsHash()}`;
  const admin = new Client({ connectionString: ADMIN_DATABASE_URL });
  await admin.connect();
  try {
    await admin.query('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK]);
    const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [template]);
    if (rowCount === 0) await buildTemplate(admin, template, env);
    await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
  } finally {
    await admin.end();
  }
}

async function buildTemplate(admin: Client, template: string, env: Record<string, string>): Promise<void> {
  // Another checkout on the same server may be testing other migrations right now: only templates
  // built more than a day ago (their comment holds the time) are dropped.
  const stale = await admin.query<{ datname: string }>(
    `SELECT datname FROM pg_database
      WHERE datname LIKE 't\\_template\\_%' AND datname <> $1
        AND coalesce(shobj_description(oid, 'pg_database'), '0')::bigint < $2`,
    [template, Date.now() - TEMPLATE_KEEP_MS],
  );
  for (const { datname } of stale.rows) await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
  const building = `${template}_building`;
  await admin.query(`DROP DATABASE IF EXISTS "${building}"`);
  await admin.query(`CREATE DATABASE "${building}"`);
  const url = new URL(ADMIN_DATABASE_URL);
  url.pathname = `/${building}`;
  await run(
    process.execPath,
    ['node_modules/typeorm/cli.js', 'migration:run', '-d', 'dist/apps/schema/src/data-source.js'],
    {
      env: { ...process.env, ...env, DATABASE_URL: url.toString() },
    },
  );
  await admin.query(`COMMENT ON DATABASE "${building}" IS '${Date.now()}'`);
  await admin.query(`ALTER DATABASE "${building}" RENAME TO "${template}"`);
}

function migrationsHash(): string {
  const hash = createHash('sha256');
  for (const file of readdirSync(MIGRATIONS)
    .filter((f) => f.endsWith('.js'))
    .sort())
    hash.update(file).update(readFileSync(join(MIGRATIONS, file)));
  return hash.digest('hex').slice(0, 16);
}
