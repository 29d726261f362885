import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import {
  FOREIGN_KEY_VIOLATION,
  postgresErrorCode,
  preparedStatement,
  queryPrepared,
  runStatement,
} from '@app/database';
import { DOCUMENT_NOT_FOUND } from '@app/resource';
import { ApiError } from '@app/common';
import { Emit, EventOutbox } from '@app/events';
import { CrdtType, DEFAULT_CONTENT_KEY, inferType, readContent } from './crdt-content';
import { CrdtKey } from './crdt-key';
import {
  compactIn,
  CRDT_SQL,
  EMPTY_STATE,
  FoldedEdits,
  keyParams,
  mergeStored,
  StoredPart,
  UpdateBatcher,
} from './crdt-log';
import { CrdtUndecodable } from './crdt-undecodable';

interface EditorPart extends StoredPart {
  user_id: string | null;
  at: Date;
}

/** An editor's content as stored: every acknowledged update folded into one. */
export interface StoredEditor {
  editorId: string;
  update: Uint8Array;
  type: string | null;
  contentKey: string | null;
  lastUpdate: Date;
  lastUpdatedBy: string | null;
}

/**
 * Yjs documents in PostgreSQL: a write-ahead log of updates (`crdt_update`), appended before the
 * sync server applies and acknowledges an update, and one compacted state per editor
 * (`crdt_editor`) that compaction folds the log into. Loading merges the two, so nothing
 * acknowledged depends on a process living long enough to compact.
 */
