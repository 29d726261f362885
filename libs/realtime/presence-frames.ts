import { Injectable } from '@nestjs/common';
import { Server } from 'socket.io';
import { AppConfig, DocumentRefDto } from '@app/common';

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
 * state (to everyone in it but a lone setter). socket.io encodes a room emit once for all its recipients, and the adapter publishes it to the
 * other instances once, so a tick costs one encoding and one publish per room, not one per update per
 * recipient. The frame goes to the whole room, senders included (a frame that left them out would
 * miss the others' changes); each client skips its own connection.
 */
@Injectable()
export class PresenceFrames {
  private readonly pending = new Map<string, Pending>();
  private readonly frameMs: number;
  private server: Server;

  constructor(config: AppConfig) {
    this.frameMs = config.presenceFrameMs;
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
    let pending = this.pending.get(room);
    if (!pending) {
      pending = {
        ref: { organizationId: ref.organizationId, documentId: ref.documentId },
        set: new Map(),
        left: new Map(),
      };
      this.pending.set(room, pending);
      setTimeout(() => this.flush(room), this.frameMs);
    }
    return pending;
  }

  private flush(room: string): void {
    const pending = this.pending.get(room);
    if (!pending) return;
    this.pending.delete(room);
    const frame: PresenceFrame = {
      v: PRESENCE_FRAME_VERSION,
      organizationId: pending.ref.organizationId,
      documentId: pending.ref.documentId,
      set: [...pending.set.values()],
      left: [...pending.left.values()],
    };
    // A frame of one connection's set alone tells that connection nothing (its client skips itself): it
    // goes to the others only, so someone moving alone in a document is not sent an echo every tick.
    const alone = frame.set.length === 1 && frame.left.length === 0 ? [frame.set[0].connectionId] : [];
    this.server.to(room).except(alone).emit(PRESENCE_FRAME_EVENT, frame);
  }
}
