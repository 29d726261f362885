import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import { SignJWT } from 'jose';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { Pool, QueryResultRow } from 'pg';
import { Server } from 'socket.io';
import { annotationListing, ListedThreadRow, storedThread } from '../../libs/comment/comment-sql';
import { PreparedStatement, preparedStatement } from '../../libs/database/statement';
import { documentView, DocumentRow } from '../../libs/document/document-view';
import { JsonObject } from '../../libs/live-state/deep-merge';
import { organizationView, OrganizationRow } from '../../libs/organization/organization-view';
import { PRESENCE_WRITE_SCRIPT, presenceKey } from '../../libs/presence/presence-key';
import { documentRoom } from '../../libs/realtime-hub/rooms';

/**
 * The I/O of each hot route as the API at commit b0a6cef issues it (statements and Redis commands
 * recorded with PostgreSQL's log_statement and Redis MONITOR while calling the route), shared by the same-I/O
 * node:http baseline and the minimal Nest peer so both do exactly this work. Named statements get
 * the API's names (libs/database preparedStatement hashes the text), so equal names mean equal text.
 * Most of the API's SQL lives in Nest services, which this Nest-free file cannot import: those texts
 * are copied byte for byte. commentannotations/get's listing is imported from the comment module's
 * Nest-free libs/comment/comment-sql.ts, so it cannot drift. When the API changes a route's I/O,
 * change it here too.
 */
/** The clients a hot route's work runs on; a class so the Nest peer can inject it by type. */
export class Backends {
  constructor(
    readonly pool: Pool,
    readonly redis: Redis,
    readonly io: Server,
    private readonly pubSub: Redis[],
  ) {}

  async close(): Promise<void> {
    // The socket.io server never listened: closing its Redis clients is all there is to close.
    for (const client of [this.redis, ...this.pubSub]) client.disconnect();
    await this.pool.end();
  }
}

export interface Envelope {
  result: { status: 'success'; message: string; data: unknown };
}

type Data = Record<string, unknown>;
export type RouteWork = (backends: Backends, apiKeyId: string, data: Data) => Promise<Envelope>;

/** Same pool size and Redis clients as the API: a keyPrefixed client for keys, a pub/sub pair for the socket.io adapter. */
export function openBackends(env: NodeJS.ProcessEnv): Backends {
  const prefix = env.REDIS_PREFIX ?? 'bench';
  const pool = new Pool({ connectionString: env.DATABASE_URL, max: 20 });
  const redis = new Redis(env.REDIS_URL ?? 'redis://127.0.0.1:6379', { keyPrefix: `${prefix}:` });
  const pub = new Redis(env.REDIS_URL ?? 'redis://127.0.0.1:6379');
  const sub = pub.duplicate();
  const io = new Server({ adapter: createAdapter(pub, sub, { key: `${prefix}:socket.io` }) });
  return new Backends(pool, redis, io, [pub, sub]);
}

const ok = (message: string, data: unknown): Envelope => ({ result: { status: 'success', message, data } });

/** pg's named form on the pool, as the API's queryPrepared runs it outside a transaction. */
function queryPrepared<T extends QueryResultRow>(
  pool: Pool,
  statement: PreparedStatement,
  values: unknown[],
): Promise<T[]> {
  return pool.query<T>({ name: statement.name, text: statement.text, values }).then((result) => result.rows);
}

const AUTH_TTL_MS = Number(process.env.AUTH_CACHE_TTL_MS ?? 5000);
const verified = new Map<string, { apiKeyId: string; expiresAt: number }>();

/**
 * The API's per-request auth: SHA-256 of the token, then a 5 s in-process cache of verified pairs
 * (CredentialService), falling back to the same auth_token join on a miss. Null when refused.
 */
