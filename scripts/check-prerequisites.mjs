#!/usr/bin/env node
// What `npm test` needs besides Node: PostgreSQL, Redis and a Chromium-family browser. Runs first in
// `pretest`, so a missing one costs no build: one line each, naming the fix, and exit 1.
import console from 'node:console';
import process from 'node:process';
import { URL } from 'node:url';
import { Redis } from 'ioredis';
import pg from 'pg';
import { findBrowser } from './browser.cjs';

// The same defaults as test/support/test-environment.ts.
const DATABASE_URL = process.env.TEST_ADMIN_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const TIMEOUT_MS = 3000;

/** @param {unknown} error */
const reason = (error) =>
  (error instanceof Error ? error.message || error.constructor.name : String(error)).split('\n')[0];
/** @param {string} url */
const hostOf = (url) => new URL(url).host;

/** @returns {Promise<string | null>} */
async function postgres() {
  const client = new pg.Client({ connectionString: DATABASE_URL, connectionTimeoutMillis: TIMEOUT_MS });
  try {
    await client.connect();
    /** @type {import('pg').QueryResult<{ superuser: boolean }>} */
    const result = await client.query('SELECT rolsuper AS superuser FROM pg_roles WHERE rolname = current_user');
    if (!result.rows[0]?.superuser)
      return `PostgreSQL at ${hostOf(DATABASE_URL)}: its user cannot create databases (each suite makes its own); connect as a superuser through TEST_ADMIN_DATABASE_URL.`;
    return null;
  } catch (error) {
    return `PostgreSQL is not reachable at ${hostOf(DATABASE_URL)} (${reason(error)}): start it (Debian: \`sudo service postgresql start\`; macOS: \`brew services start postgresql@16\`; Docker: see README), or point TEST_ADMIN_DATABASE_URL at one.`;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** @returns {Promise<string | null>} */
async function redis() {
  const client = new Redis(REDIS_URL, {
    lazyConnect: true,
    connectTimeout: TIMEOUT_MS,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  /** @type {unknown} */
  let cause;
  client.on('error', (error) => (cause = error));
  try {
    await client.connect();
    await client.ping();
    return null;
  } catch (error) {
    return `Redis is not reachable at ${hostOf(REDIS_URL)} (${reason(cause ?? error)}): start it (Debian: \`sudo service redis-server start\`; macOS: \`brew services start redis\`; Docker: see README), or point TEST_REDIS_URL at one.`;
  } finally {
    client.disconnect();
  }
}

const browser = findBrowser();
const problems = [await postgres(), await redis(), 'error' in browser ? browser.error : null].filter(
  (line) => line !== null,
);
for (const line of problems) console.error(line);
process.exitCode = problems.length > 0 ? 1 : 0;
