/**
 * Loads that concurrent callers share: a call for a key whose load is still running gets that load's
 * promise instead of starting another. In front of a cache, it keeps a burst of misses (every socket
 * of a reconnect storm verifying against one API key on a freshly started instance) from sending
 * each caller to the database for the same row.
 */
export class SharedLoads<T> {
  private readonly pending = new Map<string, Promise<T>>();

  run(key: string, load: () => Promise<T>): Promise<T> {
    const running = this.pending.get(key);
    if (running) return running;
    const started = load().finally(() => this.pending.delete(key));
    this.pending.set(key, started);
    return started;
  }
}
