import { DataSource } from 'typeorm';
import { CrdtKey } from './crdt-key';
import { EMPTY_STATE, isDecodableUpdate, UndecodablePart } from './crdt-log';

/** Rows read per statement: logged updates are small, compacted states up to COLLAB_MAX_DOCUMENT_BYTES each. */
const UPDATE_PAGE = 500;
const STATE_PAGE = 20;

interface KeyRow {
  api_key_id: string;
  organization_id: string;
  document_id: string;
  editor_id: string;
}

const keyOf = (row: KeyRow): CrdtKey => ({
  apiKeyId: row.api_key_id,
  organizationId: row.organization_id,
  documentId: row.document_id,
  editorId: row.editor_id,
});

/**
 * `npm run crdt:repair`: finds every stored part Yjs cannot decode (written before the sync server
 * checked updates) and, unless `dryRun`, repairs it: such a logged update is deleted, such a
 * compacted state replaced by an empty one (no load could read either). Each is reported to
 * `found`; returns how many there were. Pages through the tables by key, so it runs beside live traffic.
 */
export async function repairUndecodableParts(
  dataSource: DataSource,
  { dryRun, found }: { dryRun: boolean; found: (part: UndecodablePart) => void },
): Promise<number> {
  let count = 0;
  for (let after = '0'; ;) {
    const rows = await dataSource.query<Array<KeyRow & { id: string; data: Buffer }>>(
      `SELECT id, api_key_id, organization_id, document_id, editor_id, data FROM crdt_update WHERE id > $1 ORDER BY id LIMIT ${UPDATE_PAGE}`,
      [after],
    );
    if (rows.length === 0) break;
    after = rows[rows.length - 1].id;
    const bad = rows.filter((row) => !isDecodableUpdate(row.data));
    for (const row of bad) found({ key: keyOf(row), where: `update ${row.id}`, bytes: row.data.length });
    if (bad.length > 0 && !dryRun)
      await dataSource.query('DELETE FROM crdt_update WHERE id = ANY($1::bigint[])', [bad.map((row) => row.id)]);
    count += bad.length;
  }
  for (let after = ['', '', '', '']; ;) {
    const rows = await dataSource.query<Array<KeyRow & { state: Buffer }>>(
      `SELECT api_key_id, organization_id, document_id, editor_id, state FROM crdt_editor
        WHERE (api_key_id, organization_id, document_id, editor_id) > ($1, $2, $3, $4)
        ORDER BY api_key_id, organization_id, document_id, editor_id LIMIT ${STATE_PAGE}`,
      after,
    );
    if (rows.length === 0) break;
    const last = rows[rows.length - 1];
    after = [last.api_key_id, last.organization_id, last.document_id, last.editor_id];
    for (const row of rows.filter((candidate) => !isDecodableUpdate(candidate.state))) {
      found({ key: keyOf(row), where: 'state', bytes: row.state.length });
      count += 1;
      if (dryRun) continue;
      await dataSource.query(
        `UPDATE crdt_editor SET state = $5 WHERE api_key_id = $1 AND organization_id = $2 AND document_id = $3 AND editor_id = $4 AND state = $6`,
        [row.api_key_id, row.organization_id, row.document_id, row.editor_id, EMPTY_STATE, row.state],
      );
    }
  }
  return count;
}
