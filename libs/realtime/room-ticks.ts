import { Server } from 'socket.io';

/**
 * Batches per room on a tick: the first item for a room starts its tick, and the tick's end hands the
 * room's batch to `flush`. What a batch holds, and how a later item joins it, is the caller's.
 */
export class RoomTicks<Batch> {
  private readonly pending = new Map<string, Batch>();

  constructor(private readonly options: { tickMs: number; flush: (room: string, batch: Batch) => void }) {}

  /** The room's batch of the running tick; `start` makes one, and starts the tick, when the room has none. */
  batchOf(room: string, start: () => Batch): Batch {
    let batch = this.pending.get(room);
    if (!batch) {
      batch = start();
      this.pending.set(room, batch);
      setTimeout(() => this.end(room), this.options.tickMs);
    }
    return batch;
  }

  private end(room: string): void {
    const batch = this.pending.get(room);
    if (!batch) return;
    this.pending.delete(room);
    this.options.flush(room, batch);
  }
}

/**
 * Sends a frame to the room. A frame whose every entry came from one connection tells that connection
 * nothing (its client skips its own entries), so it goes to the others only: someone alone in a
 * document is not echoed every tick.
 */
export function emitFrame(server: Server, frame: { room: string; event: string; body: object; from: string[] }): void {
  const alone = frame.from.length > 0 && frame.from.every((id) => id === frame.from[0]) ? [frame.from[0]] : [];
  server.to(frame.room).except(alone).emit(frame.event, frame.body);
}
