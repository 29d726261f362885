import { Injectable, Logger } from '@nestjs/common';
import type { afterUnloadDocumentPayload, Extension } from '@hocuspocus/server';
import { Database } from '@hocuspocus/extension-database';
import { AppConfig } from '@app/common';
import { CrdtKey, CrdtStore } from '@app/crdt';
import { CollabContext } from './collab-access';
import { CloseReason, CollabMetrics } from './collab-metrics';
import { CollabRefusal } from './collab-refusal';
import { EMPTY_UPDATE_BYTES } from './sync-message';
import { parseTenantDocumentName } from './tenant-names';

/**
 * Nothing acknowledged is lost: an editor's update is appended to PostgreSQL before Hocuspocus
 * applies it, and Hocuspocus acknowledges (SyncStatus) only after applying. The Database extension
 * loads a document (state plus log) and, debounced after edits and at once when the last
 * connection leaves, compacts it. The size and rate limits are checked before the append.
 */
@Injectable()
export class CollabDurability implements Extension {
  extensionName = 'collab-durability';
  private readonly logger = new Logger('Collab');
  /** Bytes of each loaded document: compacted state plus the updates appended since. */
  private readonly sizes = new Map<string, number>();
  /** The key each loaded document's name stands for, parsed once. */
  private readonly keys = new Map<string, CrdtKey>();
  readonly database: Database;

  constructor(
    private readonly store: CrdtStore,
    private readonly config: AppConfig,
    private readonly metrics: CollabMetrics,
  ) {
    this.database = new Database({
      fetch: async ({ documentName }) => {
        const update = await this.metrics.time('load', () => this.store.load(this.keyOf(documentName)));
        this.sizes.set(documentName, update?.length ?? 0);
        return update;
      },
      // Never throws: Hocuspocus runs stores it does not await, and the log already holds every update.
      store: async ({ documentName, state }) => {
        try {
          const bytes = await this.metrics.time('compact', () => this.store.compact(this.keyOf(documentName), state));
          this.sizes.set(documentName, bytes);
        } catch (error) {
          this.logger.warn(`collab compaction of ${documentName} failed: ${String(error)}`);
        }
      },
    });
  }

  /**
   * Appends an editor's update (already read whole by CollabMessages) after the size and rate
   * checks, which throw at once (so the caller knows before it reads the next message); resolves
   * once it is committed, so Hocuspocus acknowledges only what is stored.
   */
  persist({ documentName, context }: { documentName: string; context: CollabContext }, update: Uint8Array) {
    if (update.length <= EMPTY_UPDATE_BYTES) return Promise.resolve();
    const { user, rate } = context;
    if (update.length > this.config.collabMaxUpdateBytes) this.refuse('update-too-large', 4413);
    if (!rate.take(Date.now())) this.refuse('rate-limited', 4429);
    const size = (this.sizes.get(documentName) ?? 0) + update.length;
    if (size > this.config.collabMaxDocumentBytes) this.refuse('document-too-large', 4413);
    return this.append(documentName, update, user.userId);
  }

  private async append(documentName: string, update: Uint8Array, userId: string): Promise<void> {
    try {
      await this.metrics.time('append', () => this.store.append(this.keyOf(documentName), update, userId));
    } catch (error) {
      this.logger.warn(`collab append failed for ${documentName}: ${String(error)}`);
      this.refuse('storage-failed', 1011);
    }
    this.sizes.set(documentName, (this.sizes.get(documentName) ?? 0) + update.length);
    this.metrics.stored.inc();
  }

  /** For updates written over REST: the same ledger of sizes. */
  grew(documentName: string, bytes: number): void {
    if (this.sizes.has(documentName)) this.sizes.set(documentName, (this.sizes.get(documentName) ?? 0) + bytes);
  }

  afterUnloadDocument({ documentName, instance }: afterUnloadDocumentPayload): Promise<void> {
    if (!instance.documents.has(documentName)) {
      this.sizes.delete(documentName);
      this.keys.delete(documentName);
    }
    return Promise.resolve();
  }

  private keyOf(documentName: string): CrdtKey {
    let key = this.keys.get(documentName);
    if (!key) {
      key = parseTenantDocumentName(documentName) ?? undefined;
      if (!key) throw new CollabRefusal('invalid-document-name');
      this.keys.set(documentName, key);
    }
    return key;
  }

  private refuse(reason: CloseReason, code: number): never {
    this.metrics.refused.inc();
    this.metrics.closed.inc({ reason });
    throw new CollabRefusal(reason, code);
  }
}
