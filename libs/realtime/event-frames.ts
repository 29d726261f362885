import { Injectable } from '@nestjs/common';
import { Server } from 'socket.io';
import { AppConfig, DocumentRefDto } from '@app/common';
import { emitFrame, RoomTicks } from './room-ticks';

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
 * not one per event. The frame goes to the whole room, senders included (room-ticks.ts: but a lone
 * sender); each client skips its own connection's events.
 */
@Injectable()
export class EventFrames {
  private readonly ticks: RoomTicks<EventFrame>;
  private server: Server;

  constructor(config: AppConfig) {
    this.ticks = new RoomTicks({
      tickMs: config.broadcastFrameMs,
      flush: (room, body) =>
        emitFrame(this.server, {
          room,
          event: EVENT_FRAME_EVENT,
          body,
          from: body.events.map((sent) => sent.connectionId),
        }),
    });
  }

  attach(server: Server): void {
    this.server = server;
  }

  add(room: string, ref: DocumentRefDto, sent: SentEvent): void {
    const frame = this.ticks.batchOf(room, () => ({
      v: EVENT_FRAME_VERSION,
      organizationId: ref.organizationId,
      documentId: ref.documentId,
      events: [],
    }));
    frame.events.push(sent);
  }
}
