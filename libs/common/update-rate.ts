/**
 * A token bucket per connection: `perSecond` messages on average, bursts of twice as many
 * (typing sends one CRDT update per keystroke, pasting and undo send bursts; a cursor moves in spurts).
 */
export class UpdateRate {
  private tokens: number;
  private last: number;

  constructor(
    private readonly perSecond: number,
    now: number,
  ) {
    this.tokens = perSecond * 2;
    this.last = now;
  }

  /** Takes one token; false when the connection is over its rate. */
  take(now: number): boolean {
    this.tokens = Math.min(this.perSecond * 2, this.tokens + ((now - this.last) / 1000) * this.perSecond);
    this.last = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}
