import { Injectable } from '@nestjs/common';
import type { beforeHandleMessagePayload, Connection, Document, Extension } from '@hocuspocus/server';
import { RealtimeHandlerErrors } from '@app/realtime-hub';
import { awarenessClaims } from './awareness-owners';
import { CollabContext } from './collab-access';
import { CollabDurability } from './collab-durability';
import { CloseReason, CollabMetrics } from './collab-metrics';
import { CollabRefusal } from './collab-refusal';
import { AwarenessEntry, MalformedFrame, readClientFrame } from './sync-message';

/** Close codes of message refusals, in the 4000 range Hocuspocus leaves to applications. */
const CLOSE_CODE: Partial<Record<CloseReason, number>> = {
  'invalid-update': 4400,
  'malformed-message': 4400,
  'awareness-not-owned': 4403,
  'awareness-too-large': 4413,
  'awareness-too-many-clients': 4413,
  'internal-error': 1011,
};

/** Resolves a macrotask later: once Hocuspocus has applied and acknowledged the message whose hook just resolved. */
const afterHandled = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Every message of a document connection passes here before Hocuspocus handles it, one at a time
 * per connection and in order: it is read whole (sync-message.ts), an update is stored
 * (CollabDurability) and an awareness message checked (awareness-owners.ts). A refused message
 * closes the document's connection with its reason; since the messages before it were applied
 * and acknowledged first, and none after it is handled, every acknowledgement stands for a stored
 * update, also when the connection is closed for its rate. An unexpected error is logged and
 * counted (`realtime_handler_errors_total{event="collab:message"}`) and closes only this connection.
 */
@Injectable()
export class CollabMessages implements Extension {
  extensionName = 'collab-messages';
  /** Each connection's last message in handling, so the next one waits for it. */
  private readonly turns = new WeakMap<Connection, Promise<void>>();

  constructor(
    private readonly durability: CollabDurability,
    private readonly metrics: CollabMetrics,
    private readonly errors: RealtimeHandlerErrors,
  ) {}

  beforeHandleMessage(payload: beforeHandleMessagePayload): Promise<void> {
    const turn = (this.turns.get(payload.connection) ?? Promise.resolve()).then(() => this.handle(payload));
    this.turns.set(payload.connection, turn.then(afterHandled, afterHandled));
    return turn;
  }

  private async handle({
    update: message,
    connection,
    document,
    documentName,
    context,
    socketId,
  }: beforeHandleMessagePayload) {
    // A message that arrived before a refusal closed the connection: dropped, like those after it.
    if (!document.hasConnection(connection)) throw new CollabRefusal('closed', 1000);
    try {
      const frame = readClientFrame(message);
      if (frame.kind === 'awareness') this.checkAwareness(document, connection, frame.entries);
      if (frame.kind === 'update' && !connection.readOnly)
        await this.durability.persist({ documentName, context: context as CollabContext }, frame.update);
    } catch (error) {
      if (error instanceof CollabRefusal) throw error;
      if (error instanceof MalformedFrame) throw this.refusal(error.reason);
      this.errors.record({ event: 'collab:message', connectionId: socketId, error });
      throw this.refusal('internal-error');
    }
  }

  /** Refuses what the connection may not set; the client ids it claims become its own, so they leave with it. */
  private checkAwareness(document: Document, connection: Connection, entries: AwarenessEntry[]): void {
    const owned = document.connections.get(connection.webSocket)?.clients as Set<number> | undefined;
    if (!owned) return;
    const checked = awarenessClaims(document.awareness, owned, entries);
    if ('refusal' in checked) throw this.refusal(checked.refusal);
    for (const clientId of checked.claims) owned.add(clientId);
  }

  private refusal(reason: CloseReason): CollabRefusal {
    this.metrics.closed.inc({ reason });
    return new CollabRefusal(reason, CLOSE_CODE[reason]);
  }
}
