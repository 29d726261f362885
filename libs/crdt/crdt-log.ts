import * as Y from 'yjs';
import { CrdtKey } from './crdt-key';

/**
 * The write-ahead log's I/O without Nest or TypeORM: CrdtStore runs it on the API, and the bench's
 * bare Hocuspocus server runs the very same statements, so the two cannot drift apart.
 */
const KEY_WHERE = 'api_key_id = $1 AND organization_id = $2 AND document_id = $3 AND editor_id = $4';

export const CRDT_SQL = {
  /** The compacted state, then the log in order. */
  load: `SELECT part, seq, data FROM (
         SELECT 0 AS part, 0::bigint AS seq, state AS data FROM crdt_editor WHERE ${KEY_WHERE}
         UNION ALL
         SELECT 1, id, data FROM crdt_update WHERE ${KEY_WHERE}) parts
       ORDER BY part, seq`,
  /** One batch of updates ($5 data, $6 user ids), in order. */
  append: `INSERT INTO crdt_update (api_key_id, organization_id, document_id, editor_id, data, user_id)
           SELECT $1, $2, $3, $4, u.data, u.user_id FROM unnest($5::bytea[], $6::text[]) WITH ORDINALITY AS u(data, user_id, n) ORDER BY u.n`,
  createEditor: `INSERT INTO crdt_editor (api_key_id, organization_id, document_id, editor_id, state) VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING`,
  lockEditor: `SELECT state, type, content_key FROM crdt_editor WHERE ${KEY_WHERE} FOR UPDATE`,
  lockLog: `SELECT id, data, user_id, created_at FROM crdt_update WHERE ${KEY_WHERE} ORDER BY id FOR UPDATE`,
  saveState: `UPDATE crdt_editor SET state = $5, last_updated_by = CASE WHEN $6 THEN $7 ELSE last_updated_by END,
           updated_at = CASE WHEN $6 THEN now() ELSE updated_at END WHERE ${KEY_WHERE}`,
  dropLog: `DELETE FROM crdt_update WHERE ${KEY_WHERE} AND id = ANY($5::bigint[])`,
  claim: `UPDATE crdt_editor SET type = $5, content_key = $6, updated_at = now()
         WHERE ${KEY_WHERE} AND type IS NULL AND octet_length(state) <= 2
           AND NOT EXISTS (SELECT 1 FROM crdt_update WHERE ${KEY_WHERE})`,
  declare: `UPDATE crdt_editor SET type = $5, content_key = $6 WHERE ${KEY_WHERE}`,
  /** The state an editor's history starts from, when it had content before it had history. */
  historyBase: `INSERT INTO crdt_history (api_key_id, organization_id, document_id, editor_id, data, user_id, first_at, last_at)
         SELECT api_key_id, organization_id, document_id, editor_id, state, NULL, updated_at, updated_at FROM crdt_editor
          WHERE ${KEY_WHERE} AND octet_length(state) > 2 AND NOT EXISTS (SELECT 1 FROM crdt_history WHERE ${KEY_WHERE})`,
  /** Runs of one user's updates ($5 data, $6 user ids, $7 and $8 their first and last times), in order. */
  appendHistory: `INSERT INTO crdt_history (api_key_id, organization_id, document_id, editor_id, data, user_id, first_at, last_at)
         SELECT $1, $2, $3, $4, h.data, h.user_id, h.first_at, h.last_at
           FROM unnest($5::bytea[], $6::text[], $7::timestamptz[], $8::timestamptz[]) WITH ORDINALITY AS h(data, user_id, first_at, last_at, n) ORDER BY h.n`,
  /**
   * The automatic version policy of the API key ($5 and $6 its defaults): drops automatic versions past
   * their retention, and takes one when the editor's last version is older than the interval.
   */
  automaticVersion: `WITH policy AS (
           SELECT COALESCE((SELECT automatic_minutes FROM crdt_version_policy WHERE api_key_id = $1), $5::int) AS minutes,
                  COALESCE((SELECT automatic_retention_days FROM crdt_version_policy WHERE api_key_id = $1), $6::int) AS days),
         dropped AS (DELETE FROM crdt_version v USING policy
                      WHERE v.api_key_id = $1 AND v.organization_id = $2 AND v.document_id = $3 AND v.editor_id = $4
                        AND v.kind = 'automatic' AND policy.days > 0 AND v.created_at < now() - make_interval(days => policy.days))
       INSERT INTO crdt_version (api_key_id, organization_id, document_id, editor_id, kind, history_id)
       SELECT $1, $2, $3, $4, 'automatic', (SELECT max(id) FROM crdt_history WHERE ${KEY_WHERE}) FROM policy
        WHERE policy.minutes > 0
          AND NOT EXISTS (SELECT 1 FROM crdt_version WHERE ${KEY_WHERE} AND created_at > now() - make_interval(mins => policy.minutes))`,
  exists: `SELECT EXISTS (SELECT 1 FROM crdt_editor WHERE ${KEY_WHERE}) OR EXISTS (SELECT 1 FROM crdt_update WHERE ${KEY_WHERE}) AS found`,
} as const;

