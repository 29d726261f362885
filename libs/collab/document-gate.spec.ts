import * as encoding from 'lib0/encoding';
import { collabLimit } from './collab-limits';
import { DocumentGate } from './document-gate';

const DOCUMENTS = collabLimit('`/collab` documents');
const HELD = collabLimit('`/collab` messages before a token');

/** A server message's body after its name: its type, and for an auth message its sub-type. */
function server(type: number, authType?: number): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, type);
  if (authType !== undefined) encoding.writeVarUint(encoder, authType);
  encoding.writeVarString(encoder, 'read-write');
  return encoding.toUint8Array(encoder);
}
const AUTHENTICATED = server(2, 2);
const DENIED = server(2, 1);
const CLOSE = server(7);
const SYNC_REPLY = server(0, 1);

describe('DocumentGate', () => {
  it('forwards what waits for a token up to the bound, and closes the socket past it', () => {
    const gate = new DocumentGate();
    expect(gate.incoming('a', HELD - 10)).toBe('forward');
    expect(gate.incoming('b', 10)).toBe('forward');
    expect(gate.incoming('b', 1)).toEqual({ close: 'too-many-pending' });
  });

  it('stops counting a document once its token is accepted', () => {
    const gate = new DocumentGate();
    expect(gate.incoming('a', HELD)).toBe('forward');
    gate.outgoing('a', AUTHENTICATED);
    expect(gate.incoming('a', HELD)).toBe('forward');
    expect(gate.incoming('b', HELD)).toBe('forward');
  });

  it('drops what follows a refused token, and keeps counting what was held for it', () => {
    const gate = new DocumentGate();
    expect(gate.incoming('a', HELD)).toBe('forward');
    gate.outgoing('a', DENIED);
    expect(gate.incoming('a', 10 * HELD)).toBe('drop');
    expect(gate.incoming('b', 1)).toEqual({ close: 'too-many-pending' });
  });

  it('reads only auth sub-types: a sync reply does not open a document', () => {
    const gate = new DocumentGate();
    gate.incoming('a', HELD);
    gate.outgoing('a', SYNC_REPLY);
    expect(gate.incoming('a', 1)).toEqual({ close: 'too-many-pending' });
  });

  it('reads a server message cut short without throwing, and changes nothing for it', () => {
    const gate = new DocumentGate();
    gate.incoming('a', HELD);
    gate.outgoing('a', new Uint8Array());
    gate.outgoing('a', new Uint8Array([2]));
    expect(gate.incoming('a', 1)).toEqual({ close: 'too-many-pending' });
  });

  it('holds at most the bound of names: open, pending or refused', () => {
    const gate = new DocumentGate();
    for (let i = 0; i < DOCUMENTS; i++) {
      expect(gate.incoming(`doc-${i}`, 1)).toBe('forward');
      if (i % 2 === 0) gate.outgoing(`doc-${i}`, i % 4 === 0 ? AUTHENTICATED : DENIED);
    }
    expect(gate.incoming('one-more', 1)).toEqual({ close: 'too-many-documents' });
    expect(gate.incoming('doc-0', 1)).toBe('forward');
  });

  it('forgets a document the server closed, with what it held, so it can be opened again', () => {
    const gate = new DocumentGate();
    for (let i = 0; i < DOCUMENTS; i++) gate.incoming(`doc-${i}`, 1);
    gate.outgoing('doc-0', CLOSE);
    expect(gate.incoming('again', HELD - (DOCUMENTS - 1))).toBe('forward');
    expect(gate.incoming('one-more', 1)).toEqual({ close: 'too-many-documents' });
  });
});
