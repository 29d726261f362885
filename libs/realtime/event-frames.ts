import { Injectable } from '@nestjs/common';
import { Server } from 'socket.io';
import { AppConfig, DocumentRefDto } from '@app/common';

export const EVENT_FRAME_EVENT = 'event:frame';
/** The frame's wire version (docs/client-api.md "Event frames"); a client that does not know it ignores the frame. */
export const EVENT_FRAME_VERSION = 1;

/** One broadcast event and who sent it. */
export interface SentEvent {
  connectionId: string;
  userId: string;
  event: unknown;
}

/** What one tick sends a room: every event broadcast in it, in the order this instance received them. */
export interface EventFrame {
  v: typeof EVENT_FRAME_VERSION;
  organizationId: string;
  documentId: string;
  events: SentEvent[];
}

/**
 * Broadcast events batched per room: the first event in a room starts its tick (BROADCAST_FRAME_MS),
 * and the tick's end sends the room one `event:frame` carrying every event of the tick, in order.
 * Nothing is folded: events are not latest-wins. A room emit is encoded once for all its recipients
 * and published to the other instances once, so a tick costs one encoding and one publish per room,
 * not one per event. The frame goes to the whole room, senders included (but a lone sender); each
 * client skips its own connection's events.
 */
@Injectable()
export class EventFrames {
  private readonly pending = new Map<string, EventFrame>();
  private readonly frameMs: number;
  private server: Server;

  constructor(config: AppConfig) {
    this.frameMs = config.broadcastFrameMs;
  }

  attach(server: Server): void {
    this.server = server;
  }

  add(room: string, ref: DocumentRefDto, sent: SentEvent): void {
    let frame = this.pending.get(room);
    if (!frame) {
      frame = { v: EVENT_FRAME_VERSION, organizationId: ref.organizationId, documentId: ref.documentId, events: [] };
      this.pending.set(room, frame);
      setTimeout(() => this.flush(room), this.frameMs);
    }
    frame.events.push(sent);
  }

  private flush(room: string): void {
    const frame = this.pending.get(room);
    if (!frame) return;
    this.pending.delete(room);
    // A frame of one connection's events alone tells that connection nothing: it goes to the others only.
    const sender = frame.events[0].connectionId;
    const alone = frame.events.every((sent) => sent.connectionId === sender) ? [sender] : [];
    this.server.to(room).except(alone).emit(EVENT_FRAME_EVENT, frame);
  }
}
