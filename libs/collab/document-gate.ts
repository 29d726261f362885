import * as decoding from 'lib0/decoding';
import { collabLimit } from './collab-limits';

/** The Hocuspocus message types and auth sub-types the gate follows, as the wire carries them. */
const MESSAGE = { AUTH: 2, CLOSE: 7 } as const;
const AUTH = { PERMISSION_DENIED: 1, AUTHENTICATED: 2 } as const;

/** What becomes of a client's message: handed to the sync server, dropped, or the socket closed with a reason. */
export type GateVerdict = 'forward' | 'drop' | { close: 'too-many-documents' | 'too-many-pending' };

interface Opened {
  state: 'pending' | 'open' | 'denied';
  /** Bytes the sync server holds for the document until its token is accepted. */
  held: number;
}

/**
 * Hocuspocus holds every message for a document name until the document's token is accepted, and
 * keeps a name it refused (with what it held) until the socket closes, so one unauthenticated
 * socket could make it hold any number of names and bytes. The gate follows each name of one
 * socket from what the server answers (authenticated, refused, closed) and bounds what is held: at
 * most `/collab documents` names at once, and `/collab messages before a token` bytes for names not
 * yet accepted; past either the socket is closed. Messages for a refused name are dropped, since
 * nothing would ever handle them.
 */
export class DocumentGate {
  private readonly documents = new Map<string, Opened>();
  private held = 0;

  /** A client's message for `name`, `bytes` long. */
  incoming(name: string, bytes: number): GateVerdict {
    let document = this.documents.get(name);
    if (!document) {
      if (this.documents.size >= collabLimit('`/collab` documents')) return { close: 'too-many-documents' };
      document = { state: 'pending', held: 0 };
      this.documents.set(name, document);
    }
    if (document.state === 'open') return 'forward';
    if (document.state === 'denied') return 'drop';
    document.held += bytes;
    this.held += bytes;
    return this.held > collabLimit('`/collab` messages before a token') ? { close: 'too-many-pending' } : 'forward';
  }

  /** The server's message for `name`, after the name: its type first, and an auth message's sub-type next. */
  outgoing(name: string, body: Uint8Array): void {
    const document = this.documents.get(name);
    if (!document || body.length === 0) return;
    const decoder = decoding.createDecoder(body);
    const type = decoding.readVarUint(decoder);
    const authType = type === MESSAGE.AUTH && decoding.hasContent(decoder) ? decoding.readVarUint(decoder) : null;
    if (type === MESSAGE.CLOSE) {
      // Hocuspocus forgot the name: the client may open it again.
      this.release(document);
      this.documents.delete(name);
    } else if (type === MESSAGE.AUTH && authType === AUTH.AUTHENTICATED) {
      // What was held is handled now.
      this.release(document);
      document.state = 'open';
    } else if (type === MESSAGE.AUTH && authType === AUTH.PERMISSION_DENIED) {
      // Held until the socket closes, so it stays counted.
      document.state = 'denied';
    }
  }

  private release(document: Opened): void {
    this.held -= document.held;
    document.held = 0;
  }
}
