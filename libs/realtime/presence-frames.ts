import { Injectable } from '@nestjs/common';
import { Server } from 'socket.io';
import { AppConfig, DocumentRefDto } from '@app/common';
import { emitFrame, RoomTicks } from './room-ticks';

export const PRESENCE_FRAME_EVENT = 'presence:frame';
/** The frame's wire version (docs/client-api.md "Presence frames"); a client that does not know it ignores the frame. */
export const PRESENCE_FRAME_VERSION = 1;

/** Another connection's presence on a document, as a subscriber sees it. */
export interface ConnectionPresence {
  connectionId: string;
  userId: string;
  name: string;
  data: Record<string, unknown>;
}

/** A connection that left the document. */
export interface ConnectionLeft {
  connectionId: string;
  userId: string;
}

/** What one tick sends a room: each connection at most once, in `set` (its latest data) or in `left`. */
export interface PresenceFrame {
  v: typeof PRESENCE_FRAME_VERSION;
  organizationId: string;
  documentId: string;
  set: ConnectionPresence[];
  left: ConnectionLeft[];
}

/** A room's changes since its last frame, by connection id: the latest of each wins. */
interface Pending {
  ref: DocumentRefDto;
  set: Map<string, ConnectionPresence>;
  left: Map<string, ConnectionLeft>;
}

/**
 * Presence changes batched per room: the first change in a room starts its tick (PRESENCE_FRAME_MS),
 * and the tick's end sends the room one `presence:frame` carrying each changed connection's latest
 * state (room-ticks.ts: to everyone in it but a lone setter). socket.io encodes a room emit once for all its recipients, and the adapter publishes it to the
 * other instances once, so a tick costs one encoding and one publish per room, not one per update per
 * recipient. The frame goes to the whole room, senders included (a frame that left them out would
 * miss the others' changes); each client skips its own connection.
 */
@Injectable()
export class PresenceFrames {
  private readonly ticks: RoomTicks<Pending>;
  private server: Server;

  constructor(config: AppConfig) {
    this.ticks = new RoomTicks({ tickMs: config.presenceFrameMs, flush: (room, pending) => this.flush(room, pending) });
  }

  attach(server: Server): void {
    this.server = server;
  }

  /** The connection's latest data; it replaces a set or a leave of the same connection still waiting in the tick. */
  set(room: string, ref: DocumentRefDto, presence: ConnectionPresence): void {
    const pending = this.pendingOf(room, ref);
    pending.left.delete(presence.connectionId);
    pending.set.set(presence.connectionId, presence);
  }

  /** The connection left: a set of it still waiting in the tick is dropped, so the leave is the last word. */
  leave(room: string, ref: DocumentRefDto, left: ConnectionLeft): void {
    const pending = this.pendingOf(room, ref);
    pending.set.delete(left.connectionId);
    pending.left.set(left.connectionId, left);
  }

  private pendingOf(room: string, ref: DocumentRefDto): Pending {
    return this.ticks.batchOf(room, () => ({
      ref: { organizationId: ref.organizationId, documentId: ref.documentId },
      set: new Map(),
      left: new Map(),
    }));
  }

  private flush(room: string, pending: Pending): void {
    const body: PresenceFrame = {
      v: PRESENCE_FRAME_VERSION,
      organizationId: pending.ref.organizationId,
      documentId: pending.ref.documentId,
      set: [...pending.set.values()],
      left: [...pending.left.values()],
    };
    // A leave is news to everyone: only a frame of sets alone can skip its one setter.
    const from = body.left.length > 0 ? [] : [...pending.set.keys()];
    emitFrame(this.server, { room, event: PRESENCE_FRAME_EVENT, body, from });
  }
}
