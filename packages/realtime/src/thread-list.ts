import type { Cursor, Thread } from './types';

const above = (cursor: Cursor, than: Cursor | undefined): boolean =>
  than === undefined || BigInt(cursor) > BigInt(than);

/** Oldest thread first, so a thread keeps its place when it changes; ties by id. */
const byCreation = (a: Thread, b: Thread): number =>
  a.createdAt - b.createdAt || (a.annotationId < b.annotationId ? -1 : a.annotationId > b.annotationId ? 1 : 0);

/**
 * A document's threads as the room has heard them. Each thread's state is taken only from a cursor above
 * the one its current state (or deletion) came from: the server orders changes per thread, so a late or
 * repeated change, or a page read before a push, never rolls a thread back.
 */
export class ThreadList {
  /** The highest cursor heard: where a catch-up starts. */
  cursor: Cursor | undefined;
  private readonly threads = new Map<string, Thread>();
  /** Per thread, deleted ones included, the cursor its state is from. */
  private readonly applied = new Map<string, Cursor>();

  /** Takes `thread` (`null`: deleted) as of `cursor`; answers whether the list changed. */
  apply(annotationId: string, thread: Thread | null, cursor: Cursor): boolean {
    this.advance(cursor);
    if (!above(cursor, this.applied.get(annotationId))) return false;
    this.applied.set(annotationId, cursor);
    if (thread) this.threads.set(annotationId, thread);
    else return this.threads.delete(annotationId);
    return true;
  }

  /** Moves the catch-up point up to `cursor` (never down). */
  advance(cursor: Cursor): void {
    if (above(cursor, this.cursor)) this.cursor = cursor;
  }

  list(): Thread[] {
    return [...this.threads.values()].sort(byCreation);
  }
}