/** The automatic version policy of an API key that set none: a version every 30 minutes of editing, kept 30 days. */
export const CRDT_VERSION_DEFAULTS = { automaticMinutes: 30, automaticRetentionDays: 30 };

/** Yjs's encoding of a document holding nothing. */
export const EMPTY_STATE = Buffer.from(Y.encodeStateAsUpdate(new Y.Doc()));

export function keyParams(key: CrdtKey): string[] {
  return [key.apiKeyId, key.organizationId, key.documentId, key.editorId];
}

/** A stored part of an editor: its compacted state (part 0) or a logged update (part 1, `seq` its id). */
export interface StoredPart {
  part: number;
  seq: string;
  data: Buffer;
}

/** A stored part Yjs cannot decode, as logged, counted and found by `npm run crdt:repair`. */
export interface UndecodablePart {
  key: CrdtKey;
  /** `state` (crdt_editor) or `update <id>` (crdt_update). */
  where: string;
  bytes: number;
}

/** Hears of each stored part skipped because Yjs cannot decode it. */
export type OnUndecodable = (part: UndecodablePart) => void;

/**
 * Whether Yjs reads the update whole: every struct with its content, then the delete set. The sync
 * server refuses any update that does not, before storing it; loads skip stored ones that do not.
 */
export function isDecodableUpdate(update: Uint8Array): boolean {
  try {
    Y.decodeUpdate(update);
    return true;
  } catch {
    return false;
  }
}

/**
 * The parts merged into one update. A part Yjs cannot decode (written before updates were checked)
 * is skipped and reported, so the document still loads what decodes and stays editable.
 */
export function mergeStored(key: CrdtKey, parts: readonly StoredPart[], onUndecodable: OnUndecodable): Uint8Array {
  try {
    return Y.mergeUpdates(parts.map((part) => part.data));
  } catch {
    const decodable = parts.filter((part) => {
      if (isDecodableUpdate(part.data)) return true;
      onUndecodable({ key, where: whereOf(part), bytes: part.data.length });
      return false;
    });
    return Y.mergeUpdates(decodable.map((part) => part.data));
  }
}

function whereOf(part: StoredPart): string {
  return Number(part.part) === 0 ? 'state' : `update ${part.seq}`;
}

/** What a compaction folds in besides the log, and whom it tells. */
export interface CompactOptions {
  /** The sync server's in-memory state, when it holds the document (only updates already logged). */
  memoryState: Uint8Array | null;
  /** Hears of a compaction that folded logged edits in. */
  onFolded?: (folded: FoldedEdits) => void;
  /** Hears of each stored part skipped because Yjs cannot decode it (it is dropped with the log). */
  onUndecodable?: OnUndecodable;
}

/** Runs one statement on the caller's transaction and returns its rows. */
export type TransactionQuery = <T>(sql: string, params: unknown[]) => Promise<T[]>;

/** What a compaction that folded logged edits in saw: the merged document (valid only during the call), the editor's declared type, the last editor. */
export interface FoldedEdits {
  doc: Y.Doc;
  type: string | null;
  contentKey: string | null;
  lastUserId: string | null;
}

interface LogRow {
  id: string;
  data: Buffer;
  user_id: string | null;
  created_at: Date;
}

/** A history row: what one user's consecutive updates added to the document, with their delete set. */
interface HistoryRun {
  data: Buffer;
  userId: string | null;
  firstAt: Date;
  lastAt: Date;
}

/**
 * Applies the log to `doc`, one run of a user's consecutive updates at a time, and encodes each run
 * as the difference it made (Y.mergeUpdates would keep every keystroke its own struct; the document
 * merges them). Content a run inserted and deleted again is garbage-collected like the state's.
 */
function applyRuns(doc: Y.Doc, log: LogRow[]): HistoryRun[] {
  const runs: HistoryRun[] = [];
  for (let start = 0; start < log.length;) {
    let end = start;
    while (end + 1 < log.length && log[end + 1].user_id === log[start].user_id) end++;
    const before = Y.encodeStateVector(doc);
    for (let i = start; i <= end; i++) Y.applyUpdate(doc, log[i].data);
    runs.push({
      data: Buffer.from(Y.encodeStateAsUpdate(doc, before)),
      userId: log[start].user_id,
      firstAt: log[start].created_at,
      lastAt: log[end].created_at,
    });
    start = end + 1;
  }
  return runs;
}

