import { Injectable } from '@nestjs/common';
import type { beforeHandleMessagePayload, Connection, Document, Extension } from '@hocuspocus/server';
import { RealtimeHandlerErrors } from '@app/realtime-hub';
import { awarenessClaims } from './awareness-owners';
import { CollabContext } from './collab-access';
import { CollabDurability } from './collab-durability';
import { CloseReason, CollabMetrics } from './collab-metrics';
import { CollabRefusal } from './collab-refusal';
import { AwarenessEntry, ClientFrame, MalformedFrame, readClientFrame } from './sync-message';

/** Close codes of message refusals, in the 4000 range Hocuspocus leaves to applications. */
const CLOSE_CODE: Partial<Record<CloseReason, number>> = {
  'invalid-update': 4400,
  'malformed-message': 4400,
  'awareness-not-owned': 4403,
  'awareness-too-large': 4413,
  'awareness-too-many-clients': 4413,
  'internal-error': 1011,
};

/** A message read whole, with its append under way; or why it could not be read. */
interface Stored {
  /** Null when the message could not be read: `outcome` then rejects with why. */
  frame: ClientFrame | null;
  /** Settles once the update is committed (at once for any other message); rejects with the refusal. */
  outcome: Promise<void>;
}

/** Resolves a macrotask later: once Hocuspocus has applied the message whose hook settled before. */
const afterApplied = () => new Promise<void>((resolve) => setImmediate(resolve));
const ignore = () => undefined;

/**
 * Every message of a document connection passes here before Hocuspocus handles it: it is read whole
 * (sync-message.ts) and an update's append (CollabDurability) starts at once, so the updates a
 * connection has in flight are committed together; Hocuspocus then handles them one at a time and in
 * order, each once its own append has committed, and an awareness message is checked in its turn
 * (awareness-owners.ts). Order holds without waiting a macrotask between messages: each message's
 * hook settles after the previous one's, and Hocuspocus runs the same promise chain from every hook
 * to its handling, so it handles them in the order their hooks settle. A refused message
 * closes the document's connection with its reason; since the messages before it were applied
 * and acknowledged first, and every one after it is refused too, every acknowledgement stands for a
 * stored update, also when the connection is closed for its rate. An unexpected error is logged and
 * counted (`realtime_handler_errors_total{event="collab:message"}`) and closes only this connection.
 */
@Injectable()
export class CollabMessages implements Extension {
  extensionName = 'collab-messages';
  /** Each connection's last message in handling, so the next one waits for it. */
  private readonly turns = new WeakMap<Connection, Promise<void>>();
  /** Connections with a refused message: Hocuspocus closes them a few microtasks later, and nothing after it is handled. */
  private readonly refused = new WeakSet<Connection>();
  /** Connections with a message refused as it was read: nothing they send after it is stored. */
  private readonly stopped = new WeakSet<Connection>();

  constructor(
    private readonly durability: CollabDurability,
    private readonly metrics: CollabMetrics,
    private readonly errors: RealtimeHandlerErrors,
  ) {}

  beforeHandleMessage(payload: beforeHandleMessagePayload): Promise<void> {
    const stored = this.store(payload);
    const previous = this.turns.get(payload.connection) ?? Promise.resolve();
    // An awareness check reads the document's awareness, so it waits until the previous message is applied.
    const ready = stored.frame?.kind === 'awareness' ? previous.then(afterApplied) : previous;
    const turn = ready.then(() => this.handle(payload, stored));
    this.turns.set(payload.connection, turn.then(ignore, ignore));
    return turn;
  }

  /** Reads the message whole and starts an editor's update on its way to PostgreSQL; its turn takes the outcome. */
  private store({ update: message, connection, documentName, context }: beforeHandleMessagePayload): Stored {
    // Its turn comes after the refused one's, so it is dropped there.
    if (this.stopped.has(connection)) return { frame: null, outcome: Promise.resolve() };
    let frame: ClientFrame | null = null;
    let outcome: Promise<void>;
    try {
      frame = readClientFrame(message);
      outcome =
        frame.kind === 'update' && !connection.readOnly
          ? this.durability.persist({ documentName, context: context as CollabContext }, frame.update)
          : Promise.resolve();
    } catch (error) {
      this.stopped.add(connection);
      outcome = Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
    // Its turn awaits it; until then a refusal must not count as an unhandled rejection.
    outcome.catch(() => undefined);
    return { frame, outcome };
  }

  private async handle({ connection, document, socketId }: beforeHandleMessagePayload, stored: Stored) {
    // A message after a refused one, or after the connection was closed: dropped.
    if (this.refused.has(connection) || !document.hasConnection(connection)) throw new CollabRefusal('closed', 1000);
    try {
      if (stored.frame?.kind === 'awareness') this.checkAwareness(document, connection, stored.frame.entries);
      await stored.outcome;
    } catch (error) {
      this.refused.add(connection);
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
