import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import { SignJWT } from 'jose';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { Pool } from 'pg';
import { Server } from 'socket.io';
import { annotationView, commentView } from '../../libs/comment/comment-views';
import { documentView, DocumentRow } from '../../libs/document/document-view';
import { deepMerge, JsonObject } from '../../libs/live-state/deep-merge';
import { organizationView, OrganizationRow } from '../../libs/organization/organization-view';

/**
 * The I/O of each hot route, as the API at commit 5958bdd issues it (statements copied from
 * PostgreSQL's log_statement and Redis MONITOR while calling the route), shared by the same-I/O
 * node:http baseline and the minimal Nest peer so both do exactly this work. When the API changes a
 * route's statements, change them here too, or the yardstick measures different work.
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
const documentRoom = (apiKeyId: string, organizationId: string, documentId: string) => `doc:${JSON.stringify([apiKeyId, organizationId, documentId])}`;
const presenceKey = (apiKeyId: string, organizationId: string, documentId: string) => `presence:${JSON.stringify([apiKeyId, organizationId, documentId])}`;

const AUTH_TTL_MS = Number(process.env.AUTH_CACHE_TTL_MS ?? 5000);
const verified = new Map<string, { apiKeyId: string; expiresAt: number }>();

/**
 * The API's per-request auth: SHA-256 of the token, then a 5 s in-process cache of verified pairs
 * (CredentialService), falling back to the same auth_token join on a miss. Null when refused.
 */
export async function verifyApiKey(pool: Pool, apiKeyId: string | undefined, token: string | undefined): Promise<string | null> {
  if (!apiKeyId || !token) return null;
  const hash = createHash('sha256').update(token, 'utf8').digest();
  const cacheKey = `${apiKeyId}:${hash.toString('base64')}`;
  const cached = verified.get(cacheKey);
  if (cached && cached.expiresAt > Date.now()) return cached.apiKeyId;
  const { rows } = await pool.query<{ hash: Buffer; apiKeyId: string }>(
    `SELECT "token"."token_hash" AS hash, "apiKey"."id" AS "apiKeyId", "apiKey"."workspace_id" AS "workspaceId" FROM "auth_token" "token"
     INNER JOIN "api_key" "apiKey" ON "apiKey"."id"="token"."api_key_id" WHERE "token"."token_hash" = $1 AND "token"."api_key_id" = $2`,
    [hash, apiKeyId],
  );
  if (rows.length === 0 || rows[0].hash.length !== hash.length || !timingSafeEqual(rows[0].hash, hash)) return null;
  verified.set(cacheKey, { apiKeyId: rows[0].apiKeyId, expiresAt: Date.now() + AUTH_TTL_MS });
  return rows[0].apiKeyId;
}

const DOCUMENT_EXISTS = (lock: string) => `WITH o AS MATERIALIZED (SELECT api_key_id, id, disabled FROM organization WHERE api_key_id = $1 AND id = $2${lock})
      SELECT o.disabled, EXISTS (
        SELECT 1 FROM document r WHERE r.api_key_id = o.api_key_id AND r.organization_id = o.id AND r.id = $3${lock}
      ) AS found FROM o`;

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
  const { rows } = await pool.query<DocumentRow & { folder_found: boolean; found: boolean }>(
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
    [apiKeyId, data.organizationId, null, null, null, pageSize + 1],
  );
  return ok('Documents retrieved successfully.', rows.filter((row) => row.found).slice(0, pageSize).map(documentView));
}

async function getOrganizations({ pool }: Backends, apiKeyId: string, data: Data): Promise<Envelope> {
  const pageSize = Number(data.pageSize ?? 1000);
  const { rows } = await pool.query<OrganizationRow>(
    `SELECT id, name, disabled, metadata FROM organization
       WHERE api_key_id = $1 AND ($2::text[] IS NULL OR id = ANY($2)) AND ($3::text IS NULL OR id > $3)
       ORDER BY id LIMIT $4`,
    [apiKeyId, data.organizationIds ?? null, null, pageSize + 1],
  );
  return ok('Organizations retrieved successfully.', rows.slice(0, pageSize).map(organizationView));
}

