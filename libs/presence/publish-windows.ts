import { Logger } from '@nestjs/common';

interface Window {
  /** The publish folded in while the window was open, made when it closes. */
  trailing: (() => Promise<void>) | null;
}

/**
 * Coalesces one instance's publishes per key (a document): the first is made at once and opens a
 * window of `windowMs` from its end; those asked for while the window is open are folded into one,
 * made when it closes, which opens the next window. Each publish reads the whole state when it is
 * made, so a folded one loses nothing, and instances need not share their windows.
 */
export class PublishWindows {
  private readonly windows = new Map<string, Window>();

  constructor(
    private readonly windowMs: number,
    private readonly logger: Logger,
  ) {}

  /** Runs `now` when no window is open for the key (its error is the caller's); otherwise `later` runs when the window closes. */
  async publish(key: string, now: () => Promise<void>, later: () => Promise<void>): Promise<void> {
    const open = this.windows.get(key);
    if (open) {
      open.trailing = later;
      return;
    }
    const window: Window = { trailing: null };
    this.windows.set(key, window);
    await this.runThenWait(key, window, now);
  }

  private async runThenWait(key: string, window: Window, publish: () => Promise<void>): Promise<void> {
    try {
      await publish();
    } finally {
      // Unreferenced: a publish still folded at shutdown is not worth holding the process for.
      setTimeout(() => this.close(key, window), this.windowMs).unref();
    }
  }

  private close(key: string, window: Window): void {
    const trailing = window.trailing;
    if (!trailing) {
      this.windows.delete(key);
      return;
    }
    window.trailing = null;
    this.runThenWait(key, window, trailing).catch((error: Error) =>
      this.logger.warn(`presence publish failed: ${error.message}`),
    );
  }
}
