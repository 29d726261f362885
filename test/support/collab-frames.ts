import { once } from 'node:events';
import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import WebSocket from 'ws';
import { collabUrl } from './collab-client';
import { Handshake } from './realtime-client';

/** Hocuspocus message types and sub-types, as the wire carries them. */
export const FRAME = { SYNC: 0, AWARENESS: 1, AUTH: 2, QUERY_AWARENESS: 3, CLOSE: 7, SYNC_STATUS: 8 } as const;
export const SYNC_STEP = { ONE: 0, TWO: 1, UPDATE: 2 } as const;

/** What the server said about one document, in arrival order. */
export interface DocumentReplies {
  /** `read-write` or `readonly` once authenticated. */
  scope?: string;
  denied?: string;
  /** SyncStatus answers: true for an update applied (acknowledged), false for one refused. */
  statuses: boolean[];
  /** Reasons of the server's CLOSE messages for the document. */
  closes: string[];
  /** Awareness updates the server relayed. */
  awareness: Uint8Array[];
  /** Sync step 2 messages the server sent: its answers to our step 1s (others' updates come as sync updates). */
  syncs: number;
  /** SyncStatus answers and closes in arrival order: `ack`, `nack`, `close`. */
  order: Array<'ack' | 'nack' | 'close'>;
}

/**
 * A hand-made /collab client: one WebSocket that writes raw Hocuspocus frames, so a test can send
 * what no real provider would (invalid updates, forged awareness, ids with control characters).
 */
export class FrameClient {
  private readonly documents = new Map<string, DocumentReplies>();
  /** The WebSocket close code and reason, once closed. */
  closed?: { code: number; reason: string };

  private constructor(private readonly socket: WebSocket) {
    socket.on('message', (data: Buffer) => this.receive(new Uint8Array(data)));
    socket.on('close', (code: number, reason: Buffer) => (this.closed = { code, reason: reason.toString() }));
    socket.on('error', () => undefined);
  }

  static async connect(apiUrl: string, apiKey: string): Promise<FrameClient> {
    const socket = new WebSocket(collabUrl(apiUrl, apiKey));
    await once(socket, 'open');
    return new FrameClient(socket);
  }

  /** Sends the token for `name` without waiting for the answer. */
  sendToken(name: string, token: string): void {
    this.send(name, (encoder) => {
      encoding.writeVarUint(encoder, FRAME.AUTH);
      encoding.writeVarUint(encoder, 0);
      encoding.writeVarString(encoder, token);
    });
  }

  /** Sends the token for `name` and resolves once the server authenticated or refused it. */
  async authenticate(name: string, token: string): Promise<DocumentReplies> {
    const replies = this.repliesOf(name);
    this.sendToken(name, token);
    await this.until(() => replies.scope !== undefined || replies.denied !== undefined || this.closed !== undefined);
    return replies;
  }

  /** Opens `name` as the handshake's user: authenticates, then syncs (an empty step 1, answered by the document). */
  async open(name: string, auth: Handshake): Promise<DocumentReplies> {
    const replies = await this.authenticate(name, auth.token);
    if (replies.scope) await this.settled(name);
    return replies;
  }

  /**
   * Sends a sync step 1 and resolves once the server answered it or closed the document: the server
   * handles a connection's messages in order, so everything sent before has been handled by then.
   */
  async settled(name: string): Promise<void> {
    const replies = this.repliesOf(name);
    const [syncs, closes] = [replies.syncs, replies.closes.length];
    this.sync(name, SYNC_STEP.ONE, new Uint8Array([0]));
    await this.until(() => replies.syncs > syncs || replies.closes.length > closes || this.closed !== undefined);
  }

  /** Forgets what the server said about `name`, before it is opened again on this socket. */
  reset(name: string): void {
    this.documents.delete(name);
  }

  /** A sync message (step 1, step 2 or update) carrying `payload`. */
  sync(name: string, step: number, payload: Uint8Array): void {
    this.send(name, (encoder) => {
      encoding.writeVarUint(encoder, FRAME.SYNC);
      encoding.writeVarUint(encoder, step);
      encoding.writeVarUint8Array(encoder, payload);
    });
  }

  awareness(name: string, update: Uint8Array): void {
    this.send(name, (encoder) => {
      encoding.writeVarUint(encoder, FRAME.AWARENESS);
      encoding.writeVarUint8Array(encoder, update);
    });
  }

  /** A frame for `name` whose body is `body` as given, malformed or not. */
  raw(name: string, body: Uint8Array): void {
    this.send(name, (encoder) => encoding.writeUint8Array(encoder, body));
  }

  /** Bytes as they are, without even a document name. */
  bytes(data: Uint8Array): void {
    this.socket.send(data);
  }

  repliesOf(name: string): DocumentReplies {
    let replies = this.documents.get(name);
    if (!replies) {
      replies = { statuses: [], closes: [], awareness: [], order: [], syncs: 0 };
      this.documents.set(name, replies);
    }
    return replies;
  }

  /** Resolves once `done` holds, checking after each message; rejects after `timeoutMs`. */
  async until(done: () => boolean, timeoutMs = 10_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!done()) {
      if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  close(): void {
    this.socket.terminate();
  }

  private send(name: string, write: (encoder: encoding.Encoder) => void): void {
    const encoder = encoding.createEncoder();
    encoding.writeVarString(encoder, name);
    write(encoder);
    if (this.socket.readyState === WebSocket.OPEN) this.socket.send(encoding.toUint8Array(encoder));
  }

  private receive(data: Uint8Array): void {
    const decoder = decoding.createDecoder(data);
    const replies = this.repliesOf(decoding.readVarString(decoder));
    const type = decoding.readVarUint(decoder);
    if (type === FRAME.AUTH) {
      const kind = decoding.readVarUint(decoder);
      if (kind === 2) replies.scope = decoding.readVarString(decoder);
      if (kind === 1) replies.denied = decoding.readVarString(decoder);
    } else if (type === FRAME.SYNC) {
      if (decoding.readVarUint(decoder) === SYNC_STEP.TWO) replies.syncs += 1;
    } else if (type === FRAME.SYNC_STATUS) {
      const applied = decoding.readVarUint(decoder) === 1;
      replies.statuses.push(applied);
      replies.order.push(applied ? 'ack' : 'nack');
    } else if (type === FRAME.CLOSE) {
      replies.closes.push(decoding.readVarString(decoder));
      replies.order.push('close');
    } else if (type === FRAME.AWARENESS) {
      replies.awareness.push(decoding.readVarUint8Array(decoder));
    }
  }
}