async function addPresence({ pool, redis, io }: Backends, apiKeyId: string, data: Data): Promise<Envelope> {
  const organizationId = String(data.organizationId);
  const documentId = String(data.documentId);
  assertFound((await pool.query<{ found: boolean }>(DOCUMENT_EXISTS(''), [apiKeyId, organizationId, documentId])).rows);
  const ttlMs = 300_000;
  const expiresAt = Date.now() + ttlMs;
  const users = data.users as Array<{ userId: string; name?: string; email?: string; status?: string }>;
  const fields = users.flatMap((user) => [
    user.userId,
    JSON.stringify({ userId: user.userId, name: user.name ?? '', email: user.email ?? '', status: user.status ?? 'online', expiresAt }),
  ]);
  const key = presenceKey(apiKeyId, organizationId, documentId);
  await redis.multi().hset(key, ...fields).pexpire(key, ttlMs).exec();
  const entries = await redis.hgetall(key);
  const now = Date.now();
  const present = Object.values(entries)
    .map((raw) => JSON.parse(raw) as { expiresAt?: number; userId: string })
    .filter((entry) => entry.expiresAt! > now)
    .map((user) => {
      delete user.expiresAt;
      return user;
    })
    .sort((a, b) => (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0));
  io.to(documentRoom(apiKeyId, organizationId, documentId)).emit('presence', { organizationId, documentId, users: present });
  return ok('Users added to presence successfully.', { success: true });
}