export async function verifyApiKey(
  pool: Pool,
  apiKeyId: string | undefined,
  token: string | undefined,
): Promise<string | null> {
  if (!apiKeyId || !token) return null;
  const hash = createHash('sha256').update(token, 'utf8').digest();
  const cacheKey = `${apiKeyId}:${hash.toString('base64')}`;
  const cached = verified.get(cacheKey);
  if (cached && cached.expiresAt > Date.now()) return cached.apiKeyId;
  const { rows } = await pool.query<{ hash: Buffer; apiKeyId: string }>(
    'SELECT "token"."token_hash" AS hash, "apiKey"."id" AS "apiKeyId", "apiKey"."workspace_id" AS "workspaceId" FROM "auth_token" "token" ' +
      'INNER JOIN "api_key" "apiKey" ON "apiKey"."id"="token"."api_key_id" WHERE "token"."token_hash" = $1 AND "token"."api_key_id" = $2',
    [hash, apiKeyId],
  );
  if (rows.length === 0 || rows[0].hash.length !== hash.length || !timingSafeEqual(rows[0].hash, hash)) return null;
  verified.set(cacheKey, { apiKeyId: rows[0].apiKeyId, expiresAt: Date.now() + AUTH_TTL_MS });
  return rows[0].apiKeyId;
}

/** libs/resource existenceQuery for a document read with its organization; the live-state upsert embeds the locked form. */
const documentExists = (
  lock: string,
) => `WITH o AS MATERIALIZED (SELECT api_key_id, id, disabled FROM organization WHERE api_key_id = $1 AND id = $2${lock})
      SELECT o.disabled, EXISTS (
        SELECT 1 FROM document r WHERE r.api_key_id = o.api_key_id AND r.organization_id = o.id AND r.id = $3${lock}
      ) AS found FROM o`;
const DOCUMENT_EXISTS = preparedStatement(documentExists(''));
/** existenceQuery with checkOrganization false (the comment routes). */
const DOCUMENT_ROW_EXISTS = preparedStatement(
  'SELECT NULL::boolean AS disabled, true AS found FROM document WHERE api_key_id = $1 AND organization_id = $2 AND id = $3',
);
const ORGANIZATION_EXISTS = preparedStatement(
  'SELECT disabled, true AS found FROM organization WHERE api_key_id = $1 AND id = $2',
);

/** LIST_DOCUMENTS of libs/document/document.service.ts. */
const LIST_DOCUMENTS = preparedStatement(
  `SELECT (f.id IS NOT NULL) AS folder_found, d.* FROM organization o
   LEFT JOIN folder f ON f.api_key_id = o.api_key_id AND f.organization_id = o.id AND f.id = $4
   LEFT JOIN LATERAL (
     SELECT true AS found, id, name, disabled, access_type, folder_id, metadata FROM document
     WHERE api_key_id = o.api_key_id AND organization_id = o.id
       AND ($3::text[] IS NULL OR id = ANY($3)) AND ($4::text IS NULL OR folder_id = $4)
       AND ($5::text IS NULL OR id > $5)
     ORDER BY id LIMIT $6
   ) d ON true
   WHERE o.api_key_id = $1 AND o.id = $2
   ORDER BY d.id`,
);

/** LIST_ORGANIZATIONS of libs/organization/organization.service.ts. */
const LIST_ORGANIZATIONS = preparedStatement(
  `SELECT id, name, disabled, metadata FROM organization
   WHERE api_key_id = $1 AND ($2::text[] IS NULL OR id = ANY($2)) AND ($3::text IS NULL OR id > $3)
   ORDER BY id LIMIT $4`,
);

/** listSql of libs/user/user.service.ts for an organization scope. */
const LIST_USERS = preparedStatement(`SELECT u.id, u.name, u.email, u.properties, g.access_role FROM app_user u
      LEFT JOIN organization_grant g ON g.api_key_id = $1 AND g.organization_id = $2 AND g.user_id = u.id
      WHERE u.api_key_id = $1 AND u.organization_id = $2 AND u.id > $3
        AND ($4::text[] IS NULL OR u.id = ANY($4::text[]))
      ORDER BY u.id LIMIT $5`);

