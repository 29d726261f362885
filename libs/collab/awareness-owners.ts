import type { Awareness } from 'y-protocols/awareness';
import { collabLimit } from './collab-limits';
import type { AwarenessEntry } from './sync-message';

/** Why an awareness message is refused: a close reason of the connection. */
export type AwarenessRefusal = 'awareness-too-large' | 'awareness-too-many-clients' | 'awareness-not-owned';

/**
 * Which client ids an awareness message from one connection may touch, before it is applied. A
 * connection owns the client ids whose states it created; it may:
 * - set and refresh its own states, each within the size limit;
 * - claim a client id no one holds a state for, up to the per-connection limit (a provider uses one);
 * - send removals (`null`) for anyone: real providers send them for peers they timed out;
 * - repeat others' states at a clock the server already has: providers echo what they receive, and
 *   y-protocols applies only a higher clock, so nothing changes.
 * Anything else would create or keep alive someone else's state (from this instance or relayed from
 * another one). Returns the client ids the message claims, or the refusal.
 */
export function awarenessClaims(
  awareness: Awareness,
  owned: ReadonlySet<number>,
  entries: readonly AwarenessEntry[],
): { claims: number[] } | { refusal: AwarenessRefusal } {
  const claims = new Set<number>();
  for (const { clientId, clock, state } of entries) {
    if (
      Buffer.byteLength(state) > collabLimit('`/collab` awareness state') ||
      jsonDepth(state) > collabLimit('`/collab` awareness state depth')
    )
      return { refusal: 'awareness-too-large' };
    if (state === 'null' || owned.has(clientId)) continue;
    const known = awareness.meta.get(clientId);
    if (known && clock <= known.clock) continue;
    if (awareness.states.has(clientId)) return { refusal: 'awareness-not-owned' };
    claims.add(clientId);
  }
  if (claims.size > 0 && owned.size + claims.size > collabLimit('`/collab` awareness client ids'))
    return { refusal: 'awareness-too-many-clients' };
  return { claims: [...claims] };
}

/** How deep arrays and objects nest in a JSON text, counted without parsing (so without recursion). */
export function jsonDepth(json: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < json.length; i++) {
    const char = json[i];
    if (inString) {
      if (char === '\\') i++;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === '[' || char === '{') deepest = Math.max(deepest, ++depth);
    else if (char === ']' || char === '}') depth--;
  }
  return deepest;
}