/** With `merge`: the API's transaction (lock the document, insert-then-lock the row, merge in JS, upsert), then the emit. */
async function broadcastLiveState({ pool, io }: Backends, apiKeyId: string, data: Data): Promise<Envelope> {
  const key = [apiKeyId, data.organizationId, data.documentId, data.liveStateDataId];
  const client = await pool.connect();
  let saved: { data: JsonObject; updated_at: Date };
  try {
    await client.query('START TRANSACTION');
    assertFound((await client.query<{ found: boolean }>(DOCUMENT_EXISTS(' FOR KEY SHARE'), key.slice(0, 3))).rows);
    let value = data.data as JsonObject;
    if (data.merge) {
      await client.query(`INSERT INTO live_state (api_key_id, organization_id, document_id, id, data) VALUES ($1, $2, $3, $4, '{}') ON CONFLICT DO NOTHING`, key);
      const { rows } = await client.query<{ data: JsonObject }>(
        'SELECT data FROM live_state WHERE api_key_id = $1 AND organization_id = $2 AND document_id = $3 AND id = $4 FOR UPDATE',
        key,
      );
      value = deepMerge(rows[0].data, value);
      if (Buffer.byteLength(JSON.stringify(value), 'utf8') > 256 * 1024) throw new Error('live state too large');
    }
    const { rows } = await client.query<{ data: JsonObject; updated_at: Date }>(
      `INSERT INTO live_state (api_key_id, organization_id, document_id, id, data) VALUES ($1, $2, $3, $4, $5::jsonb)
         ON CONFLICT (api_key_id, organization_id, document_id, id) DO UPDATE SET data = EXCLUDED.data, updated_at = now()
         RETURNING data, updated_at`,
      [...key, JSON.stringify(value)],
    );
    await client.query('COMMIT');
    saved = rows[0];
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  } finally {
    client.release();
  }
  const [, organizationId, documentId, liveStateDataId] = key as string[];
  io.to(documentRoom(apiKeyId, organizationId, documentId)).emit('livestate', {
    organizationId,
    documentId,
    liveStateDataId,
    data: saved.data,
    updatedAt: saved.updated_at.toISOString(),
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
  assertFound(
    (await pool.query<{ found: boolean }>('SELECT disabled, true AS found FROM organization WHERE api_key_id = $1 AND id = $2', [apiKeyId, organizationId])).rows,
  );
  const pageSize = Number(data.pageSize ?? 1000);
  const { rows } = await pool.query<UserRow>(
    `SELECT u.id, u.name, u.email, u.properties, g.access_role FROM app_user u
      LEFT JOIN organization_grant g ON g.api_key_id = $1 AND g.organization_id = $2 AND g.user_id = u.id
      WHERE u.api_key_id = $1 AND u.organization_id = $2 AND u.id > $3
        AND ($4::text[] IS NULL OR u.id = ANY($4::text[]))
      ORDER BY u.id LIMIT $5`,
    [apiKeyId, organizationId, '', null, pageSize + 1],
  );
  const users = rows.slice(0, pageSize).map((row) => {
    const name = row.name ?? '';
    const properties = row.properties ?? {};
    const initial = (properties.initial as string | undefined) ?? (name ? [...name][0].toUpperCase() : undefined);
    return { ...properties, ...(initial === undefined ? {} : { initial }), userId: row.id, name, email: row.email ?? '', accessRole: row.access_role, organizationId };
  });
  return ok('User(s) retrieved successfully.', users);
}

/** TypeORM's entity SELECT over (api_key_id, organization_id, document_id, <idColumn>) tuples, as the API sends it. */
function entitySelect(table: string, alias: string, columns: string[], idColumn: string, count: number, orderBy: string): string {
  const list = columns.map((column) => `"${alias}"."${column}" AS "${alias}_${column}"`).join(', ');
  const tuples = Array.from({ length: count }, (_, i) => {
    const n = i * 4;
    return `((("${alias}"."api_key_id" = $${n + 1}) AND ("${alias}"."organization_id" = $${n + 2}) AND ("${alias}"."document_id" = $${n + 3}) AND ("${alias}"."${idColumn}" = $${n + 4})))`;
  });
  return `SELECT ${list} FROM "${table}" "${alias}" WHERE (${tuples.join(' OR ')})${orderBy ? ` ORDER BY "${alias}"."${orderBy}" ASC` : ''}`;
}

const ANNOTATION_COLUMNS = [
  'api_key_id', 'organization_id', 'document_id', 'id', 'seq', 'status', 'priority', 'assigned_to', 'created_by', 'location', 'location_id',
  'target_element', 'context', 'type', 'comment_type', 'suggestion', 'visibility', 'resolved_by_user_id', 'status_updated_by_user_id',
  'next_comment_id', 'created_at', 'updated_at',
];
const COMMENT_COLUMNS = [
  'api_key_id', 'organization_id', 'document_id', 'annotation_id', 'id', 'seq', 'text', 'html', 'from_user', 'tagged_user_contacts', 'context',
  'attachments', 'agent', 'created_at', 'updated_at',
];
const REACTION_COLUMNS = ['api_key_id', 'organization_id', 'document_id', 'annotation_id', 'comment_id', 'user_id', 'icon', 'user', 'created_at'];

/** TypeORM's hydration, reduced to what the views read: aliased snake_case columns to entity properties. */
function entity<T>(row: Record<string, unknown>, alias: string, renames: Record<string, string> = {}): T {
  const out: Record<string, unknown> = {};
  for (const [column, value] of Object.entries(row)) {
    const name = column.slice(alias.length + 1);
    out[renames[name] ?? name.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase())] = value;
  }
  return out as T;
}

async function getAnnotations({ pool }: Backends, apiKeyId: string, data: Data): Promise<Envelope> {
  const organizationId = String(data.organizationId);
  const documentId = String(data.documentId);
  assertFound(
    (
      await pool.query<{ found: boolean }>('SELECT NULL::boolean AS disabled, true AS found FROM document WHERE api_key_id = $1 AND organization_id = $2 AND id = $3', [
        apiKeyId,
        organizationId,
        documentId,
      ])
    ).rows,
  );
  const page = await pool.query<{ id: string; document_id: string }>(
    `SELECT a.id, a.document_id, a.updated_at::text AS updated_at FROM comment_annotation AS a
        WHERE a.api_key_id = $1 AND a.organization_id = $2 AND a.document_id = ANY($3::text[])
        ORDER BY a.updated_at DESC, a.seq DESC LIMIT 1001`,
    [apiKeyId, organizationId, [documentId]],
  );
  if (page.rows.length === 0) return ok('Annotation(s) fetched successfully.', []);
  const params = page.rows.flatMap((row) => [apiKeyId, organizationId, row.document_id, row.id]);
  const count = page.rows.length;
  const annotations = await pool.query(entitySelect('comment_annotation', 'CommentAnnotation', ANNOTATION_COLUMNS, 'id', count, ''), params);
  const comments = await pool.query(entitySelect('comment', 'CommentEntity', COMMENT_COLUMNS, 'annotation_id', count, 'seq'), params);
  const reactions = await pool.query(entitySelect('comment_reaction', 'CommentReaction', REACTION_COLUMNS, 'annotation_id', count, 'created_at'), params);
  type Annotation = Parameters<typeof annotationView>[0];
  type Comment = Parameters<typeof commentView>[0];
  type Reaction = NonNullable<Parameters<typeof commentView>[1]>[number];
  const byId = new Map(annotations.rows.map((row: Record<string, unknown>) => {
    const annotation = entity<Annotation>(row, 'CommentAnnotation');
    return [annotation.id, annotation];
  }));
  const reactionRows = reactions.rows.map((row: Record<string, unknown>) => entity<Reaction>(row, 'CommentReaction'));
  const commentRows = comments.rows.map((row: Record<string, unknown>) => entity<Comment>(row, 'CommentEntity', { from_user: 'from' }));
  const views = page.rows.map((row) => {
    const own = commentRows.filter((comment) => comment.annotationId === row.id);
    return annotationView(
      byId.get(row.id)!,
      own.map((comment) => commentView(comment, reactionRows.filter((reaction) => reaction.annotationId === row.id && reaction.commentId === comment.id))),
    );
  });
  return ok('Annotation(s) fetched successfully.', views);
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
