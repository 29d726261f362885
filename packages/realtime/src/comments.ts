import { Listeners } from './listeners';
import type { Send } from './request';
import { ThreadList } from './thread-list';
import type {
  CommentChange,
  CommentInput,
  CommentLabel,
  CommentUser,
  Cursor,
  MentionableUser,
  NewThread,
  Thread,
} from './types';

export interface ThreadPage {
  threads: Thread[];
  nextPageToken?: string;
  cursor: Cursor;
}

/** A catch-up's answer: what changed since the cursor, or `relist` when the server's change log no longer reaches back to it. */
type Changes = { cursor: Cursor; threads: Thread[]; deleted: string[] } | { cursor: Cursor; relist: true };

type Entry = [annotationId: string, thread: Thread | null];
const entry = (thread: Thread): Entry => [thread.annotationId, thread];

/**
 * A room's comments: the operations, each as the token's user, and the live thread list the room keeps
 * from the pages read, the `comment:change` pushes and the catch-up after a reconnect.
 */
export class RoomComments {
  private threadList = new ThreadList();
  private readonly listeners = new Listeners<Thread[]>();
  /** The page size of the last first page read, so a relist reads the same; undefined until one is read. */
  private listed: { pageSize?: number } | undefined;

  constructor(private readonly send: Send) {}

  /** One page of the document's threads, newest change first; they join the live list, which is kept from then on. */
  async list(options: { pageSize?: number; pageToken?: string } = {}): Promise<ThreadPage> {
    const page = await this.send<ThreadPage>('comments:list', options);
    if (options.pageToken === undefined) this.listed = { pageSize: options.pageSize };
    this.take(page.threads.map(entry), page.cursor);
    return page;
  }

  get(annotationId: string): Promise<Thread> {
    return this.thread('comments:get', { annotationId });
  }

  /** Starts a thread; `annotationId` is the server's choice when left out. */
  add(thread: NewThread): Promise<Thread> {
    return this.thread('comments:add', thread);
  }

  reply(annotationId: string, comment: CommentInput): Promise<{ thread: Thread; commentId: number }> {
    return this.send('comments:reply', { annotationId, comment });
  }

  /** The user's own comment only. */
  edit(
    annotationId: string,
    commentId: number,
    changes: Pick<CommentInput, 'commentText' | 'commentHtml' | 'taggedUserContacts'>,
  ): Promise<Thread> {
    return this.thread('comments:edit', { annotationId, commentId, ...changes });
  }

  /** Without `commentId`, the whole thread (the user's own). */
  async delete(annotationId: string, commentId?: number): Promise<void> {
    await this.send('comments:delete', { annotationId, commentId });
  }

  react(annotationId: string, commentId: number, icon: string): Promise<Thread> {
    return this.thread('comments:react', { annotationId, commentId, icon });
  }

  unreact(annotationId: string, commentId: number, icon: string): Promise<Thread> {
    return this.thread('comments:unreact', { annotationId, commentId, icon });
  }

  /** Fields left out stay as they are; `null` clears a priority or an assignee. */
  status(
    annotationId: string,
    changes: { status?: CommentLabel; priority?: CommentLabel | null; assignedTo?: CommentUser | null },
  ): Promise<Thread> {
    return this.thread('comments:status', { annotationId, ...changes });
  }

  /** Hear of every reply and status change of the thread, as its participants do (Velt's subscribedUsers). */
  subscribeToThread(annotationId: string): Promise<Thread> {
    return this.thread('comments:subscribe', { annotationId });
  }

  /** Stop hearing of the thread's replies and status changes; a mention or an assignment still reaches the user. */
  unsubscribeFromThread(annotationId: string): Promise<Thread> {
    return this.thread('comments:unsubscribe', { annotationId });
  }

  async markRead(annotationId: string): Promise<void> {
    await this.send('comments:read', { annotationId });
  }

  /** Users of the organization who can be mentioned, matching `query`. */
  async mentionable(options: { query?: string; limit?: number } = {}): Promise<MentionableUser[]> {
    return (await this.send<{ users: MentionableUser[] }>('users:mentionable', options)).users;
  }

  /** The live thread list, oldest thread first. */
  threads(): Thread[] {
    return this.threadList.list();
  }

  /** Called with the live thread list on every change to it. */
  subscribe(listener: (threads: Thread[]) => void): () => void {
    return this.listeners.add(listener);
  }

  receive(change: CommentChange): void {
    this.take([[change.annotationId, change.kind === 'thread_deleted' ? null : change.thread]], change.cursor);
  }

  /**
   * After a (re)subscribe whose ack carried `current`: what changed since the highest cursor heard. A room
   * that has heard none yet starts from `current`, so it catches up after its next reconnect even if
   * it never lists. When the server's change log no longer reaches back that far (COMMENT_CHANGE_RETENTION_S),
   * the list is dropped and, if a page was read, the first page is read again.
   */
  async catchUp(current: Cursor): Promise<void> {
    const since = this.threadList.cursor;
    if (since === undefined) {
      this.threadList.advance(current);
      return;
    }
    const changes = await this.send<Changes>('comments:changes', { since });
    if ('relist' in changes) {
      await this.relist(changes.cursor);
      return;
    }
    this.take(
      [...changes.threads.map(entry), ...changes.deleted.map((annotationId): Entry => [annotationId, null])],
      changes.cursor,
    );
  }

  clear(): void {
    this.listeners.clear();
  }

  private async thread(event: string, payload: object): Promise<Thread> {
    return (await this.send<{ thread: Thread }>(event, payload)).thread;
  }

  private async relist(cursor: Cursor): Promise<void> {
    this.threadList = new ThreadList();
    this.threadList.advance(cursor);
    if (this.listed) await this.list(this.listed);
    this.listeners.emit(this.threadList.list());
  }

  private take(entries: Entry[], cursor: Cursor): void {
    let changed = false;
    for (const [annotationId, thread] of entries)
      changed = this.threadList.apply(annotationId, thread, cursor) || changed;
    if (changed) this.listeners.emit(this.threadList.list());
  }
}
