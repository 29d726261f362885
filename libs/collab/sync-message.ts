import * as decoding from 'lib0/decoding';
import * as Y from 'yjs';

/** Hocuspocus message types a client may send (its provider's); the others are the server's own. */
const MESSAGE = { SYNC: 0, AWARENESS: 1, AUTH: 2, QUERY_AWARENESS: 3, SYNC_REPLY: 4, STATELESS: 5, CLOSE: 7 } as const;
const SYNC_STEP = { ONE: 0, TWO: 1, UPDATE: 2 } as const;

/** Yjs's encoding of an update that changes nothing. */
export const EMPTY_UPDATE_BYTES = 2;

/** One client id's entry of an awareness message: `state` is its JSON text (`null` removes it). */
export interface AwarenessEntry {
  clientId: number;
  clock: number;
  state: string;
}

/** A client's message, read whole: an update (sync step 2 or update), an awareness message, or another message. */
export type ClientFrame =
  { kind: 'update'; update: Uint8Array } | { kind: 'awareness'; entries: AwarenessEntry[] } | { kind: 'other' };

/** Why a client's message cannot be handled: `invalid-update` for an update Yjs cannot decode, else `malformed-message`. */
export class MalformedFrame extends Error {
  constructor(readonly reason: 'invalid-update' | 'malformed-message') {
    super(reason);
  }
}

/**
 * Reads a message the way Hocuspocus will, but completely and without side effects, so a message
 * it would fail on half-way (leaving a stored update that no load can read) is refused first: every
 * update is decoded struct by struct and its delete set, every awareness state parsed as JSON.
 */
export function readClientFrame(message: Uint8Array): ClientFrame {
  try {
    const decoder = decoding.createDecoder(message);
    decoding.readVarString(decoder);
    switch (decoding.readVarUint(decoder)) {
      case MESSAGE.SYNC:
      case MESSAGE.SYNC_REPLY:
        return readSync(decoder);
      case MESSAGE.AWARENESS:
        return { kind: 'awareness', entries: readAwareness(decoding.readVarUint8Array(decoder)) };
      case MESSAGE.AUTH:
        // A token sent again on an open connection (the provider's token sync): sub-type 0 and the token.
        if (decoding.readVarUint(decoder) !== 0) throw new MalformedFrame('malformed-message');
        decoding.readVarString(decoder);
        return { kind: 'other' };
      case MESSAGE.STATELESS:
        decoding.readVarString(decoder);
        return { kind: 'other' };
      case MESSAGE.QUERY_AWARENESS:
      case MESSAGE.CLOSE:
        return { kind: 'other' };
      default:
        throw new MalformedFrame('malformed-message');
    }
  } catch (error) {
    throw error instanceof MalformedFrame ? error : new MalformedFrame('malformed-message');
  }
}

function readSync(decoder: decoding.Decoder): ClientFrame {
  const step = decoding.readVarUint(decoder);
  const payload = decoding.readVarUint8Array(decoder);
  if (step === SYNC_STEP.ONE) {
    Y.decodeStateVector(payload);
    return { kind: 'other' };
  }
  if (step !== SYNC_STEP.TWO && step !== SYNC_STEP.UPDATE) throw new MalformedFrame('malformed-message');
  try {
    Y.decodeUpdate(payload);
  } catch {
    throw new MalformedFrame('invalid-update');
  }
  return { kind: 'update', update: payload };
}

/** y-protocols' awareness encoding: a count, then client id, clock and JSON state of each. */
function readAwareness(update: Uint8Array): AwarenessEntry[] {
  const decoder = decoding.createDecoder(update);
  const count = decoding.readVarUint(decoder);
  const entries: AwarenessEntry[] = [];
  for (let i = 0; i < count; i++) {
    const clientId = decoding.readVarUint(decoder);
    const clock = decoding.readVarUint(decoder);
    const state = decoding.readVarString(decoder);
    JSON.parse(state);
    entries.push({ clientId, clock, state });
  }
  return entries;
}
