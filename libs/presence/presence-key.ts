import { RedisClient } from '@app/redis';

const PRESENCE = 'presence:';

/**
 * Redis hash of one document's presence entries. JSON keeps ids containing separators apart; the
 * braces make the document the key's cluster hash tag, so a presence write, its read-back and
 * anything else about one document stay on one slot (one shard, one round trip). An id holding `}`
 * ends the tag early: the key still has one slot, shared with documents whose ids begin alike.
 */
export function presenceKey(apiKeyId: string, organizationId: string, documentId: string): string {
  return `${PRESENCE}{${JSON.stringify([apiKeyId, organizationId, documentId])}}`;
}

/** One presence write in one command: the entries, the hash's expiry, and the hash as it now is for the publish. One key, so one slot. */
export const PRESENCE_WRITE_SCRIPT = `
redis.call('HSET', KEYS[1], unpack(ARGV, 2))
redis.call('PEXPIRE', KEYS[1], ARGV[1])
return redis.call('HGETALL', KEYS[1])
`;

const escapeGlob = (text: string) => text.replace(/[*?[\]\\]/g, '\\$&');

/**
 * SCAN MATCH pattern of the presence hashes of an API key, or of one of its organizations. SCAN
 * patterns do not get the client's keyPrefix, so the caller passes it; every literal part is glob-escaped.
 */
export function presenceKeyPattern(keyPrefix: string, apiKeyId: string, organizationId?: string): string {
  const ids = organizationId === undefined ? [apiKeyId] : [apiKeyId, organizationId];
  // The JSON array left open after the given ids: the next id follows the comma.
  return `${escapeGlob(`${keyPrefix}${PRESENCE}{${JSON.stringify(ids).slice(0, -1)}`)},*`;
}

/** The ids a presence key (without keyPrefix) was built from. */
export function presenceKeyIds(key: string): [apiKeyId: string, organizationId: string, documentId: string] {
  return JSON.parse(key.slice(PRESENCE.length + 1, -1)) as [string, string, string];
}

/** Adds entries the target hash lacks (those already there are newer) and keeps the longer expiry. */
const MERGE_SCRIPT = `
for i = 2, #ARGV, 2 do redis.call('HSETNX', KEYS[1], ARGV[i], ARGV[i + 1]) end
local ttl = tonumber(ARGV[1])
if ttl > redis.call('PTTL', KEYS[1]) then redis.call('PEXPIRE', KEYS[1], ttl) end
return 0
`;

/** Deletes the entries that still hold the value that was copied; one written since stays for the next move. */
const DELETE_COPIED_SCRIPT = `
local deleted = 0
for i = 1, #ARGV, 2 do
  if redis.call('HGET', KEYS[1], ARGV[i]) == ARGV[i + 1] then deleted = deleted + redis.call('HDEL', KEYS[1], ARGV[i]) end
end
return deleted
`;

/**
 * Presence follows a migrated document. The two documents' hashes are on different slots (of a
 * cluster), so the move is three one-slot steps: read the old hash, merge it into the new one,
 * delete what was copied. Each step is safe to repeat, so running the move again is a no-op.
 * Returns how many entries moved.
 */
export async function movePresence(
  redis: RedisClient,
  apiKeyId: string,
  organizationId: string,
  from: string,
  to: string,
): Promise<number> {
  const source = presenceKey(apiKeyId, organizationId, from);
  const [[entriesError, entries], [ttlError, ttl]] = (await redis.multi().hgetall(source).pttl(source).exec()) as [
    [Error | null, Record<string, string>],
    [Error | null, number],
  ];
  const failed = entriesError ?? ttlError;
  if (failed) throw failed;
  const flat = Object.entries(entries).flat();
  if (flat.length === 0) return 0;
  // eval prefixes KEYS with the client's keyPrefix, like any other command.
  await redis.eval(MERGE_SCRIPT, 1, presenceKey(apiKeyId, organizationId, to), ttl, ...flat);
  await redis.eval(DELETE_COPIED_SCRIPT, 1, source, ...flat);
  return flat.length / 2;
}
