import { Redis } from 'ioredis';

/** Redis hash of one document's presence entries. JSON keeps ids containing separators apart. */
export function presenceKey(apiKeyId: string, organizationId: string, documentId: string): string {
  return `presence:${JSON.stringify([apiKeyId, organizationId, documentId])}`;
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
