import { Injectable, Logger } from '@nestjs/common';
import * as Y from 'yjs';
import { CrdtKey, CrdtStore, documentName } from '@app/crdt';
import { CollabDurability } from './collab-durability';
import { CollabServer } from './collab.server';
import { tenantDocumentName } from './tenant-names';

/**
 * Server-side changes of a live document (REST writes, restores): through a direct connection of the
 * sync server, so connected editors on every instance receive them at once as ordinary Yjs updates.
 * The change is computed from the live document, appended to the log, then applied.
 */
@Injectable()
export class CrdtLiveWriter {
  private readonly logger = new Logger('Collab');

  constructor(
    private readonly store: CrdtStore,
    private readonly server: CollabServer,
    private readonly durability: CollabDurability,
  ) {}

  /** `change` returns the update to apply to the live document, attributed to `userId`; `origin` marks the transaction. */
  async write(key: CrdtKey, change: (live: Y.Doc) => Uint8Array, userId: string | null, origin: string): Promise<void> {
    const name = tenantDocumentName(key.apiKeyId, documentName(key.organizationId, key.documentId, key.editorId));
    const connection = await this.server.hocuspocus.openDirectConnection(name, { rest: true });
    try {
      const live = connection.document!;
      const update = change(live);
      await this.store.append(key, update, userId);
      this.durability.grew(name, update.length);
      Y.applyUpdate(live, update, origin);
    } finally {
      // Compacts and unloads when no editor holds the document; the update is already stored.
      connection.disconnect().catch((error: unknown) => this.logger.warn(`collab direct disconnect: ${String(error)}`));
    }
  }
}
