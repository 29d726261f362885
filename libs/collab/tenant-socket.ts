import { EventEmitter } from 'node:events';
import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import type { WebSocket } from 'ws';
import { DocumentGate } from './document-gate';
import { clientDocumentName, tenantDocumentName } from './tenant-names';

/** The close code of a socket that sent what the server will not hold (RFC 6455: policy violation). */
const POLICY_VIOLATION = 1008;

/**
 * The client's WebSocket as the sync server sees it: every Hocuspocus message starts with its
 * document name, which is rewritten on the way in (the API key of the connection is prefixed) and
 * on the way out (it is stripped). What the server holds for names not yet accepted is bounded on
 * the way in (document-gate.ts). Only what Hocuspocus calls on a socket is exposed.
 */
export class TenantSocket extends EventEmitter {
  private readonly gate = new DocumentGate();

  constructor(
    private readonly socket: WebSocket,
    apiKeyId: string,
  ) {
    super();
    socket.on('message', (data: Buffer) => {
      const message = named(data);
      if (!message) return socket.close(1002, 'malformed message');
      const verdict = this.gate.incoming(message.name, data.length);
      if (verdict === 'drop') return;
      if (verdict !== 'forward') return socket.close(POLICY_VIOLATION, verdict.close);
      this.emit('message', withName(tenantDocumentName(apiKeyId, message.name), message.body));
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
    const message = named(data);
    if (!message) return;
    const name = clientDocumentName(message.name);
    this.gate.outgoing(name, message.body);
    this.socket.send(withName(name, message.body), callback);
  }

  ping(): void {
    this.socket.ping();
  }

  close(code?: number, reason?: string): void {
    this.socket.close(code, reason);
  }
}

/** The message's leading document name and what follows it, or null when it does not start with one. */
function named(data: Uint8Array): { name: string; body: Uint8Array } | null {
  try {
    const decoder = decoding.createDecoder(data);
    const name = decoding.readVarString(decoder);
    return { name, body: data.subarray(decoder.pos) };
  } catch {
    return null;
  }
}

function withName(name: string, body: Uint8Array): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarString(encoder, name);
  encoding.writeUint8Array(encoder, body);
  return encoding.toUint8Array(encoder);
}
