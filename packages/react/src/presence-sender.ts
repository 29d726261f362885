import type { PresenceData, Room } from '@collab-backend/realtime';

/**
 * One component's presence sets: one in flight and one every `intervalMs`, the latest data winning. Data set
 * while no room is entered (the document still entering) waits for the room and is sent once it is.
 */
export class PresenceSender<T extends PresenceData> {
  private room: Room | null = null;
  private pending: T | undefined;
  private sending = false;

  constructor(public intervalMs: number) {}

  /** The room to send to, `null` while entering or after leaving. */
  attach(room: Room | null): void {
    this.room = room;
    this.pump();
  }

  update(data: T): void {
    this.pending = data;
    this.pump();
  }

  private pump(): void {
    const room = this.room;
    if (this.sending || !room || this.pending === undefined) return;
    this.sending = true;
    void (async () => {
      while (this.pending !== undefined && this.room === room) {
        const next = this.pending;
        this.pending = undefined;
        await room.presence.set(next).catch(() => undefined);
        await new Promise((resolve) => setTimeout(resolve, this.intervalMs));
      }
      this.sending = false;
      // The room changed while sending: what is left goes to the new one.
      this.pump();
    })();
  }
}
