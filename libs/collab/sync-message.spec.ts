import * as encoding from 'lib0/encoding';
import { Awareness, encodeAwarenessUpdate } from 'y-protocols/awareness';
import * as Y from 'yjs';
import { MalformedFrame, readClientFrame } from './sync-message';

function frame(write: (encoder: encoding.Encoder) => void): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarString(encoder, 'key/org/doc/body');
  write(encoder);
  return encoding.toUint8Array(encoder);
}

const sync = (step: number, payload: Uint8Array) =>
  frame((encoder) => {
    encoding.writeVarUint(encoder, 0);
    encoding.writeVarUint(encoder, step);
    encoding.writeVarUint8Array(encoder, payload);
  });

function typed(text: string): Uint8Array {
  const doc = new Y.Doc();
  doc.getText('content').insert(0, text);
  return Y.encodeStateAsUpdate(doc);
}

const reason = (message: Uint8Array) => {
  try {
    readClientFrame(message);
    return 'accepted';
  } catch (error) {
    return (error as MalformedFrame).reason;
  }
};

describe('readClientFrame', () => {
  it('hands over the update of a sync update and of a sync step 2', () => {
    const update = typed('hello');
    expect(readClientFrame(sync(2, update))).toEqual({ kind: 'update', update });
    expect(readClientFrame(sync(1, update))).toEqual({ kind: 'update', update });
  });

  it.each([
    ['cut short by 3 bytes', typed('hello').subarray(0, -3)],
    ['not an update', new Uint8Array([0x01, 0x01, 0x99, 0x99, 0x04, 0x27, 0x00])],
    ['integers out of range', new Uint8Array(20).fill(0xff)],
  ])('refuses an update %s as invalid-update', (_what, payload) => {
    expect(reason(sync(2, payload))).toBe('invalid-update');
    expect(reason(sync(1, payload))).toBe('invalid-update');
  });

  it('refuses an update claiming 2^31 structs without reading that many', () => {
    const claim = encoding.createEncoder();
    for (const value of [1, 2 ** 31, 12345, 0]) encoding.writeVarUint(claim, value);
    expect(reason(sync(2, encoding.toUint8Array(claim)))).toBe('invalid-update');
  });

  it('refuses unknown types and sub-types, truncated varints and a bad state vector as malformed-message', () => {
    expect(reason(frame((encoder) => encoding.writeVarUint(encoder, 9)))).toBe('malformed-message');
    expect(reason(frame((encoder) => encoding.writeVarUint(encoder, 6)))).toBe('malformed-message');
    expect(reason(sync(7, new Uint8Array([0])))).toBe('malformed-message');
    expect(reason(sync(0, new Uint8Array([5, 0xff])))).toBe('malformed-message');
    expect(reason(frame((encoder) => encoding.writeUint8(encoder, 0x80)))).toBe('malformed-message');
    expect(reason(new Uint8Array([0x05, 0x61]))).toBe('malformed-message');
    expect(reason(frame((encoder) => [2, 1].forEach((v) => encoding.writeVarUint(encoder, v))))).toBe(
      'malformed-message',
    );
    expect(reason(frame((encoder) => [2, 0, 9].forEach((v) => encoding.writeVarUint(encoder, v))))).toBe(
      'malformed-message',
    );
    expect(reason(frame((encoder) => [5, 4].forEach((v) => encoding.writeVarUint(encoder, v))))).toBe(
      'malformed-message',
    );
  });

  it('reads every entry of an awareness message, and refuses a state that is not JSON', () => {
    const awareness = new Awareness(new Y.Doc());
    awareness.setLocalState({ cursor: 1 });
    const message = frame((encoder) => {
      encoding.writeVarUint(encoder, 1);
      encoding.writeVarUint8Array(encoder, encodeAwarenessUpdate(awareness, [awareness.clientID]));
    });
    expect(readClientFrame(message)).toEqual({
      kind: 'awareness',
      entries: [{ clientId: awareness.clientID, clock: 1, state: '{"cursor":1}' }],
    });
    const notJson = encoding.createEncoder();
    for (const value of [1, 7, 1]) encoding.writeVarUint(notJson, value);
    encoding.writeVarString(notJson, '{nope');
    expect(
      reason(
        frame((encoder) => {
          encoding.writeVarUint(encoder, 1);
          encoding.writeVarUint8Array(encoder, encoding.toUint8Array(notJson));
        }),
      ),
    ).toBe('malformed-message');
    awareness.destroy();
  });
});
