import * as decoding from 'lib0/decoding';

const SYNC = 0;
const SYNC_REPLY = 4;
const SYNC_STEP_2 = 1;
const SYNC_UPDATE = 2;

/** Yjs's encoding of an update that changes nothing. */
export const EMPTY_UPDATE_BYTES = 2;

/** The Yjs update a Hocuspocus sync message carries (step 2 or update), or null for any other message. */
export function syncUpdateOf(message: Uint8Array): Uint8Array | null {
  const decoder = decoding.createDecoder(message);
  decoding.readVarString(decoder);
  const type = decoding.readVarUint(decoder);
  if (type !== SYNC && type !== SYNC_REPLY) return null;
  const step = decoding.readVarUint(decoder);
  if (step !== SYNC_STEP_2 && step !== SYNC_UPDATE) return null;
  return decoding.readVarUint8Array(decoder);
}