const MAX_LIVE_STATE_BYTES = 256 * 1024;
/** The autocommit upsert of libs/live-state/live-state.service.ts: document check, then merge in SQL (live_state_deep_merge). */
const UPSERT_LIVE_STATE = preparedStatement(`WITH e AS (${documentExists(' FOR KEY SHARE')}),
       saved AS (
         INSERT INTO live_state (api_key_id, organization_id, document_id, id, data)
         SELECT $1, $2, $3, $4, CASE WHEN $6 THEN live_state_deep_merge('{}', $5::jsonb) ELSE $5::jsonb END FROM e WHERE e.found
         ON CONFLICT (api_key_id, organization_id, document_id, id) DO UPDATE
           SET data = CASE WHEN $6 THEN live_state_deep_merge(live_state.data, EXCLUDED.data) ELSE EXCLUDED.data END, updated_at = now()
           WHERE NOT $6 OR octet_length(live_state_deep_merge(live_state.data, EXCLUDED.data)::text) <= $7
         RETURNING data, updated_at
       )
       SELECT e.disabled, e.found, saved.data, saved.updated_at FROM e LEFT JOIN saved ON true`);

function assertFound(rows: Array<{ found: boolean }>): void {
  if (rows.length === 0 || !rows[0].found) throw new Error('resource not found');
}

/** Generated per process like the API's per-key secret, which it also caches after the first use. */
const tokenSecret = randomBytes(32);

