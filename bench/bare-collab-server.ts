import { Database } from '@hocuspocus/extension-database';
import { Redis as RedisSync, RedisInstance } from '@hocuspocus/extension-redis';
import type { beforeHandleMessagePayload, Extension, onAuthenticatePayload } from '@hocuspocus/server';
import { Server } from '@hocuspocus/server';
import { Redis } from 'ioredis';
import { decodeJwt } from 'jose';
import { Pool } from 'pg';
import * as Y from 'yjs';
import { EMPTY_UPDATE_BYTES, readClientFrame } from '../libs/collab/sync-message';
import { UpdateRate } from '../libs/common/update-rate';
import { CrdtKey, parseDocumentName } from '../libs/crdt/crdt-key';
import { compactIn, CRDT_SQL, keyParams, UpdateBatcher } from '../libs/crdt/crdt-log';
import { preparedStatement } from '../libs/database/statement';

/**
 * Same-I/O baseline for bench/collab.bench.ts: a bare Hocuspocus `Server` (its own HTTP server and
 * ws, no Nest) with the API's extensions doing the API's I/O:
 * - the Redis extension with the same options (prefix `<REDIS_PREFIX>:collab`; the bench gives this
 *   server a REDIS_PREFIX of its own, so its channels and locks never meet the API's);
 * - a beforeHandleMessage that makes the API's checks (update size, per-connection rate, document
 *   size) and appends each update to `crdt_update` before it is applied, batched per document and
 *   event-loop turn, with the same prepared INSERT ... unnest statement (same text, so same name);
 * - the Database extension with the same load (prepared UNION ALL) and compaction (transaction:
 *   row insert, SELECT ... FOR UPDATE, log read, UPDATE, DELETE), with the same debounce.
 * The statements, the batching and the compaction are libs/crdt/crdt-log.ts, the Nest-free half of
 * CrdtStore, so both sides run the same I/O by construction.
 *
 * Authentication: the token is decoded (for the user id the log rows carry) but neither verified
 * nor checked against the access rule, and the upgrade does no allowed-domains query. The API does
 * that I/O once per document open (and per upgrade), never per update; the bench opens every
 * document before it starts timing, so neither the round trip nor updates/s includes it.
 * Not copied either: TenantSocket's renaming of each message and the Prometheus metrics, which are
 * the API's own per-message work that the comparison is meant to price.
 * Prints its port when ready.
 */
const env = process.env;
const maxUpdateBytes = Number(env.COLLAB_MAX_UPDATE_BYTES ?? 1024 * 1024);
const maxDocumentBytes = Number(env.COLLAB_MAX_DOCUMENT_BYTES ?? 16 * 1024 * 1024);
const maxUpdatesPerSecond = Number(env.COLLAB_MAX_UPDATES_PER_SECOND ?? 100);
const debounceMs = Number(env.COLLAB_COMPACT_DEBOUNCE_MS ?? 2000);

const LOAD = preparedStatement(CRDT_SQL.load);
const APPEND = preparedStatement(CRDT_SQL.append);

interface Context {
  userId: string;
  rate: UpdateRate;
}

const pool = new Pool({
  connectionString: env.DATABASE_URL,
  max: 20,
  connectionTimeoutMillis: 5000,
  idleTimeoutMillis: 30_000,
});
/** Documents by name, as opened: the API key comes with the connection's URL, as on the API. */
const keys = new Map<string, CrdtKey>();
const sizes = new Map<string, number>();
const batcher = new UpdateBatcher(async (key, data, userIds) => {
  await pool.query({ name: APPEND.name, text: APPEND.text, values: [...keyParams(key), data, userIds] });
});

function keyOf(documentName: string): CrdtKey {
  const key = keys.get(documentName);
  if (!key) throw new Error(`unknown document ${documentName}`);
  return key;
}

async function load(key: CrdtKey): Promise<Uint8Array | null> {
  const { rows } = await pool.query<{ data: Buffer }>({ name: LOAD.name, text: LOAD.text, values: keyParams(key) });
  return rows.length === 0 ? null : Y.mergeUpdates(rows.map((row) => row.data));
}

/** CrdtStore.compact, on a pool client instead of a TypeORM transaction (TypeORM sends START TRANSACTION / COMMIT). */
async function compact(key: CrdtKey, memoryState: Uint8Array | null): Promise<number> {
  const client = await pool.connect();
  try {
    await client.query('START TRANSACTION');
    const bytes = await compactIn(
      async <T>(sql: string, params: unknown[]) => (await client.query(sql, params)).rows as T[],
      key,
      { memoryState },
    );
    await client.query('COMMIT');
    return bytes;
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  } finally {
    client.release();
  }
}

const access: Extension = {
  extensionName: 'bare-access',
  onAuthenticate({ token, documentName, requestParameters }: onAuthenticatePayload): Promise<Context> {
    const parts = parseDocumentName(documentName);
    const apiKeyId = requestParameters.get('apiKey');
    if (!parts || !apiKeyId) return Promise.reject(new Error('invalid-document-name'));
    keys.set(documentName, { apiKeyId, ...parts });
    return Promise.resolve({
      userId: String(decodeJwt(token).userId),
      rate: new UpdateRate(maxUpdatesPerSecond, Date.now()),
    });
  },
};

const durability: Extension = {
  extensionName: 'bare-durability',
  async beforeHandleMessage({
    update: message,
    connection,
    documentName,
    context,
  }: beforeHandleMessagePayload): Promise<void> {
    if (connection.readOnly) return;
    const frame = readClientFrame(message);
    if (frame.kind !== 'update' || frame.update.length <= EMPTY_UPDATE_BYTES) return;
    const { update } = frame;
    const { userId, rate } = context as Context;
    if (update.length > maxUpdateBytes) throw new Error('update-too-large');
    if (!rate.take(Date.now())) throw new Error('rate-limited');
    if ((sizes.get(documentName) ?? 0) + update.length > maxDocumentBytes) throw new Error('document-too-large');
    await batcher.append(keyOf(documentName), update, userId);
    sizes.set(documentName, (sizes.get(documentName) ?? 0) + update.length);
  },
};

const database = new Database({
  fetch: async ({ documentName }) => {
    const update = await load(keyOf(documentName));
    sizes.set(documentName, update?.length ?? 0);
    return update;
  },
  store: async ({ documentName, state }) => {
    try {
      sizes.set(documentName, await compact(keyOf(documentName), state));
    } catch (error) {
      process.stderr.write(`bare compaction of ${documentName} failed: ${String(error)}\n`);
    }
  },
});

const redis = new RedisSync({
  createClient: () =>
    new Redis(env.REDIS_URL ?? 'redis://127.0.0.1:6379', { connectionName: 'collab' }) as unknown as RedisInstance,
  prefix: `${env.REDIS_PREFIX ?? 'bench'}:collab`,
  disconnectDelay: 250,
});

const server = new Server(
  {
    name: 'bare-collab',
    port: 0,
    address: '127.0.0.1',
    quiet: true,
    stopOnSignals: false,
    debounce: debounceMs,
    maxDebounce: debounceMs * 5,
    extensions: [redis, access, durability, database],
  },
  { maxPayload: maxUpdateBytes + 64 * 1024 },
);

void server.listen().then(() => process.stdout.write(`${server.address.port}\n`));
process.on('SIGTERM', () => {
  void server
    .destroy()
    .then(() => pool.end())
    .finally(() => process.exit(0));
});