/** Moves the log rows being folded into the editor's history, then applies the automatic version policy. */
async function keepHistory(query: TransactionQuery, params: string[], runs: HistoryRun[]): Promise<void> {
  await query(CRDT_SQL.historyBase, params);
  await query(CRDT_SQL.appendHistory, [
    ...params,
    runs.map((run) => run.data),
    runs.map((run) => run.userId),
    runs.map((run) => run.firstAt),
    runs.map((run) => run.lastAt),
  ]);
  await query(CRDT_SQL.automaticVersion, [
    ...params,
    CRDT_VERSION_DEFAULTS.automaticMinutes,
    CRDT_VERSION_DEFAULTS.automaticRetentionDays,
  ]);
}

/**
 * One compaction, on a transaction the caller opened. The editor row lock makes compactions of one
 * editor take turns; the log rows folded in are locked (so a GDPR erasure cannot clear a user id
 * this copies onto the editor), moved into the editor's history and deleted by id, so an update
 * appended meanwhile stays for the next one. The in-memory state holds only updates already logged.
 * A part Yjs cannot decode is skipped, reported and dropped with the log. Returns the state's bytes.
 */
export async function compactIn(
  query: TransactionQuery,
  key: CrdtKey,
  { memoryState, onFolded, onUndecodable }: CompactOptions,
): Promise<number> {
  const params = keyParams(key);
  await query(CRDT_SQL.createEditor, [...params, EMPTY_STATE]);
  const [row] = await query<{ state: Buffer; type: string | null; content_key: string | null }>(
    CRDT_SQL.lockEditor,
    params,
  );
  const log = await query<LogRow>(CRDT_SQL.lockLog, params);
  if (log.length === 0 && !memoryState) return row.state.length;
  const doc = new Y.Doc({ gc: true });
  const skip = (where: string, data: Buffer) => onUndecodable?.({ key, where, bytes: data.length });
  if (isDecodableUpdate(row.state)) Y.applyUpdate(doc, row.state);
  else skip('state', row.state);
  const readable = log.filter((entry) => {
    if (isDecodableUpdate(entry.data)) return true;
    skip(`update ${entry.id}`, entry.data);
    return false;
  });
  // The base row reads the state before this compaction's: it goes in first.
  if (readable.length > 0) await keepHistory(query, params, applyRuns(doc, readable));
  if (memoryState) Y.applyUpdate(doc, memoryState);
  const state = Buffer.from(Y.encodeStateAsUpdate(doc));
  const last = log.at(-1);
  if (last) onFolded?.({ doc, type: row.type, contentKey: row.content_key, lastUserId: last.user_id });
  doc.destroy();
  await query(CRDT_SQL.saveState, [...params, state, last !== undefined, last?.user_id ?? null]);
  // Exactly the rows read: a row committed since, even with a lower id, stays for the next compaction.
  if (last) await query(CRDT_SQL.dropLog, [...params, log.map((entry) => entry.id)]);
  return state.length;
}

interface PendingUpdate {
  data: Uint8Array;
  userId: string | null;
  settle: (error?: Error) => void;
}

/** Writes one editor's batch: `data` and `userIds` in order, one statement. */
export type AppendBatch = (key: CrdtKey, data: Buffer[], userIds: Array<string | null>) => Promise<void>;

/** Updates of one editor that arrive in the same event-loop turn share one INSERT. */
export class UpdateBatcher {
  private readonly pending = new Map<string, { key: CrdtKey; updates: PendingUpdate[] }>();
  private readonly ids = new WeakMap<CrdtKey, string>();

  constructor(private readonly write: AppendBatch) {}

  /** Resolves once the batch holding the update is committed, or rejects with its error. */
  append(key: CrdtKey, data: Uint8Array, userId: string | null): Promise<void> {
    const id = this.idOf(key);
    return new Promise((resolve, reject) => {
      const settle = (error?: Error) => (error ? reject(error) : resolve());
      const group = this.pending.get(id);
      if (group) {
        group.updates.push({ data, userId, settle });
        return;
      }
      this.pending.set(id, { key, updates: [{ data, userId, settle }] });
      setImmediate(() => void this.flush(id));
    });
  }

  private async flush(id: string): Promise<void> {
    const group = this.pending.get(id);
    if (!group) return;
    this.pending.delete(id);
    const { key, updates } = group;
    try {
      await this.write(
        key,
        updates.map((update) => Buffer.from(update.data)),
        updates.map((update) => update.userId),
      );
      for (const update of updates) update.settle();
    } catch (error) {
      for (const update of updates) update.settle(error as Error);
    }
  }

  /** The sync server passes one key object per loaded document, so each id is built once per document. */
  private idOf(key: CrdtKey): string {
    let id = this.ids.get(key);
    if (id === undefined) {
      id = JSON.stringify(keyParams(key));
      this.ids.set(key, id);
    }
    return id;
  }
}
