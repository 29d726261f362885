import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { Emit, EmittedEvent, EventOutbox } from '@app/events';
import { RealtimeHub } from '@app/realtime-hub';
import { EndUserActor } from './comment-access';
import { StoredThread } from './comment-sql';
import { CommentStore } from './comment-store';
import { AnnotationView } from './comment-views';
import { CommentAnnotation } from './entities/comment-annotation.entity';

/** What happened to a thread; every change of a document's comments is one of these. */
export type ThreadChangeKind =
  | 'thread_added'
  | 'thread_updated'
  | 'thread_deleted'
  | 'comment_added'
  | 'comment_updated'
  | 'comment_deleted'
  | 'reaction_added'
  | 'reaction_removed';

export interface ThreadChange {
  organizationId: string;
  documentId: string;
  annotationId: string;
  kind: ThreadChangeKind;
  commentId?: number;
  /** For a thread that is gone: who could see it (null: everyone on the document). */
  audience?: string[] | null;
  /** Set when the work's own statement already wrote the change-log row: its cursor and the thread it left. */
  logged?: { cursor: string; thread: StoredThread };
}

/** The socket event a document's subscribers hear a comment change by. */
export const COMMENT_CHANGE_EVENT = 'comment:change';

export interface CommentChangeEvent {
  organizationId: string;
  documentId: string;
  /** The change's place in the document's change log; a client applies a thread's changes in this order. */
  cursor: string;
  kind: ThreadChangeKind;
  annotationId: string;
  commentId?: number;
  /** The thread as the change left it; null once it is deleted. */
  thread: AnnotationView | null;
}

interface Publication {
  event: CommentChangeEvent;
  audience: string[] | null;
}

/** Who may see a thread: null for everyone who may read the document, else its author and the users a private thread names. */
export function threadAudience(row: Pick<CommentAnnotation, 'visibility' | 'createdBy'>): string[] | null {
  const visibility = row.visibility as { type?: string; userIds?: unknown } | null;
  if (visibility?.type !== 'restricted') return null;
  const named = Array.isArray(visibility.userIds)
    ? visibility.userIds.filter((id): id is string => typeof id === 'string')
    : [];
  return [...new Set([...(row.createdBy?.userId ? [row.createdBy.userId] : []), ...named])];
}

/**
 * The work of a feed transaction. `changed` notes a change; `flush` writes the changes noted so far to the
 * change log at once and answers their threads as they now stand (a write that needs them for its events
 * reads them once, with the log).
 */
export type FeedWork<T> = (
  manager: EntityManager,
  emit: Emit,
  changed: (change: ThreadChange) => void,
  flush: () => Promise<StoredThread[]>,
) => Promise<T>;

/**
 * The one way comments change: the event outbox's transaction, plus the document's change log. Each
 * changed thread gets a change-log row, written under a per-document advisory lock so its `seq` orders
 * the document's changes by commit, and, once committed, a `comment:change` push to the document's
 * subscribers on every instance (a private thread's only to those who may see it). The push is best
 * effort; the change log is what a client catches up from.
 */
@Injectable()
export class CommentFeed {
  constructor(
    private readonly events: EventOutbox,
    private readonly hub: RealtimeHub,
    private readonly store: CommentStore,
  ) {}

  /** `actor`: an end user acting from the client plane, whose changes' events say they came from the SDK (Velt's `platform`). */
  async transaction<T>(apiKeyId: string, actor: EndUserActor | undefined, work: FeedWork<T>): Promise<T> {
    const publications: Publication[] = [];
    const result = await this.events.transaction(apiKeyId, async (manager, emit) => {
      let changes: ThreadChange[] = [];
      const flush = async () => {
        const [pending, threads] = await this.record(manager, apiKeyId, changes);
        changes = [];
        publications.push(...pending);
        return threads;
      };
      const emitAs: Emit = actor ? (event) => emit({ ...event, platform: 'sdk' } as EmittedEvent) : emit;
      const value = await work(manager, emitAs, (change) => changes.push(change), flush);
      await flush();
      return value;
    });
    for (const { event, audience } of publications) {
      if (audience === null)
        this.hub.emitToDocument(apiKeyId, event.organizationId, event.documentId, COMMENT_CHANGE_EVENT, event);
      else
        this.hub.emitToDocumentUsers(
          apiKeyId,
          event.organizationId,
          event.documentId,
          audience,
          COMMENT_CHANGE_EVENT,
          event,
        );
    }
    return result;
  }

  private async record(
    manager: EntityManager,
    apiKeyId: string,
    changes: ThreadChange[],
  ): Promise<[Publication[], StoredThread[]]> {
    const publications: Publication[] = [];
    const threads: StoredThread[] = [];
    for (const change of changes) {
      if (change.logged) publications.push(publication(change, change.logged.cursor, change.logged.thread));
    }
    for (const perDocument of groupByDocument(changes.filter((change) => !change.logged))) {
      const { organizationId, documentId } = perDocument[0];
      const alive = [...new Set(perDocument.filter((c) => c.kind !== 'thread_deleted').map((c) => c.annotationId))];
      const logged = await this.store.recordChanges(manager, apiKeyId, organizationId, documentId, perDocument, alive);
      const byId = new Map(logged.threads.map((thread) => [thread.row.id, thread]));
      perDocument.forEach((change, i) => {
        const current = change.kind === 'thread_deleted' ? undefined : byId.get(change.annotationId);
        publications.push(publication(change, logged.seqs[i], current));
      });
      threads.push(...logged.threads);
    }
    return [publications, threads];
  }
}

function publication(change: ThreadChange, cursor: string, current: StoredThread | undefined): Publication {
  const event: CommentChangeEvent = {
    organizationId: change.organizationId,
    documentId: change.documentId,
    cursor,
    kind: change.kind,
    annotationId: change.annotationId,
    ...(change.commentId !== undefined ? { commentId: change.commentId } : {}),
    thread: current?.view ?? null,
  };
  return { event, audience: current ? threadAudience(current.row) : (change.audience ?? null) };
}

/** One change per thread, kind and comment, grouped by document in first-seen order. */
function groupByDocument(changes: ThreadChange[]): ThreadChange[][] {
  const documents = new Map<string, Map<string, ThreadChange>>();
  for (const change of changes) {
    const documentKey = JSON.stringify([change.organizationId, change.documentId]);
    const perDocument = documents.get(documentKey) ?? new Map<string, ThreadChange>();
    documents.set(documentKey, perDocument);
    perDocument.set(JSON.stringify([change.annotationId, change.kind, change.commentId ?? null]), change);
  }
  return [...documents.values()].map((perDocument) => [...perDocument.values()]);
}
