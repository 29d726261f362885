import { EventEmitter } from 'node:events';
import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import type { WebSocket } from 'ws';
import { clientDocumentName, tenantDocumentName } from './tenant-names';

/**
 * The client's WebSocket as the sync server sees it: every Hocuspocus message starts with its
 * document name, which is rewritten on the way in (the API key of the connection is prefixed) and
 * on the way out (it is stripped). Only what Hocuspocus calls on a socket is exposed.
 */
export class TenantSocket extends EventEmitter {
  constructor(
    private readonly socket: WebSocket,
    apiKeyId: string,
  ) {
    super();
    socket.on('message', (data: Buffer) => {
      const message = renamed(data, (name) => tenantDocumentName(apiKeyId, name));
      if (message) this.emit('message', message);
      else socket.close(1002, 'malformed message');
    });
    socket.on('pong', () => this.emit('pong'));
    socket.on('error', () => socket.terminate());
    socket.once('close', (code: number, reason: Buffer) => this.emit('close', code, reason));
  }

  get readyState(): number {
    return this.socket.readyState;
  }

  /** Hocuspocus asks for array buffers; messages are handed over as Uint8Arrays, which it reads the same way. */
  set binaryType(_type: string) {}

  send(data: Uint8Array, callback?: (error?: Error) => void): void {
    const message = renamed(data, clientDocumentName);
    if (message) this.socket.send(message, callback);
  }

  ping(): void {
    this.socket.ping();
  }

  close(code?: number, reason?: string): void {
    this.socket.close(code, reason);
  }
}

/** The message with its leading document name mapped, or null when it does not start with one. */
function renamed(data: Uint8Array, rename: (name: string) => string): Uint8Array | null {
  try {
    const decoder = decoding.createDecoder(data);
    const name = decoding.readVarString(decoder);
    const encoder = encoding.createEncoder();
    encoding.writeVarString(encoder, rename(name));
    encoding.writeUint8Array(encoder, data.subarray(decoder.pos));
    return encoding.toUint8Array(encoder);
  } catch {
    return null;
  }
}