async function generateToken(_backends: Backends, apiKeyId: string, data: Data): Promise<Envelope> {
  const userId = String(data.userId);
  const token = await new SignJWT({ userId, name: '', email: '', isAdmin: false, apiKey: apiKeyId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(userId)
    .setIssuedAt()
    .setExpirationTime(`${48 * 3600}s`)
    .sign(tokenSecret);
  return ok('Token generated successfully.', { token });
}

async function getDocuments({ pool }: Backends, apiKeyId: string, data: Data): Promise<Envelope> {
  const pageSize = Number(data.pageSize ?? 1000);
  const rows = await queryPrepared<DocumentRow & { folder_found: boolean; found: boolean }>(pool, LIST_DOCUMENTS, [
    apiKeyId,
    data.organizationId,
    data.documentIds ?? null,
    data.folderId ?? null,
    null,
    pageSize + 1,
  ]);
  return ok(
    'Documents retrieved successfully.',
    rows
      .filter((row) => row.found)
      .slice(0, pageSize)
      .map(documentView),
  );
}

async function getOrganizations({ pool }: Backends, apiKeyId: string, data: Data): Promise<Envelope> {
  const pageSize = Number(data.pageSize ?? 1000);
  const rows = await queryPrepared<OrganizationRow>(pool, LIST_ORGANIZATIONS, [
    apiKeyId,
    data.organizationIds ?? null,
    null,
    pageSize + 1,
  ]);
  return ok('Organizations retrieved successfully.', rows.slice(0, pageSize).map(organizationView));
}

interface StoredPresence {
  userId: string;
  name: string;
  email: string;
  status: string;
  expiresAt: number;
}

/** The document check, then one EVAL that writes the entries and answers the whole hash, then the emit. */
async function addPresence({ pool, redis, io }: Backends, apiKeyId: string, data: Data): Promise<Envelope> {
  const organizationId = String(data.organizationId);
  const documentId = String(data.documentId);
  assertFound(await queryPrepared<{ found: boolean }>(pool, DOCUMENT_EXISTS, [apiKeyId, organizationId, documentId]));
  const ttlMs = 300_000;
  const expiresAt = Date.now() + ttlMs;
  const users = data.users as Array<{ userId: string; name?: string; email?: string; status?: string }>;
  const fields = users.flatMap((user) => [
    user.userId,
    JSON.stringify({
      userId: user.userId,
      name: user.name ?? '',
      email: user.email ?? '',
      status: user.status ?? 'online',
      expiresAt,
    }),
  ]);
  const key = presenceKey(apiKeyId, organizationId, documentId);
  const flat = (await redis.eval(PRESENCE_WRITE_SCRIPT, 1, key, ttlMs, ...fields)) as string[];
  const now = Date.now();
  const present: Array<Omit<StoredPresence, 'expiresAt'>> = [];
  const lapsed: string[] = [];
  for (let i = 0; i < flat.length; i += 2) {
    const { expiresAt: until, ...user } = JSON.parse(flat[i + 1]) as StoredPresence;
    if (until > now) present.push(user);
    else lapsed.push(flat[i]);
  }
  if (lapsed.length > 0) await redis.hdel(key, ...lapsed);
  present.sort((a, b) => (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0));
  io.to(documentRoom(apiKeyId, organizationId, documentId)).emit('presence', {
    organizationId,
    documentId,
    users: present,
  });
  return ok('Users added to presence successfully.', { success: true });
}

/** One autocommit statement (document check + upsert merging in SQL), then the emit. */
async function broadcastLiveState({ pool, io }: Backends, apiKeyId: string, data: Data): Promise<Envelope> {
  const [organizationId, documentId, liveStateDataId] = [
    String(data.organizationId),
    String(data.documentId),
    String(data.liveStateDataId),
  ];
  const json = JSON.stringify(data.data);
  if (Buffer.byteLength(json, 'utf8') > MAX_LIVE_STATE_BYTES) throw new Error('live state too large');
  const [row] = await queryPrepared<{ found: boolean; data: JsonObject | null; updated_at: Date | null }>(
    pool,
    UPSERT_LIVE_STATE,
    [apiKeyId, organizationId, documentId, liveStateDataId, json, data.merge === true, MAX_LIVE_STATE_BYTES],
  );
  assertFound(row ? [row] : []);
  // The API falls back to a locked transaction only when the merged text outgrows the limit; the bench never sends that.
  if (!row.data || !row.updated_at) throw new Error('merged live state too large');
  io.to(documentRoom(apiKeyId, organizationId, documentId)).emit('livestate', {
    organizationId,
    documentId,
    liveStateDataId,
    data: row.data,
    updatedAt: row.updated_at.toISOString(),
  });
  return ok('Event broadcasted successfully.', { success: true });
}

interface UserRow {
  id: string;
  name: string | null;
  email: string | null;
  properties: Record<string, unknown> | null;
  access_role: string | null;
}

async function getUsers({ pool }: Backends, apiKeyId: string, data: Data): Promise<Envelope> {
  const organizationId = String(data.organizationId);
  assertFound(await queryPrepared<{ found: boolean }>(pool, ORGANIZATION_EXISTS, [apiKeyId, organizationId]));
  const pageSize = Number(data.pageSize ?? 1000);
  const rows = await queryPrepared<UserRow>(pool, LIST_USERS, [
    apiKeyId,
    organizationId,
    '',
    data.userIds ?? null,
    pageSize + 1,
  ]);
  const users = rows.slice(0, pageSize).map((row) => {
    const name = row.name ?? '';
    const properties = row.properties ?? {};
    const initial = (properties.initial as string | undefined) ?? (name ? [...name][0].toUpperCase() : undefined);
    return {
      ...properties,
      ...(initial === undefined ? {} : { initial }),
      userId: row.id,
      name,
      email: row.email ?? '',
      accessRole: row.access_role,
      organizationId,
    };
  });
  return ok('User(s) retrieved successfully.', users);
}

/** The document check, then the listing with comments and reactions in one statement, as the API runs them. */
async function getAnnotations({ pool }: Backends, apiKeyId: string, data: Data): Promise<Envelope> {
  const organizationId = String(data.organizationId);
  const documentId = String(data.documentId);
  assertFound(
    await queryPrepared<{ found: boolean }>(pool, DOCUMENT_ROW_EXISTS, [apiKeyId, organizationId, documentId]),
  );
  const pageSize = 1000;
  const { statement, values } = annotationListing({
    apiKeyId,
    organizationId,
    documentIds: [documentId],
    filters: {},
    readerId: null,
    after: null,
    desc: true,
    limit: pageSize + 1,
  });
  const rows = await queryPrepared<ListedThreadRow>(pool, statement, values);
  return ok(
    'Annotation(s) fetched successfully.',
    rows.slice(0, pageSize).map((row) => storedThread({ ...row, document_name: null }).view),
  );
}

/** Work per route path; the paths are the API's. */
export const HOT_ROUTE_WORK: Record<string, RouteWork> = {
  '/v2/auth/generate_token': generateToken,
  '/v2/organizations/documents/get': getDocuments,
  '/v2/organizations/get': getOrganizations,
  '/v2/presence/add': addPresence,
  '/v2/livestate/broadcast': broadcastLiveState,
  '/v2/users/get': getUsers,
  '/v2/commentannotations/get': getAnnotations,
};