@Injectable()
export class CrdtStore {
  private readonly batcher = new UpdateBatcher(async (key, data, userIds) => {
    await queryPrepared(this.dataSource, preparedStatement(CRDT_SQL.append), [...keyParams(key), data, userIds]).catch(
      rethrowAsNotFound,
    );
  });

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly outbox: EventOutbox,
    private readonly undecodable: CrdtUndecodable,
  ) {}

  /** Resolves once the update is committed (updates of one editor in one event-loop turn share the INSERT); NOT_FOUND when the document is gone. */
  append(key: CrdtKey, data: Uint8Array, userId: string | null): Promise<void> {
    return this.batcher.append(key, data, userId);
  }

  /** The editor's whole content as one update (what decodes of it), or null when nothing was ever stored. */
  async load(key: CrdtKey): Promise<Uint8Array | null> {
    const parts = await queryPrepared<StoredPart>(this.dataSource, preparedStatement(CRDT_SQL.load), keyParams(key));
    return parts.length === 0 ? null : mergeStored(key, parts, this.undecodable.reporter('load'));
  }

  /**
   * Folds the log (and the sync server's in-memory state, when it has one) into the editor's state:
   * compactIn. A compaction that folds edits in emits `crdt.update_data` in its transaction, so the
   * event is as debounced as compaction (after edits stop, at once when the last editor leaves), and a
   * crash before it leaves the log, and so the event, to the next compaction.
   */
  compact(key: CrdtKey, memoryState: Uint8Array | null): Promise<number> {
    return this.outbox.transaction(key.apiKeyId, async (manager, emit) => {
      const query = async <T>(sql: string, params: unknown[]) => (await runStatement<T>(manager, sql, params)).rows;
      return compactIn(query, key, {
        memoryState,
        onFolded: (folded) => emitUpdate(emit, key, folded),
        onUndecodable: this.undecodable.reporter('compact'),
      }).catch(rethrowAsNotFound);
    });
  }

  /**
   * Claims an editor for `crdt/add`: true when it held no content and no declared type, and now
   * has `type` declared; false when it already exists. NOT_FOUND when the document does not.
   */
  async claim(key: CrdtKey, type: string, contentKey: string): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      // The editor's row, empty, when it has none yet; the foreign key refuses it for a missing document.
      await runStatement(manager, CRDT_SQL.createEditor, [...keyParams(key), EMPTY_STATE]).catch(rethrowAsNotFound);
      const { affected } = await runStatement(manager, CRDT_SQL.claim, [...keyParams(key), type, contentKey]);
      return affected === 1;
    });
  }

  /** Whether the editor has anything stored (a state row or logged updates), without reading it. */
  async exists(key: CrdtKey): Promise<boolean> {
    const [row] = await queryPrepared<{ found: boolean }>(
      this.dataSource,
      preparedStatement(CRDT_SQL.exists),
      keyParams(key),
    );
    return row.found;
  }

  /** Records the type `crdt/update` wrote, so `crdt/get` reads the content back as that type. */
  async declare(key: CrdtKey, type: string, contentKey: string): Promise<void> {
    await this.dataSource.query(CRDT_SQL.declare, [...keyParams(key), type, contentKey]);
  }

  /** The stored editors of a document (one, with `editorId`), each with its log folded in. */
  async read(apiKeyId: string, organizationId: string, documentId: string, editorId?: string): Promise<StoredEditor[]> {
    const filter = editorId === undefined ? '' : ' AND editor_id = $4';
    const params =
      editorId === undefined
        ? [apiKeyId, organizationId, documentId]
        : [apiKeyId, organizationId, documentId, editorId];
    const rows = await this.dataSource.query<
      Array<EditorPart & { editor_id: string; type: string | null; content_key: string | null }>
    >(
      `SELECT editor_id, part, seq, data, type, content_key, user_id, at FROM (
         SELECT editor_id, 0 AS part, 0::bigint AS seq, state AS data, type, content_key, last_updated_by AS user_id, updated_at AS at
           FROM crdt_editor WHERE api_key_id = $1 AND organization_id = $2 AND document_id = $3${filter}
         UNION ALL
         SELECT editor_id, 1, id, data, NULL, NULL, user_id, created_at
           FROM crdt_update WHERE api_key_id = $1 AND organization_id = $2 AND document_id = $3${filter}) parts
       ORDER BY editor_id, part, seq`,
      params,
    );
    const editors = new Map<string, { parts: typeof rows; type: string | null; contentKey: string | null }>();
    for (const row of rows) {
      const editor = editors.get(row.editor_id) ?? { parts: [], type: null, contentKey: null };
      editor.parts.push(row);
      editor.type ??= row.type;
      editor.contentKey ??= row.content_key;
      editors.set(row.editor_id, editor);
    }
    return [...editors].map(([id, editor]) => {
      const latest = editor.parts.reduce((a, b) => (b.at >= a.at ? b : a));
      return {
        editorId: id,
        update: mergeStored(
          { apiKeyId, organizationId, documentId, editorId: id },
          editor.parts,
          this.undecodable.reporter('read'),
        ),
        type: editor.type,
        contentKey: editor.contentKey,
        lastUpdate: latest.at,
        lastUpdatedBy: latest.user_id,
      };
    });
  }
}

/** The editor tables reference the document: a write the foreign key refuses is a missing document. */
function rethrowAsNotFound(error: unknown): never {
  throw postgresErrorCode(error) === FOREIGN_KEY_VIOLATION ? ApiError.notFound(DOCUMENT_NOT_FOUND) : error;
}

/** Velt's `crdt.update_data`, with the editor's content read as its declared (or inferred) type. */
function emitUpdate(emit: Emit, key: CrdtKey, { doc, type, contentKey, lastUserId }: FoldedEdits): void {
  const content = contentKey ?? DEFAULT_CONTENT_KEY;
  const readAs = (type as CrdtType | null) ?? inferType(doc, content);
  const crdtData = {
    id: key.editorId,
    data: readAs ? readContent(doc, readAs, content) : null,
    lastUpdatedBy: lastUserId,
    sessionId: null,
    lastUpdate: new Date().toISOString(),
  };
  emit({ trigger: 'crdt.update_data', organizationId: key.organizationId, documentId: key.documentId, crdtData });
}
