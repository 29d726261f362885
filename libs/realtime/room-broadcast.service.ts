import { Injectable } from '@nestjs/common';
import { Server, Socket } from 'socket.io';
import { ApiError, AppConfig, DocumentRefDto, UpdateRate } from '@app/common';
import { EventFrames } from './event-frames';
import { RealtimeLimits } from './realtime-limits';
import { userOf } from './socket-user';

/** Ephemeral events to a document's other subscribers (a reaction burst, "user is typing"): fanned out in event frames, never stored. */
@Injectable()
export class RoomBroadcast {
  /** Socket id -> its broadcast rate; this instance's own connections only. */
  private readonly rates = new Map<string, UpdateRate>();

  constructor(
    private readonly config: AppConfig,
    private readonly limits: RealtimeLimits,
    private readonly frames: EventFrames,
  ) {}

  attach(server: Server): void {
    this.frames.attach(server);
  }

  send(socket: Socket, room: string, ref: DocumentRefDto, event: unknown): void {
    if (event === undefined || event === null) throw ApiError.invalid('event is required.');
    this.limits.checkSize('event:broadcast', 'event', event, this.config.broadcastMaxBytes);
    let rate = this.rates.get(socket.id);
    if (!rate) {
      rate = new UpdateRate(this.config.broadcastsPerSecond, Date.now());
      this.rates.set(socket.id, rate);
    }
    this.limits.checkRate('event:broadcast', rate, this.config.broadcastsPerSecond);
    this.frames.add(room, ref, { connectionId: socket.id, userId: userOf(socket).userId, event });
  }

  disconnected(socket: Socket): void {
    this.rates.delete(socket.id);
  }
}
