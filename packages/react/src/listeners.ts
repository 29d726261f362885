/** A set of change listeners; `add` returns its own removal. */
export class Listeners {
  private readonly set = new Set<() => void>();

  add(listener: () => void): () => void {
    this.set.add(listener);
    return () => void this.set.delete(listener);
  }

  emit(): void {
    for (const listener of [...this.set]) listener();
  }
}
