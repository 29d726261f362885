import { Redis } from 'ioredis';

const PRESENCE = 'presence:';

/** Redis hash of one document's presence entries. JSON keeps ids containing separators apart. */
export function presenceKey(apiKeyId: string, organizationId: string, documentId: string): string {
  return `${PRESENCE}${JSON.stringify([apiKeyId, organizationId, documentId])}`;
}

/** One presence write in one command: the entries, the hash's expiry, and the hash as it now is for the publish. */
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
  return `${escapeGlob(`${keyPrefix}${PRESENCE}${JSON.stringify(ids).slice(0, -1)}`)},*`;
}

/** The ids a presence key (without keyPrefix) was built from. */
export function presenceKeyIds(key: string): [apiKeyId: string, organizationId: string, documentId: string] {
  return JSON.parse(key.slice(PRESENCE.length)) as [string, string, string];
}

/**
 * Merges the old hash into the new one (entries already under the new id win, they are newer),
 * keeps the longer expiry and deletes the old hash, atomically. Running it again is a no-op.
 */
const MOVE_SCRIPT = `
local entries = redis.call('HGETALL', KEYS[1])
if #entries == 0 then return 0 end
for i = 1, #entries, 2 do redis.call('HSETNX', KEYS[2], entries[i], entries[i + 1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl > redis.call('PTTL', KEYS[2]) then redis.call('PEXPIRE', KEYS[2], ttl) end
redis.call('DEL', KEYS[1])
return #entries / 2
`;

/** Presence follows a migrated document. Returns how many entries moved. */
export async function movePresence(redis: Redis, apiKeyId: string, organizationId: string, from: string, to: string): Promise<number> {
  // eval prefixes KEYS with the client's keyPrefix, like any other command.
  return (await redis.eval(MOVE_SCRIPT, 2, presenceKey(apiKeyId, organizationId, from), presenceKey(apiKeyId, organizationId, to))) as number;
}
